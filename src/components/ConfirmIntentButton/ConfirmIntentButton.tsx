'use client';
import { useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { PaymentsError, isPaymentsError, type PaymentIntent } from '../../api/index.js';
import { useConfirmPaymentIntent } from '../../client/index.js';
import { ErrorState } from '../shared/ErrorState.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { Money } from '../shared/Money.js';
import { StatusBadge } from '../shared/StatusBadge.js';
import { callSafely } from '../shared/callSafely.js';
import { cx } from '../shared/cx.js';
import { formatMessage } from '../shared/formatMessage.js';
import { formatMoney } from '../shared/formatMoney.js';
import type { MessageOverrides } from '../shared/messages/types.js';
import { statusTone } from '../shared/statusTone.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { defaultMessages } from './defaultMessages.js';
import { confirmOutcome, isOutcomeUnknown } from './confirmOutcome.js';
import { newIdempotencyKey } from './newIdempotencyKey.js';

/** Props of {@link ConfirmIntentButton}. */
export interface ConfirmIntentButtonProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError'> {
  /** Id of the payment intent to confirm, e.g. `pi_123` (1–64 letters, digits, `_` or `-`). */
  paymentIntentId: string;
  /** Id of the payment method to confirm it with, e.g. `pm_456`. */
  paymentMethodId: string;
  /**
   * Called once per confirm whose answer says money is moving or authorised: status
   * `succeeded`, `processing` or `requires_capture`.
   */
  onConfirmed?: ((intent: PaymentIntent) => void) | undefined;
  /** Called once per confirm answered with `requires_action`: the customer must act (e.g. 3-D Secure). */
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
   * warning naming both amounts), calls `onError` with code `amount_mismatch` (after
   * `onConfirmed`: the confirm did happen) and, in development, logs both amounts. Never sent.
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

/** One user action: the variables of the request, with its key. Retrying it sends exactly these. */
interface Attempt {
  paymentIntentId: string;
  paymentMethodId: string;
  idempotencyKey: string;
}

type Phase =
  | { name: 'idle' }
  | { name: 'prompt'; target: string }
  | { name: 'confirming'; attempt: Attempt }
  | { name: 'outcome'; attempt: Attempt; intent: PaymentIntent }
  | { name: 'failed'; attempt: Attempt; error: PaymentsError };

type FocusTarget = 'cancel' | 'primary' | 'settled';

const targetOf = (paymentIntentId: string, paymentMethodId: string) => `${paymentIntentId}\u0000${paymentMethodId}`;

