// payments-kit/elements: the four components as custom elements, for hosts in any framework or
// none (docs/elements.md). Importing this module defines them; in Node it defines nothing.
import { definePaymentsElements } from './define.js';
import type { PaymentsConfirmButtonElement } from './PaymentsConfirmButtonElement.js';
import type { PaymentsElementEventMap } from './events.js';
import type { PaymentsFlowLauncherElement } from './PaymentsFlowLauncherElement.js';
import type { PaymentsProviderElement } from './PaymentsProviderElement.js';
import type { PaymentsTransactionDetailElement } from './PaymentsTransactionDetailElement.js';
import type { PaymentsVolumeCardElement } from './PaymentsVolumeCardElement.js';

definePaymentsElements();

export { definePaymentsElements, paymentsElements } from './define.js';
export { PaymentsProviderElement } from './PaymentsProviderElement.js';
export { PaymentsTransactionDetailElement } from './PaymentsTransactionDetailElement.js';
export { PaymentsConfirmButtonElement } from './PaymentsConfirmButtonElement.js';
export { PaymentsFlowLauncherElement } from './PaymentsFlowLauncherElement.js';
export { PaymentsVolumeCardElement } from './PaymentsVolumeCardElement.js';
export type { PaymentsElementEventMap, StepCompletedDetail, FlowMessageDetail } from './events.js';

declare global {
  interface HTMLElementTagNameMap {
    'payments-provider': PaymentsProviderElement;
    'payments-transaction-detail': PaymentsTransactionDetailElement;
    'payments-confirm-button': PaymentsConfirmButtonElement;
    'payments-flow-launcher': PaymentsFlowLauncherElement;
    'payments-volume-card': PaymentsVolumeCardElement;
  }
  // Typed listeners on any element, on document and on window: the events bubble and are
  // composed, so a host listens where it likes (`document.addEventListener('payments-confirmed', …)`).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends PaymentsElementEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends PaymentsElementEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WindowEventMap extends PaymentsElementEventMap {}
}
