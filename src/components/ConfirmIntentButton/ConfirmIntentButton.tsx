'use client';
import { useId, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { PaymentIntent, PaymentsError } from '../../api/index.js';
import { confirmOutcome } from '../headless/confirmOutcome.js';
import { useConfirmIntent, type ConfirmIntentState } from '../headless/useConfirmIntent.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { cx } from '../shared/cx.js';
import { focusIsLost, useFocusAfterAction } from '../shared/useFocusAfterAction.js';
import { formatMessage } from '../shared/formatMessage.js';
import { formatMoney } from '../shared/money/formatMoney.js';
import type { MessageOverrides } from '../messages/types.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { defaultMessages } from './defaultMessages.js';
import { useConfirmAnswer } from './useConfirmAnswer.js';

/** Props of {@link ConfirmIntentButton}. */
export interface ConfirmIntentButtonProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError'> {
  /** Id of the payment intent to confirm, e.g. `pi_123` (1–64 letters, digits, `_` or `-`). */
  paymentIntentId: string;
  /** Id of the payment method to confirm it with, e.g. `pm_456`. */
  paymentMethodId: string;
  /**
   * Called once per confirm whose answer says money is moving or authorised: status
   * `succeeded`, `processing` or `requires_capture`, or no status at all (the API accepted the
   * confirm without naming one), for the `amount` the page showed. A confirm
   * for another amount calls `onError` (`amount_mismatch`) instead, never this.
   */
  onConfirmed?: ((intent: PaymentIntent) => void) | undefined;
  /**
   * Called once per confirm answered with `requires_action`: the customer must act (e.g. 3-D
   * Secure). Not for another amount than `amount`: `onError` (`amount_mismatch`) instead.
   */
  onRequiresAction?: ((intent: PaymentIntent) => void) | undefined;
  /** Called with every payment intent a confirm returned, whatever its status (after the two above). */
  onOutcome?: ((intent: PaymentIntent) => void) | undefined;
  /** Called once per failed request with the typed error (network, timeout, http, invalid_request…). */
  onError?: ((error: PaymentsError) => void) | undefined;
  /**
   * Ask "Confirm payment of $X?" before sending: a second, explicit step against click-jacking
   * and slips. The question appears where the button was, so a double click cannot answer it.
   */
  requireConfirmation?: boolean | undefined;
  /**
   * The amount your page showed the user, in integer cents: named in the confirmation question
   * ("Confirm payment of $49.99?" for `4999`) and checked against the amount of the intent the
   * API confirmed. When they differ, the component says so (`data-state="amount-mismatch"`, a
   * warning naming both amounts), calls `onError` with code `amount_mismatch` first, then
   * `onOutcome` (the confirm did happen), and never `onConfirmed` or `onRequiresAction`: a
   * checkout that moves on when told "confirmed" stays put. In development it logs both
   * amounts. Never sent.
   * Default: none (the question names no amount and nothing is compared).
   */
  amount?: number | undefined;
  /** ISO 4217 currency of `amount`, any case. Default `usd`, the only currency the API allows. */
  currency?: string | undefined;
  /** Label of the button. Default: `messages.confirmButton` ("Confirm payment"). */
  children?: ReactNode;
  /** BCP 47 locale for this component only (overrides the provider's). */
  locale?: string | undefined;
  /** IANA time zone for this component only (overrides the provider's). */
  timeZone?: string | undefined;
  /** Message overrides for this component only (merged over the provider's). */
  messages?: MessageOverrides | undefined;
}

/** The root's `data-state` for each hook state: the stable names host CSS matches on (docs/components.md). */
const dataStates: Partial<Record<ConfirmIntentState, string>> = { prompt: 'idle', failed: 'error', 'not-confirmed': 'idle' };

/**
 * A button that confirms a payment intent and shows the status it ends in
 * (docs/api.md#confirm-a-payment-intent).
 *
 * A view over `useConfirmIntent`, which holds all of its behaviour. Confirm moves money, so
 * (docs/api.md#idempotency):
 * - one confirm per payment intent across the page: a confirm in flight lives in the
 *   `QueryClient`'s mutation cache, so every button for that intent (a second one elsewhere, one
 *   remounted) shows it as confirming and cannot send another; rapid clicks, Enter/Space repeats
 *   and StrictMode double effects never send twice; nothing is sent during render or in an effect;
 * - each user action gets a new `Idempotency-Key` (UUID v4); retrying a request whose outcome is
 *   unknown (no answer, or one `isRetryableError` accepts) re-sends the SAME
 *   variables with the SAME key so the proxy deduplicates; while the outcome is unknown, no new
 *   action is offered; nothing is re-sent without the user pressing "Try again", not even after a
 *   429 whose `Retry-After` has passed (it is shown as "too many requests");
 * - after a definitive answer, a new action (new key) is offered only where it makes sense:
 *   `failed`, `requires_payment_method` and the not-yet-confirmed statuses. After
 *   `requires_action` the intent is confirmed and waits on the customer: the button says so and
 *   what happens next, and offers no second confirm (handle the step in `onRequiresAction`).
 * - a confirm whose answer is not known survives a reload of the page: the button comes back
 *   "Checking the earlier payment…" (`data-state="recovering"`) and sends it again with its same
 *   key before offering anything, and another tab confirming the same intent shows here as
 *   confirming, then its outcome (docs/hooks.md#a-confirm-across-reloads-and-tabs). One sent with
 *   another payment method is not sent unasked: the button says the payment may have gone
 *   through and offers only "Try again", which re-sends that confirm;
 * - once money moved or may have, a button for another payment method of the same intent shows
 *   that outcome too, and offers no confirm of its own.
 * On success the kit's transaction and volume queries are invalidated. The callbacks report the
 * confirms this button started, while it is mounted. A confirm the API refuses with one of its
 * documented codes says what it means in the button's language (`user-info-missing-card`: "Your
 * card details are missing"), your own `errorTitles` / `errorDescriptions` for the code first
 * (docs/api.md#errors).
 *
 * @example
 * <ConfirmIntentButton paymentIntentId="pi_123" paymentMethodId="pm_456" amount={4999} requireConfirmation
 *                      onConfirmed={(intent) => showReceipt(intent)} onRequiresAction={(intent) => authenticate(intent)} />
 */
