import type { ReactElement } from 'react';
import { ConfirmIntentButton } from '../index.js';
import { PaymentsElement } from './PaymentsElement.js';

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
 * @attr payment-intent-id - Id of the payment intent, e.g. `pi_123`.
 * @attr payment-method-id - Id of the payment method to confirm it with, e.g. `pm_456`.
 * @attr amount - The amount your page showed, in integer cents (`4999` for $49.99): named in the question and checked against the answer.
 * @attr currency - ISO 4217 currency of `amount`. Default `usd`.
 * @attr require-confirmation - Ask "Confirm payment of $X?" before sending.
 * @attr locale - BCP 47 locale for this element only.
 * @attr time-zone - IANA time zone for this element only.
 * @fires payments-confirmed - Money is moving or authorised; `detail` is the payment intent.
 * @fires payments-requires-action - The customer must act; `detail` is the payment intent.
 * @fires payments-outcome - Every payment intent a confirm returned.
 * @fires payments-error - A failed confirm, or an amount mismatch; `detail` is the `PaymentsError`.
 * @slot - The button's label.
 * @csspart root - The component's root.
 * @csspart button - The confirm button (and the question's buttons).
 * @csspart money - The amount in the question.
 *
 * @example
 * <payments-confirm-button payment-intent-id="pi_123" payment-method-id="pm_456" amount="4999" require-confirmation>Pay $49.99</payments-confirm-button>
 */
export class PaymentsConfirmButtonElement extends PaymentsElement {
  static get observedAttributes(): string[] {
    return ['payment-intent-id', 'payment-method-id', 'amount', 'currency', 'require-confirmation', 'locale', 'time-zone'];
  }


  /** Id of the payment intent to confirm (`payment-intent-id`). */
  get paymentIntentId(): string | null {
    return this.getAttribute('payment-intent-id');
  }
  set paymentIntentId(value: string | null) {
    this.setOrRemoveAttribute('payment-intent-id', value);
  }

  /** Id of the payment method to confirm it with (`payment-method-id`). */
  get paymentMethodId(): string | null {
    return this.getAttribute('payment-method-id');
  }
  set paymentMethodId(value: string | null) {
    this.setOrRemoveAttribute('payment-method-id', value);
  }

  /** The amount your page showed, in integer cents (`amount`). Default: none. */
  get amount(): number | undefined {
    return this.numberAttribute('amount');
  }
  set amount(value: number | undefined | null) {
    this.setOrRemoveAttribute('amount', value);
  }

  /** ISO 4217 currency of `amount` (`currency`). Default `usd`. */
  get currency(): string | null {
    return this.getAttribute('currency');
  }
  set currency(value: string | null) {
    this.setOrRemoveAttribute('currency', value);
  }

  /** Ask before sending (`require-confirmation`). Default false. */
  get requireConfirmation(): boolean {
    return this.booleanAttribute('require-confirmation') ?? false;
  }
  set requireConfirmation(value: boolean) {
    this.setBooleanAttribute('require-confirmation', value || undefined);
  }

  protected renderComponent(): ReactElement {
    return (
      <ConfirmIntentButton
        paymentIntentId={this.paymentIntentId ?? ''}
        paymentMethodId={this.paymentMethodId ?? ''}
        amount={this.amount}
        currency={this.currency ?? undefined}
        requireConfirmation={this.requireConfirmation}
        locale={this.stringAttribute('locale')}
        timeZone={this.stringAttribute('time-zone')}
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
