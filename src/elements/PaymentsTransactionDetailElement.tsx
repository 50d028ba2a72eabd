import type { ReactElement } from 'react';
import { TransactionDetail, type LiveStatusOptions, type TransactionGeneration } from '../index.js';
import { PaymentsElement } from './PaymentsElement.js';

/**
 * `<payments-transaction-detail>`: one transaction, `TransactionDetail` as an element. Shows
 * loading, the transaction, not found, or an error with "Try again"; keeps a transfer under way
 * live.
 *
 * @tagName payments-transaction-detail
 * @attr transaction-id - Id of the transaction, e.g. `1001` (an integer for `legacy`).
 * @attr generation - `v2` (default) or `legacy`.
 * @attr live-status - Keep a transfer under way live; `live-status="false"` turns it off. Default on.
 * @attr heading-level - Level of the heading, 2 to 5. Default 2.
 * @attr locale - BCP 47 locale for this element only.
 * @attr time-zone - IANA time zone for this element only.
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
  static get observedAttributes(): string[] {
    return ['transaction-id', 'generation', 'live-status', 'heading-level', 'locale', 'time-zone'];
  }

  #liveStatusOptions: LiveStatusOptions | undefined;

  /** Id of the transaction to show (`transaction-id`). */
  get transactionId(): string | null {
    return this.getAttribute('transaction-id');
  }
  set transactionId(value: string | null) {
    this.setOrRemoveAttribute('transaction-id', value);
  }

  /** Which generation of the API to read (`generation`): `v2` (default) or `legacy`. */
  get generation(): TransactionGeneration | null {
    return this.getAttribute('generation') as TransactionGeneration | null;
  }
  set generation(value: TransactionGeneration | null) {
    this.setOrRemoveAttribute('generation', value);
  }

  /** Keep a transfer under way live (`live-status`), or options to tune it. Default on. */
  get liveStatus(): boolean | LiveStatusOptions | undefined {
    return this.#liveStatusOptions ?? this.booleanAttribute('live-status');
  }
  set liveStatus(value: boolean | LiveStatusOptions | undefined) {
    this.#liveStatusOptions = typeof value === 'object' ? value : undefined;
    if (typeof value === 'object') this.requestRender();
    else this.setBooleanAttribute('live-status', value);
  }

  protected renderComponent(): ReactElement {
    return (
      <TransactionDetail
        transactionId={this.transactionId ?? ''}
        generation={this.generation ?? undefined}
        liveStatus={this.liveStatus}
        headingLevel={this.headingLevelAttribute(5)}
        locale={this.stringAttribute('locale')}
        timeZone={this.stringAttribute('time-zone')}
        messages={this.messages}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}