/**
 * A button that confirms a payment intent and shows the status it ends in
 * (docs/api.md#confirm-a-payment-intent).
 *
 * Confirm moves money, so (docs/api.md#idempotency):
 * - exactly one request per user action: a ref guard set synchronously in the click handler, not
 *   only the disabled state (which lags a render behind), so rapid clicks, Enter/Space repeats
 *   and StrictMode double effects never send twice; nothing is sent during render or in an effect;
 * - each user action gets a new `Idempotency-Key` (UUID v4); retrying a request whose outcome is
 *   unknown (network, timeout, 408/425/429/5xx, 409 `idempotency_key_in_use`) re-sends the SAME
 *   variables with the SAME key so the proxy deduplicates; while the outcome is unknown, no new
 *   action is offered;
 * - after a definitive answer, a new action (new key) is offered only where it makes sense:
 *   `requires_action`, `failed`, `requires_payment_method` and the not-yet-confirmed statuses.
 * On success the kit's transaction and volume queries are invalidated (`useConfirmPaymentIntent`).
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
  const { locale, messages, theme } = usePaymentsUI('ConfirmIntentButton', defaultMessages, {
    locale: localeProp,
    timeZone,
    messages: messageOverrides,
  });
  const { mutateAsync } = useConfirmPaymentIntent();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });

  // The one-request guard. A ref, because two clicks in the same frame both run before React
  // re-renders the button as disabled.
  const inFlight = useRef(false);
  const mounted = useRef(false);
  const focusNext = useRef<FocusTarget | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onConfirmed, onRequiresAction, onOutcome, onError });
  const promptId = useId();

  useEffect(() => {
    callbacks.current = { onConfirmed, onRequiresAction, onOutcome, onError };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Focus follows the action, so keyboard and screen reader users are never dropped on <body>
  // when the button they pressed disappears or becomes disabled.
  useEffect(() => {
    const target = focusNext.current;
    if (target === null || phase.name === 'confirming') return;
    focusNext.current = null;
    const root = rootRef.current;
    if (!root) return;
    if (target === 'cancel') {
      cancelRef.current?.focus();
    } else if (target === 'primary') {
      primaryRef.current?.focus();
    } else {
      // Only take focus back if it was lost with the pressed button, not if the user moved on.
      const active = root.ownerDocument.activeElement;
      if (active !== null && active !== root.ownerDocument.body && !root.contains(active)) return;
      const button = root.querySelector<HTMLButtonElement>('button:not(:disabled)');
      (button ?? resultRef.current)?.focus();
    }
  }, [phase]);

  const target = targetOf(paymentIntentId, paymentMethodId);
  // A result belongs to the ids it was for: new ids (another intent, another payment method)
  // start from idle, and a retry can never send a key with a different body (409, proxy).
  const view: Phase =
    phase.name === 'idle' || phase.name === 'confirming'
      ? phase
      : (phase.name === 'prompt' ? phase.target : targetOf(phase.attempt.paymentIntentId, phase.attempt.paymentMethodId)) ===
          target
        ? phase
        : { name: 'idle' };

  function send(attempt: Attempt): void {
    if (inFlight.current) return;
    inFlight.current = true;
    focusNext.current = 'settled';
    setPhase({ name: 'confirming', attempt });
    mutateAsync(attempt).then(
      (intent) => {
        inFlight.current = false;
        if (!mounted.current) return; // a late answer after unmount is ignored: no state update, no callback
        setPhase({ name: 'outcome', attempt, intent });
        const { callback } = confirmOutcome(intent.status);
        if (callback) callSafely(() => callbacks.current[callback]?.(intent));
        callSafely(() => callbacks.current.onOutcome?.(intent));
        const mismatch = amountMismatch(intent, amount, currency, locale);
        if (mismatch) {
          if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') {
            console.error(`payments-kit: <ConfirmIntentButton> showed ${mismatch.shown}, but payment intent ${intent.id} was confirmed for ${mismatch.confirmed}.`);
          }
          callSafely(() => callbacks.current.onError?.(mismatch.error));
        }
      },
      (error: unknown) => {
        inFlight.current = false;
        if (!mounted.current) return;
        const typed = toPaymentsError(error);
        setPhase({ name: 'failed', attempt, error: typed });
        callSafely(() => callbacks.current.onError?.(typed));
      },
    );
  }

  /** A new user action: a new key, after the explicit question when one is required. */
  function startAction(): void {
    if (inFlight.current) return;
    if (requireConfirmation) {
      focusNext.current = 'cancel';
      setPhase({ name: 'prompt', target });
      return;
    }
    send({ paymentIntentId, paymentMethodId, idempotencyKey: newIdempotencyKey() });
  }

  function accept(): void {
    send({ paymentIntentId, paymentMethodId, idempotencyKey: newIdempotencyKey() });
  }

  function cancel(): void {
    focusNext.current = 'primary';
    setPhase({ name: 'idle' });
  }

  const confirming = view.name === 'confirming';
  const outcome = view.name === 'outcome' ? confirmOutcome(view.intent.status) : undefined;
  const mismatch = view.name === 'outcome' ? amountMismatch(view.intent, amount, currency, locale) : undefined;
  const failedRetryable = view.name === 'failed' && isOutcomeUnknown(view.error);
  // After an amount that differs from the one shown, no new action: the user must look first.
  const showPrimary =
    view.name === 'idle' || view.name === 'confirming' || (outcome !== undefined && outcome.allowsNewAction && !mismatch);

  let announcement = '';
  if (confirming) announcement = messages.confirmPending;
  else if (view.name === 'outcome') {
    announcement = formatMessage(messages.confirmResult, {
      status: statusTone('paymentIntent', view.intent.status, messages).label,
    });
  }

  let question = messages.confirmPromptNoAmount;
  if (amount !== undefined) {
    try {
      question = formatMessage(messages.confirmPrompt, { amount: formatMoney(amount, { locale, currency }) });
    } catch {
      // An amount the kit refuses to round is not shown at all rather than shown wrong.
    }
  }

  const dataState = confirming
    ? 'confirming'
    : view.name === 'failed'
      ? 'error'
      : mismatch
        ? 'amount-mismatch'
        : outcome
          ? outcome.state
          : 'idle';
  const explanation = outcome?.explanation === undefined ? undefined : messages[outcome.explanation];

  return (
    <div
      ref={rootRef}
      className={cx('pk-root', 'pk-confirm', className)}
      data-state={dataState}
      data-pk-theme={theme}
      aria-busy={confirming ? true : undefined}
      {...rest}
    >
      <LiveRegion>{announcement}</LiveRegion>
      {view.name === 'outcome' && outcome ? (
        <div ref={resultRef} className="pk-confirm__result" tabIndex={-1}>
          <p className="pk-confirm__status">
            <StatusBadge kind="paymentIntent" status={view.intent.status} messages={messages} />
            <Money amount={view.intent.amount} currency={view.intent.currency} locale={locale} messages={messages} />
          </p>
          {mismatch ? (
            <p className="pk-notice" data-tone="danger" role="alert">
              {formatMessage(messages.confirmAmountMismatch, { confirmed: mismatch.confirmed, shown: mismatch.shown })}
            </p>
          ) : typeof explanation === 'string' ? (
            <p className="pk-notice" data-tone={outcome.tone}>
              {explanation}
            </p>
          ) : null}
        </div>
      ) : null}
      {view.name === 'failed' ? (
        <>
          <ErrorState
            kind={view.error.kind}
            requestId={view.error.requestId}
            messages={{
              ...messages,
              // One sentence under the title, saying what is true of *this* payment: it may have
              // gone through and retrying is safe, or the API refused it. The generic
              // descriptions ("check your connection, then try again") would say it twice.
              errorDescriptions: failedRetryable
                ? { ...messages.errorDescriptions, [view.error.kind]: messages.confirmOutcomeUnknown }
                : view.error.kind === 'http'
                  ? { ...messages.errorDescriptions, http: messages.confirmRefused }
                  : messages.errorDescriptions,
            }}
          />
          {failedRetryable ? (
            <div className="pk-actions">
              <button
                type="button"
                className="pk-button"
                data-variant="primary"
                onClick={() => {
                  send(view.attempt); // same variables, SAME key: deduplicated upstream
                }}
              >
                {messages.retry}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
      {view.name === 'prompt' ? (
        <div className="pk-confirm__prompt" role="group" aria-labelledby={promptId}>
          <p id={promptId} className="pk-confirm__question">
            {question}
          </p>
          <div className="pk-actions">
            <button type="button" className="pk-button" data-variant="primary" onClick={accept}>
              {messages.confirmAccept}
            </button>
            <button ref={cancelRef} type="button" className="pk-button" data-variant="secondary" onClick={cancel}>
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
            aria-busy={confirming ? true : undefined}
            onClick={startAction}
          >
            {confirming
              ? messages.confirmPending
              : outcome?.state === 'error'
                ? messages.retry
                : (children ?? messages.confirmButton)}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The confirmed intent's amount against the one the page showed (`amount`, `currency`), both
 * formatted, with the error `onError` gets; undefined when they agree or nothing was shown.
 */
function amountMismatch(
  intent: PaymentIntent,
  amount: number | undefined,
  currency: string | undefined,
  locale: string,
): { confirmed: string; shown: string; error: PaymentsError } | undefined {
  if (amount === undefined) return undefined;
  const shownCurrency = (currency ?? 'usd').toLowerCase();
  if (intent.amount === amount && intent.currency.toLowerCase() === shownCurrency) return undefined;
  const format = (value: number, code: string) => {
    try {
      return formatMoney(value, { locale, currency: code });
    } catch {
      return `${String(value)} ${code.toUpperCase()}`;
    }
  };
  const confirmed = format(intent.amount, intent.currency);
  const shown = format(amount, shownCurrency);
  return {
    confirmed,
    shown,
    error: new PaymentsError({
      kind: 'invalid_response',
      code: 'amount_mismatch',
      operation: 'confirmPaymentIntent',
      message: `Payment intent ${intent.id} was confirmed for ${confirmed}, not the ${shown} shown.`,
    }),
  };
}

function toPaymentsError(error: unknown): PaymentsError {
  if (isPaymentsError(error)) return error;
  return new PaymentsError({
    kind: 'network',
    operation: 'confirmPaymentIntent',
    message: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

