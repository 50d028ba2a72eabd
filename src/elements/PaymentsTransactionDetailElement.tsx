import type { ReactElement } from 'react';
import { TransactionDetail, type LiveStatusOptions, type TransactionGeneration } from '../index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

const attributes = {
  /** Id of the transaction, e.g. `1001` (an integer for `legacy`). */
  transactionId: reflected('transaction-id', kinds.text),
  /** `v2` (default) or `legacy`. */
  generation: reflected('generation', kinds.oneOf<TransactionGeneration>()),
  // Its property is written out below: it also takes options, which no attribute holds.
  /** Keep a transfer under way live; `live-status="false"` turns it off. Default on. */
  liveStatus: attributeOnly('live-status', kinds.onOff),
  /** Level of the heading, 2 to 5. Default 2. */
  headingLevel: attributeOnly('heading-level', kinds.headingLevel(5)),
  /** BCP 47 locale for this element only. */
  locale: attributeOnly('locale', kinds.text),
  /** IANA time zone for this element only. */
  timeZone: attributeOnly('time-zone', kinds.text),
};

/**
 * `<payments-transaction-detail>`: one transaction, `TransactionDetail` as an element. Shows
 * loading, the transaction, not found, or an error with "Try again"; keeps a transfer under way
 * live.
 *
 * @tagName payments-transaction-detail
 * @fires payments-error - A load failed; `detail` is the `PaymentsError`.
 * @csspart root - The card.
 * @csspart badge - The status badge.
 * @csspart money - An amount.
 * @csspart field - A row of the card.
 * @csspart table - The receipt table (legacy).
 * @csspart button - "Try again".
 *
 * @example
 * <payments-transaction-detail transaction-id="1001"></payments-transaction-detail>
 */
export class PaymentsTransactionDetailElement extends PaymentsElement {
  protected static override readonly attributes = attributes;

  #liveStatusOptions: LiveStatusOptions | undefined;

  /** Id of the transaction to show (`transaction-id`). */
  declare transactionId: string | null;
  /** Which generation of the API to read (`generation`): `v2` (default) or `legacy`. */
  declare generation: TransactionGeneration | null;

  /** Keep a transfer under way live (`live-status`), or options to tune it. Default on. */
  get liveStatus(): boolean | LiveStatusOptions | undefined {
    return this.#liveStatusOptions ?? this.attributeValues(attributes).liveStatus;
  }
  set liveStatus(value: boolean | LiveStatusOptions | undefined) {
    this.#liveStatusOptions = typeof value === 'object' ? value : undefined;
    if (typeof value === 'object') this.requestRender();
    else this.setOrRemoveAttribute('live-status', kinds.onOff.write(value));
  }

  protected renderComponent(): ReactElement {
    const { transactionId, ...props } = this.attributeValues(attributes);
    return (
      <TransactionDetail
        {...props}
        transactionId={transactionId ?? ''}
        liveStatus={this.liveStatus}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}
