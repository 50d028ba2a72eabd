import type { ReactElement } from 'react';
import listStyles from '../styles/transferList.css?inline';
import { TransferList } from '../components/TransferList/index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

const attributes = {
  pageSize: reflected('page-size', kinds.number),
  status: attributeOnly('status', kinds.text),
  type: attributeOnly('type', kinds.text),
  startDate: attributeOnly('start-date', kinds.text),
  endDate: attributeOnly('end-date', kinds.text),
  liveStatus: attributeOnly('live-status', kinds.onOff),
  headingLevel: attributeOnly('heading-level', kinds.headingLevel(5)),
  locale: attributeOnly('locale', kinds.text),
  timeZone: attributeOnly('time-zone', kinds.text),
};

let listSheet: CSSStyleSheet | undefined;

/**
 * `<payments-transfer-list>`: the transfers granted to the page, page by page, with filters and
 * each row's detail beside the list; `TransferList` as an element. Defined by
 * `payments-kit/elements/transfers`, apart from the other elements, so that pages without it do
 * not load it. Its own words: set `messages` to `transferListMessagesFr`… (with the kit's
 * catalogue on the provider), or leave them English.
 *
 * @tagName payments-transfer-list
 * @attr page-size - Rows per page, 1 to 100. Default 20.
 * @attr status - The status filter the list starts with, e.g. `pending`.
 * @attr type - The type filter the list starts with, e.g. `payout`.
 * @attr start-date - The first day the list starts with, `YYYY-MM-DD`.
 * @attr end-date - The last day the list starts with, `YYYY-MM-DD`.
 * @attr live-status - Keep rows under way live; `live-status="false"` turns it off. Default on.
 * @attr heading-level - Level of the heading, 2 to 5. Default 2.
 * @attr locale - BCP 47 locale for this element only.
 * @attr time-zone - IANA time zone for this element only.
 * @fires payments-error - A load failed; `detail` is the `PaymentsError`.
 *
 * @example
 * <payments-transfer-list page-size="50" type="payout"></payments-transfer-list>
 */
export class PaymentsTransferListElement extends PaymentsElement {
  protected static override readonly attributes = attributes;

  override connectedCallback(): void {
    super.connectedCallback();
    // The list's own rules, beside the kit's stylesheet the base class adopted, made once per page.
    const shadow = this.shadowRoot;
    if (shadow === null) return;
    if (listSheet === undefined) {
      listSheet = new CSSStyleSheet();
      listSheet.replaceSync(listStyles);
    }
    if (!shadow.adoptedStyleSheets.includes(listSheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, listSheet];
  }

  protected renderComponent(): ReactElement {
    const { status, type, startDate, endDate, liveStatus, ...props } = this.attributeValues(attributes);
    return (
      <TransferList
        {...props}
        defaultFilters={{ status, type, start_date: startDate, end_date: endDate }}
        liveStatus={liveStatus}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}
