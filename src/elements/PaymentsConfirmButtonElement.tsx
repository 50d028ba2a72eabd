import type { ReactElement } from 'react';
import { ConfirmIntentButton } from '../index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

const attributes = {
  /** Id of the payment intent, e.g. `pi_123`. */
  paymentIntentId: reflected('payment-intent-id', kinds.text),
  /** Id of the payment method to confirm it with, e.g. `pm_456`. */
  paymentMethodId: reflected('payment-method-id', kinds.text),
  /** The amount your page showed, in integer cents (`10999` for $109.99): named in the question and checked against the answer. */
  amount: reflected('amount', kinds.number),
  /** ISO 4217 currency of `amount`. Default `usd`. */
  currency: reflected('currency', kinds.text),
  /** Ask "Confirm payment of $X?" before sending. */
  requireConfirmation: reflected('require-confirmation', kinds.flag),
  /** BCP 47 locale for this element only. */
  locale: attributeOnly('locale', kinds.text),
  /** IANA time zone for this element only. */
  timeZone: attributeOnly('time-zone', kinds.text),
};

/**
 * `<payments-confirm-button>`: confirms one payment intent, exactly once, `ConfirmIntentButton`
 * as an element. Every button for one intent inside one `<payments-provider>` knows of a
 * confirm in flight: a burst of clicks on two buttons sends one request. A confirm whose answer
 * had not come when the page was reloaded is checked first with its same key ("Checking the
 * earlier payment…"), and one confirm per intent runs across the page's tabs
 * (docs/hooks.md#a-confirm-across-reloads-and-tabs). Text inside the element is the button's
 * label (default "Confirm payment").
 *
 * @tagName payments-confirm-button
 * @fires payments-confirmed - Money is moving or authorised, for the `amount` shown; `detail` is the payment intent. Never for another amount.
 * @fires payments-requires-action - The customer must act; `detail` is the payment intent. Never for another amount.
 * @fires payments-outcome - Every payment intent a confirm returned, after the events above.
 * @fires payments-error - A failed confirm, or an amount mismatch (`code` `amount_mismatch`, sent first, instead of `payments-confirmed`); `detail` is the `PaymentsError`.
 * @prop {number | undefined} amount - The amount your page showed, in integer cents (`amount`). Default: none.
 * @slot - The button's label.
 * @csspart root - The component's root.
 * @csspart button - The confirm button (and the question's buttons).
 * @csspart money - The amount in the question.
 *
 * @example
 * <payments-confirm-button payment-intent-id="pi_123" payment-method-id="pm_456" amount="10999" require-confirmation>Pay $109.99</payments-confirm-button>
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface at the end types accessors the table makes
export class PaymentsConfirmButtonElement extends PaymentsElement {
  protected static override readonly attributes = attributes;

  /** Id of the payment intent to confirm (`payment-intent-id`). */
  declare paymentIntentId: string | null;
  /** Id of the payment method to confirm it with (`payment-method-id`). */
  declare paymentMethodId: string | null;
  /** ISO 4217 currency of `amount` (`currency`). Default `usd`. */
  declare currency: string | null;
  /** Ask before sending (`require-confirmation`). Default false. */
  declare requireConfirmation: boolean;

  protected renderComponent(): ReactElement {
    const { paymentIntentId, paymentMethodId, ...props } = this.attributeValues(attributes);
    return (
      <ConfirmIntentButton
        {...props}
        paymentIntentId={paymentIntentId ?? ''}
        paymentMethodId={paymentMethodId ?? ''}
        messages={this.messages}
        onConfirmed={(intent) => this.emit('payments-confirmed', intent)}
        onRequiresAction={(intent) => this.emit('payments-requires-action', intent)}
        onOutcome={(intent) => this.emit('payments-outcome', intent)}
        onError={(error) => this.emit('payments-error', error)}
      >
        {this.hasChildNodes() ? <slot /> : undefined}
      </ConfirmIntentButton>
    );
  }
}

// Properties whose setter takes more than their getter gives: only accessor signatures say so.
// The class's accessors are made from its table (ElementBase); `@prop` above lists them in the manifest.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares accessors the base class installs
export interface PaymentsConfirmButtonElement {
  /** The amount your page showed, in integer cents (`amount`). Default: none. */
  get amount(): number | undefined;
  set amount(value: number | undefined | null);
}
