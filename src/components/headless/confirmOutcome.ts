import { isRetryableError, type PaymentIntentStatus, type PaymentsError } from '../../api/index.js';
import type { ConfirmIntentButtonMessages } from '../messages/types.js';
import type { Tone } from '../shared/statusTone.js';

/** What a returned payment intent status means for `useConfirmIntent` and the button over it. */
export interface ConfirmOutcome {
  /** The state `useConfirmIntent` reports for it. */
  state: 'confirmed' | 'requires-action' | 'failed' | 'canceled' | 'not-confirmed' | 'unknown';
  /** Which callback reports it. */
  callback: 'onConfirmed' | 'onRequiresAction' | undefined;
  /** Message explaining the outcome to the user, if any. */
  explanation: keyof ConfirmIntentButtonMessages | undefined;
  /** Tone of that explanation (`.pk-notice[data-tone]`). */
  tone: Tone;
  /**
   * Whether the user may start a *new* action (with a new `Idempotency-Key`). False where money
   * moved or may have moved (`succeeded`, `processing`, `requires_capture`), where the customer
   * must act first (`requires_action`), where nothing more can happen (`canceled`) and where the
   * kit cannot tell (a status it does not know).
   */
  allowsNewAction: boolean;
}

/**
 * The API lists ten statuses but not their transitions; this reading follows the names
 * (docs/api.md#confirm-a-payment-intent): money
 * is moving or authorised after `succeeded` / `processing` / `requires_capture`, and after a
 * confirm answered without a status; the customer must
 * act after `requires_action`; the attempt failed after `failed` / `requires_payment_method`.
 */
export function confirmOutcome(status: PaymentIntentStatus | null | undefined): ConfirmOutcome {
  switch (status) {
    case 'succeeded':
      return { state: 'confirmed', callback: 'onConfirmed', explanation: undefined, tone: 'success', allowsNewAction: false };
    case 'processing':
      return { state: 'confirmed', callback: 'onConfirmed', explanation: 'confirmProcessingExplanation', tone: 'info', allowsNewAction: false };
    case 'requires_capture':
      return { state: 'confirmed', callback: 'onConfirmed', explanation: 'confirmRequiresCaptureExplanation', tone: 'info', allowsNewAction: false };
    case 'requires_action':
      // The intent is confirmed and waits on the customer: the API confirms an intent "that has
      // not been confirmed yet", so the same confirm again is no next step (docs/api.md#confirm-a-payment-intent).
      return { state: 'requires-action', callback: 'onRequiresAction', explanation: 'requiresActionExplanation', tone: 'warning', allowsNewAction: false };
    case 'requires_payment_method':
    case 'failed':
      return { state: 'failed', callback: undefined, explanation: 'confirmFailedExplanation', tone: 'danger', allowsNewAction: true };
    case 'canceled':
      return { state: 'canceled', callback: undefined, explanation: 'confirmCanceledExplanation', tone: 'neutral', allowsNewAction: false };
    case 'initialized':
    case 'created':
    case 'requires_confirmation':
      return { state: 'not-confirmed', callback: undefined, explanation: 'confirmNotConfirmedExplanation', tone: 'info', allowsNewAction: true };
    case null:
    case undefined:
      // The API's confirm answers with its required fields only (docs/api.md#confirm-a-payment-intent):
      // a 200 means the confirm was accepted, so the page hears of it; the badge says the status is unknown.
      return { state: 'confirmed', callback: 'onConfirmed', explanation: undefined, tone: 'neutral', allowsNewAction: false };
    default:
      // A status added later (docs/api.md#forward-compatibility): shown raw, and no second confirm on a guess.
      return { state: 'unknown', callback: undefined, explanation: 'confirmUnknownExplanation', tone: 'neutral', allowsNewAction: false };
  }
}

/**
 * Whether a failed confirm may be retried with the SAME `Idempotency-Key`: only when its outcome
 * is unknown — no answer (network, timeout, aborted), or an answer the contract's one rule
 * (`leavesOutcomeUnknown`, through `isRetryableError`) counts as "not now": the request may or
 * may not have reached the API. The same key lets the proxy and the API deduplicate, so
 * the money moves at most once. A 4xx, an `invalid_request` (nothing was sent) or an
 * `invalid_response` (a 200 the kit cannot read, replayed as-is for that key) will not change
 * by sending the same request again.
 */
export function isOutcomeUnknown(error: PaymentsError): boolean {
  return error.kind === 'aborted' || isRetryableError(error);
}
