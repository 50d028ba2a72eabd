import type { ReactElement } from 'react';
import type { TransferResource } from '../api/index.js';
import type { TransferFilters } from '../client/transferQueries.js';
import listStyles from '../styles/transferList.css?inline';
import { TransferList, type TransferListMessageOverrides } from '../components/TransferList/index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

const attributes = {
  /** Rows per page, 1 to 100 (the API's limit). Default 20. */
  pageSize: reflected('page-size', kinds.number),
  /** The status filter the list starts with, e.g. `pending`. */
  status: attributeOnly('status', kinds.text),
  /** The type filter the list starts with, e.g. `payout`. */
  type: attributeOnly('type', kinds.text),
  /** The first day the list starts with, `YYYY-MM-DD`, a day of the element's time zone. */
  startDate: attributeOnly('start-date', kinds.text),
  /** The last day the list starts with (included), `YYYY-MM-DD`, a day of the element's time zone. */
  endDate: attributeOnly('end-date', kinds.text),
  /** Keep rows under way live; `live-status="false"` turns it off. Default on. */
  liveStatus: attributeOnly('live-status', kinds.onOff),
  /** Level of the list's heading, 2 to 5 (the detail's is the next). Default 2. */
  headingLevel: attributeOnly('heading-level', kinds.headingLevel(5)),
  /** BCP 47 locale for this element only. */
  locale: attributeOnly('locale', kinds.text),
  /** IANA time zone for this element only: the dates shown, and the days the date filters cover. */
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
 * The filter attributes are the filters the list starts with: changing one starts the list again
 * with the new filters, at its first page. The user's own changes are sent as
 * `payments-filters-change`.
 *
 * @tagName payments-transfer-list
 * @prop {number | undefined} pageSize - Rows per page (`page-size`), 1 to 100. Default 20.
 * @fires payments-error - A load failed; `detail` is the `PaymentsError`.
 * @fires payments-open-transfer - The user opened a row's detail; `detail` is the transfer as its row showed it.
 * @fires payments-filters-change - The user changed a filter; `detail` holds every filter, under the API's names (`status`, `type`, `start_date`, `end_date`).
 * @csspart root - The list.
 * @csspart badge - A status badge.
 * @csspart money - An amount.
 * @csspart field - A value of the open detail.
 * @csspart button - A pager, filter or detail button, or "Try again".
 *
 * @example
 * <payments-transfer-list page-size="50" type="payout"></payments-transfer-list>
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface at the end types the list's words on `messages`
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
    const filters: TransferFilters = { status, type, start_date: startDate, end_date: endDate };
    return (
      <TransferList
        {...props}
        // The list reads its filters once: new filter attributes start a new list.
        key={JSON.stringify(filters)}
        defaultFilters={filters}
        liveStatus={liveStatus}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
        onOpenTransfer={(transfer) => this.emit('payments-open-transfer', transfer)}
        onFiltersChange={(next) => this.emit('payments-filters-change', next)}
      />
    );
  }
}

// Accessors whose setter takes more than their getter gives, and `messages`, which also takes the
// list's own words (`transferListMessagesFr`) beside the kit's: only accessor signatures say so.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares accessors the base classes install
export interface PaymentsTransferListElement {
  /** Rows per page (`page-size`), 1 to 100; `null` removes the attribute (20). */
  get pageSize(): number | undefined;
  set pageSize(value: number | undefined | null);
  /** Words for this element only, merged over the provider's: the kit's catalogue and the list's own. */
  get messages(): TransferListMessageOverrides | undefined;
  set messages(value: TransferListMessageOverrides | undefined);
}

// The list's events join the kit's where this entry is imported: typed listeners on any element.
declare module './events.js' {
  interface PaymentsElementEventMap {
    /** The user opened a row's detail; `detail` is the transfer as its row showed it. */
    'payments-open-transfer': CustomEvent<TransferResource>;
    /** The user changed a filter; `detail` holds every filter, under the API's names. */
    'payments-filters-change': CustomEvent<TransferFilters>;
  }
}
