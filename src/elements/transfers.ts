// payments-kit/elements/transfers: `<payments-transfer-list>`, defined apart from the other
// elements (payments-kit/elements) so that their bundle does not grow. Importing this module
// defines it; in Node it defines nothing. Import payments-kit/elements too for `<payments-provider>`.
import { PaymentsTransferListElement } from './PaymentsTransferListElement.js';

if (typeof customElements !== 'undefined' && customElements.get('payments-transfer-list') === undefined) {
  customElements.define('payments-transfer-list', PaymentsTransferListElement);
}

export { PaymentsTransferListElement } from './PaymentsTransferListElement.js';

declare global {
  interface HTMLElementTagNameMap {
    'payments-transfer-list': PaymentsTransferListElement;
  }
}