export function ConfirmIntentButton({
  paymentIntentId,
  paymentMethodId,
  onConfirmed,
  onRequiresAction,
  onOutcome,
  onError,
  requireConfirmation = false,
  amount,
  currency,
  children,
  locale: localeProp,
  timeZone,
  messages: messageOverrides,
  className,
  ...rest
}: ConfirmIntentButtonProps) {
  const ui = { locale: localeProp, timeZone, messages: messageOverrides };
  const { locale, messages, theme, language } = usePaymentsUI('ConfirmIntentButton', defaultMessages, ui);
  const answer = useConfirmAnswer();
  const confirm = useConfirmIntent({
    paymentIntentId,
    paymentMethodId,
    requireConfirmation,
    amount,
    currency,
    locale,
    onConfirmed,
    onRequiresAction,
    onOutcome,
    onError,
  });
  const { state, intent, error, mismatch } = confirm;

  const rootRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const promptId = useId();

  // Runs a user's action, saying where focus goes once the component shows its result.
  const press = useFocusAfterAction(state, state !== 'confirming');
  const focusCancel = () => cancelRef.current?.focus();
  const focusPrimary = () => primaryRef.current?.focus();
  // The result, unless the user moved on: a button it offers, else the result itself.
  const focusResult = () => {
    const root = rootRef.current;
    if (root && focusIsLost(root)) (root.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? resultRef.current)?.focus();
  };

  // Checking the earlier payment is a confirm in flight too: nothing can be started meanwhile.
  const confirming = state === 'confirming' || state === 'recovering';
  const pendingWords = state === 'recovering' ? messages.confirmRecovering : messages.confirmPending;
  const outcome = intent === undefined ? undefined : confirmOutcome(intent.status);
  // Without its answer view the button could not show what a confirm did: it offers none.
  const offersAction = state === 'idle' || state === 'prompt' || confirm.canStart;
  const showPrimary = confirming || (offersAction && !answer.failed);

  let question = messages.confirmPromptNoAmount;
  if (amount !== undefined) {
    try {
      question = formatMessage(messages.confirmPrompt, { amount: formatMoney(amount, { locale, currency }) });
    } catch {
      // An amount the kit refuses to round is not shown at all rather than shown wrong.
    }
  }

  const dataState = dataStates[state] ?? state;

  return (
    <div
      ref={rootRef}
      className={cx('pk-root', 'pk-confirm', className)}
      data-state={dataState}
      data-pk-theme={theme}
      {...language}
      // Busy too while its answer view loads: what it will show of an answer is not there yet.
      aria-busy={confirming || !(answer.view || answer.failed) ? true : undefined}
      {...rest}
    >
      {answer.view ? (
        <answer.view.ConfirmAnswer
          intent={intent}
          error={error}
          mismatch={mismatch}
          canRetry={confirm.canRetry}
          pending={confirming ? pendingWords : undefined}
          onRetry={() => { press(focusResult, confirm.retry); }}
          resultRef={resultRef}
          locale={locale}
          messages={messageOverrides}
        />
      ) : (
        <LiveRegion>{confirming ? pendingWords : ''}</LiveRegion>
      )}
      {answer.failed && !confirming ? (
        <div className="pk-state pk-error" role="alert" data-state="error" data-kind="network">
          {offersAction ? <p className="pk-state__title pk-error__title">{messages.notStartedTitle}</p> : null}
          <p className="pk-state__message pk-error__message">{messages.sessionExpiredDescription}</p>
        </div>
      ) : null}
      {state === 'prompt' && !answer.failed ? (
        <div className="pk-confirm__prompt" role="group" aria-labelledby={promptId}>
          <p id={promptId} className="pk-confirm__question">
            {question}
          </p>
          <div className="pk-actions">
            <button type="button" className="pk-button" data-variant="primary" onClick={() => { press(focusResult, confirm.accept); }}>
              {messages.confirmAccept}
            </button>
            <button ref={cancelRef} type="button" className="pk-button" data-variant="secondary" onClick={() => { press(focusPrimary, confirm.cancel); }}>
              {messages.confirmCancel}
            </button>
          </div>
        </div>
      ) : showPrimary ? (
        <div className="pk-actions">
          <button
            ref={primaryRef}
            type="button"
            className="pk-button"
            data-variant="primary"
            data-state={confirming ? 'pending' : 'idle'}
            disabled={confirming}
            // As the root: a press now would be answered before what shows the answer is there.
            aria-busy={confirming || !(answer.view || answer.failed) ? true : undefined}
            onClick={() => { press(requireConfirmation ? focusCancel : focusResult, confirm.start); }}
          >
            {confirming
              ? pendingWords
              : outcome?.state === 'failed'
                ? messages.retry
                : (children ?? messages.confirmButton)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
