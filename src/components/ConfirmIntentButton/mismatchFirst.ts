import type { PaymentIntent, PaymentsError } from '../../api/index.js';
import { amountMismatch } from '../headless/amountMismatch.js';

/** The callbacks `ConfirmIntentButton` reports a confirm's answer through. */
export interface ConfirmCallbacks {
  onConfirmed?: ((intent: PaymentIntent) => void) | undefined;
  onRequiresAction?: ((intent: PaymentIntent) => void) | undefined;
  onOutcome?: ((intent: PaymentIntent) => void) | undefined;
  onError?: ((error: PaymentsError) => void) | undefined;
}

/**
 * The host's callbacks, ordered so that an amount the page did not show is never announced as a
 * success: for an answer whose amount differs from `amount` (`amountMismatch`), `onError` with
 * `amount_mismatch` comes first, neither `onConfirmed` nor `onRequiresAction` follows (a checkout
 * that moves on when told "confirmed" must not move on here), and `onOutcome` still gets the
 * intent. `useConfirmIntent` calls its callbacks for one answer in one synchronous run — the
 * status's callback, `onOutcome`, then `onError` for a mismatch — so the mismatch it reports last
 * is the one already reported here, and is not reported twice.
 */
export function mismatchFirst(host: ConfirmCallbacks, amount: number | undefined, currency: string | undefined, locale: string): Required<ConfirmCallbacks> {
  // The answer whose mismatch was reported and whose own late report is still to come.
  let reported: PaymentIntent | undefined;
  /** Whether `intent` differs from what the page showed; reports it, once per answer. */
  const differs = (intent: PaymentIntent): boolean => {
    const mismatch = amountMismatch(intent, amount, currency, locale);
    if (mismatch === undefined) return false;
    if (reported !== intent) {
      reported = intent;
      host.onError?.(mismatch.error);
    }
    return true;
  };
  return {
    onConfirmed: (intent) => {
      if (!differs(intent)) host.onConfirmed?.(intent);
    },
    onRequiresAction: (intent) => {
      if (!differs(intent)) host.onRequiresAction?.(intent);
    },
    onOutcome: (intent) => {
      differs(intent);
      host.onOutcome?.(intent);
    },
    onError: (error) => {
      if (error.code === 'amount_mismatch' && reported !== undefined) {
        reported = undefined;
        return;
      }
      host.onError?.(error);
    },
  };
}
