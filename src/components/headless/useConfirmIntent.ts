'use client';
import { useMutation, useMutationState, type Mutation, type MutationFilters, type MutationState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PaymentsError, type PaymentIntent } from '../../api/index.js';
import {
  confirmPaymentIntentMutationOptions,
  paymentsKeys,
  usePaymentsContext,
  type ConfirmPaymentIntentVariables,
} from '../../client/index.js';
import { callSafely } from '../shared/callSafely.js';
import { resolveLocale } from '../shared/resolveLocale.js';
import { amountMismatch, type AmountMismatch } from './amountMismatch.js';
import { confirmOutcome, isOutcomeUnknown } from './confirmOutcome.js';
import { newIdempotencyKey } from './newIdempotencyKey.js';
import { toPaymentsError } from '../../client/toPaymentsError.js';
import { fetcherSessions } from '../../client/sessionSource.js';
import { isIntentBusy, listenToTabs, tellTabs, whenIntentFree, withIntentLock } from './confirmAcrossTabs.js';
import { dropPendingConfirm, hasPendingConfirm, keepPendingConfirm, keptKey, readPendingConfirm, shortHash, subjectOf, tabStorage } from './pendingConfirms.js';
import { useLatestCallback } from '../../client/useLatestCallback.js';
import { useForgetOnUserChange } from '../../client/useForgetOnUserChange.js';

/**
 * Where a confirm stands, for one payment intent and payment method:
 * - `idle`: nothing sent yet (or the last answer, for another payment method, allows a new action);
 * - `prompt`: `requireConfirmation` is asking; `accept` sends, `cancel` goes back;
 * - `confirming`: a confirm for this payment intent is in flight, started here, by any other
 *   button or hook of the page or in another tab; nothing else can start until its outcome is known;
 * - `recovering`: checking the earlier payment: a confirm sent before this page was reloaded (or
 *   this hook remounted) had no answer yet; it is sent again with its same key, and its outcome
 *   shown, before a new action is offered;
 * - `confirmed`: `succeeded`, `processing`, `requires_capture` or no status: money is moving or authorised;
 * - `requires-action`: confirmed, and the customer must act (e.g. 3-D Secure); no new action:
 *   the payment goes on once they have, without another confirm;
 * - `failed`: `failed` or `requires_payment_method`; a new action is allowed;
 * - `not-confirmed`: `initialized`, `created` or `requires_confirmation`; a new action is allowed;
 * - `canceled`: nothing more can happen;
 * - `unknown`: a status the kit does not know; no new action on a guess;
 * - `amount-mismatch`: confirmed, for another amount than `amount` (see `mismatch`);
 * - `error`: the request failed (`error`); `canRetry` when its outcome is unknown. Also a confirm
 *   of this intent with another payment method whose outcome is unknown (an answer on the page, or
 *   one kept from before a reload: `error.code` `confirm_interrupted`): `retry()` re-sends *that*
 *   request, its method and its key, and nothing new is offered meanwhile.
 */
export type ConfirmIntentState =
  | 'idle'
  | 'prompt'
  | 'confirming'
  | 'recovering'
  | 'confirmed'
  | 'requires-action'
  | 'failed'
  | 'not-confirmed'
  | 'canceled'
  | 'unknown'
  | 'amount-mismatch'
  | 'error';

/** Options of {@link useConfirmIntent}. */
export interface UseConfirmIntentOptions {
  /** Id of the payment intent to confirm, e.g. `pi_123`. */
  paymentIntentId: string;
  /** Id of the payment method to confirm it with, e.g. `pm_456`. */
  paymentMethodId: string;
  /** `start()` asks first (state `prompt`) and only `accept()` sends. Default `false`. */
  requireConfirmation?: boolean | undefined;
  /**
   * The amount the page showed, in integer cents: compared with the confirmed intent's amount
   * (state `amount-mismatch`, `onError` with code `amount_mismatch` instead of `onConfirmed` or
   * `onRequiresAction`, before `onOutcome`). Never sent. Default: none.
   */
  amount?: number | undefined;
  /** ISO 4217 currency of `amount`, any case. Default `usd`. */
  currency?: string | undefined;
  /** BCP 47 locale of the amounts in `mismatch`. Default: the provider's. */
  locale?: string | undefined;
  /** A confirm this hook started ended in `succeeded`, `processing`, `requires_capture` or no status, for the `amount` shown. */
  onConfirmed?: ((intent: PaymentIntent) => void) | undefined;
  /** A confirm this hook started ended in `requires_action` (for the `amount` shown). */
  onRequiresAction?: ((intent: PaymentIntent) => void) | undefined;
  /** Every payment intent a confirm this hook started returned, after the two above. */
  onOutcome?: ((intent: PaymentIntent) => void) | undefined;
  /** A confirm this hook started failed, or was confirmed for another amount than `amount`. */
  onError?: ((error: PaymentsError) => void) | undefined;
}

/** What {@link useConfirmIntent} returns: the state, what it is about, and stable actions. */
export interface UseConfirmIntentResult {
  state: ConfirmIntentState;
  /** The payment intent of the last answer (states from `confirmed` to `amount-mismatch`). */
  intent: PaymentIntent | undefined;
  /** Why the last request failed (state `error`). */
  error: PaymentsError | undefined;
  /** Both amounts, formatted, when the intent was confirmed for another amount (state `amount-mismatch`). */
  mismatch: AmountMismatch | undefined;
  /** Whether `start()` begins a new action now (with a new `Idempotency-Key`). */
  canStart: boolean;
  /** Whether `retry()` re-sends now: the last request's outcome is unknown. */
  canRetry: boolean;
  /** A new user action: asks first with `requireConfirmation`, else sends with a new key. */
  start: () => void;
  /** Answers the question of state `prompt`: sends, with a new key. */
  accept: () => void;
  /** Dismisses the question of state `prompt`; nothing is sent. */
  cancel: () => void;
  /** After an unknown outcome, sends the same request again with the SAME key. */
  retry: () => void;
}

/** Intents whose confirm this tab is about to send (waiting for the lock): a second click sends nothing. */
const sendingInTab = new Set<string>();

type ConfirmState = MutationState<PaymentIntent, PaymentsError, ConfirmPaymentIntentVariables>;

const targetOf = (paymentIntentId: string, paymentMethodId: string) => `${paymentIntentId}\u0000${paymentMethodId}`;

/** A kept confirm of the intent with another payment method: its outcome is unknown here. */
const interruptedError = (method: string) =>
  new PaymentsError({
    kind: 'aborted',
    code: 'confirm_interrupted',
    operation: 'confirmPaymentIntent',
    message: `A confirm with payment method ${method} had no answer before a reload; retry() re-sends it with its key.`,
  });

/**
 * Every confirm of `paymentIntentId` in the QueryClient's mutation cache: those of this hook
 * and of `ConfirmIntentButton` (whose keys name the intent) and those of `useConfirmPaymentIntent`
 * (whose variables do).
 */
function confirmsOf(paymentIntentId: string): MutationFilters {
  return {
    mutationKey: paymentsKeys.confirmPaymentIntent(),
    predicate: (mutation: Mutation) =>
      (mutation.state.variables as Partial<ConfirmPaymentIntentVariables> | undefined)?.paymentIntentId === paymentIntentId,
  };
}

/**
 * Confirms a payment intent exactly once per user action, for your own UI
 * (docs/api.md#confirm-a-payment-intent, docs/api.md#idempotency). `ConfirmIntentButton` is a
 * view over it.
 *
 * - **One confirm per intent across the page.** A confirm in flight is a fact of the
 *   `QueryClient`'s mutation cache, not of one component: every button or hook for that intent
 *   under the same client — a second one elsewhere, one remounted — shows `confirming` and cannot
 *   start another until the outcome is known, and then shows that outcome. A button for another
 *   payment method shows it too unless it allows a new action (`failed`, not confirmed yet, a
 *   refusal): a confirm with its method would be a second one. The check reads the cache
 *   synchronously, so clicks in the same frame send once.
 * - **Keys.** Each new action draws a new `Idempotency-Key` (UUID v4); `retry()` after an
 *   unknown outcome (no answer, or one `isRetryableError` accepts) re-sends
 *   the same variables with the same key, so the proxy deduplicates. A settled confirm stays in
 *   the cache while the hook that started it is mounted and 5 s after; every hook that saw it
 *   keeps showing it (and retries it with its key) while mounted.
 * - **Across reloads and tabs.** The key of a confirm sent and not answered is kept in the tab's
 *   `sessionStorage` (for the session's subject, never a token or an amount) until its answer is
 *   definitive; a reload or remount for the same payment method shows `recovering` and sends it
 *   again with its same key, once, before offering anything. Kept with another method, it is not
 *   sent unasked: `error` with `canRetry`, and `retry()` re-sends it. Tabs of one origin confirm
 *   an intent one at a time (Web Locks), and the others show it `confirming`, then its outcome
 *   (told without `client_secret`). Without storage, with a fetcher of your own or a token without
 *   `sub`, nothing is kept (docs/hooks.md#a-confirm-across-reloads-and-tabs).
 * - **Callbacks** belong to the hook that started the confirm, while it is mounted and still
 *   set to that payment intent: a late answer after unmount calls nothing.
 *
 * @example
 * const pay = useConfirmIntent({ paymentIntentId: 'pi_123', paymentMethodId: 'pm_456', amount: 4999 });
 * if (pay.state === 'confirming') return <Spinner />;
 * if (pay.canRetry) return <button onClick={pay.retry}>Try again</button>;
 * return <button disabled={!pay.canStart} onClick={pay.start}>Pay $49.99</button>;
 */
export function useConfirmIntent(options: UseConfirmIntentOptions): UseConfirmIntentResult {
  const { paymentIntentId, paymentMethodId, requireConfirmation = false, amount, currency } = options;
  const { fetcher, queryClient, locale: providerLocale, identity } = usePaymentsContext('useConfirmIntent');
  const locale = resolveLocale(options.locale ?? providerLocale);
  const { mutateAsync } = useMutation(confirmPaymentIntentMutationOptions(fetcher, paymentIntentId), queryClient);
  const latest = useMutationState<ConfirmState>(
    { filters: confirmsOf(paymentIntentId), select: (mutation) => mutation.state },
    queryClient,
  ).at(-1);
  const target = targetOf(paymentIntentId, paymentMethodId);
  // The question asked: for which ids, and after which answer (a confirm settled since, here or
  // elsewhere on the page, makes it stale).
  const [prompt, setPrompt] = useState<{ target: string; after: number } | null>(null);
  // The last settled confirm this instance saw for its ids: shown after the cache lets it go.
  const [kept, setKept] = useState<ConfirmState | undefined>(undefined);
  // The key of a confirm kept from before a reload or remount, while it is being resolved.
  const [recovering, setRecovering] = useState<{ paymentIntentId: string; idempotencyKey: string | undefined } | null>(null);
  // A confirm kept for this intent with another payment method: not sent by itself, see below.
  const [interrupted, setInterrupted] = useState<ConfirmPaymentIntentVariables | null>(null);
  // A confirm of this intent in another tab: in flight, or its answer.
  const [inTab, setInTab] = useState<{ paymentIntentId: string; intent: PaymentIntent | undefined } | null>(null);
  // Another user now: nothing this instance kept for the previous one is shown (their answer, a
  // question asked of them, another tab's news of their confirm).
  const forgetUser = useLatestCallback(() => {
    setKept(undefined);
    setPrompt(null);
    setInTab(null);
  });
  useForgetOnUserChange(identity, forgetUser);

  const isSettled = (state: ConfirmState | undefined): state is ConfirmState & { variables: ConfirmPaymentIntentVariables } =>
    state !== undefined && (state.status === 'success' || state.status === 'error') && state.variables?.paymentIntentId === paymentIntentId;
  // The intent's last answer, whatever its payment method; a newer answer replaces the kept one.
  const fromCache = isSettled(latest) ? latest : undefined;
  if (fromCache !== undefined && fromCache !== kept) setKept(fromCache);
  const settled = fromCache ?? (isSettled(kept) ? kept : undefined);
  const answered = settled?.status === 'success' ? settled.data : undefined;
  const failure = settled?.status === 'error' ? toPaymentsError(settled.error, 'confirmPaymentIntent') : undefined;
  // An answer for another payment method is this button's too where it allows no new action: money
  // moved or may have (an outcome such as `succeeded`, or none known), and a confirm with this
  // method would be a second one of the same intent (docs/api.md#confirm-a-payment-intent).
  const shown =
    settled !== undefined &&
    (settled.variables.paymentMethodId === paymentMethodId ||
      (answered !== undefined ? !confirmOutcome(answered.status).allowsNewAction : failure !== undefined && isOutcomeUnknown(failure)));

  let state: ConfirmIntentState = 'idle';
  let intent: PaymentIntent | undefined;
  let error: PaymentsError | undefined;
  let mismatch: AmountMismatch | undefined;
  let allowsNewAction = true;
  let again: ConfirmPaymentIntentVariables | undefined;
  const answeredAt = settled?.submittedAt ?? 0;
  const recoveringHere = recovering?.paymentIntentId === paymentIntentId;
  const fromTab = inTab?.paymentIntentId === paymentIntentId ? inTab : undefined;
  if (latest?.status === 'pending') {
    state = recoveringHere && (recovering.idempotencyKey === undefined || latest.variables?.idempotencyKey === recovering.idempotencyKey)
      ? 'recovering'
      : 'confirming';
  } else if (recoveringHere) {
    state = 'recovering';
  } else if (fromTab !== undefined && settled === undefined) {
    if (fromTab.intent === undefined) state = 'confirming';
    else intent = fromTab.intent;
  } else if (interrupted?.paymentIntentId === paymentIntentId && interrupted.paymentMethodId !== paymentMethodId && settled === undefined) {
    // Its outcome is unknown: no new key while it may have gone through, and no re-send unasked
    // with a method this button does not show; `retry()` re-sends it, its method and its key.
    error = interruptedError(interrupted.paymentMethodId);
    again = interrupted;
    state = 'error';
    allowsNewAction = false;
  } else if (prompt?.target === target && prompt.after === answeredAt) {
    state = 'prompt';
  } else if (shown && answered !== undefined) {
    intent = answered;
  } else if (shown && failure !== undefined) {
    error = failure;
    again = settled.variables;
    state = 'error';
    allowsNewAction = false;
  }
  // An answer to show, this page's or another tab's.
  if (intent !== undefined) {
    const outcome = confirmOutcome(intent.status);
    mismatch = amountMismatch(intent, amount, currency, locale);
    state = mismatch ? 'amount-mismatch' : outcome.state;
    // After an amount that differs from the one shown, no new action: the user must look first.
    allowsNewAction = outcome.allowsNewAction && !mismatch;
  }
  const canStart = state !== 'confirming' && state !== 'recovering' && state !== 'prompt' && allowsNewAction;
  const canRetry = error !== undefined && isOutcomeUnknown(error);

  /**
   * The host's callbacks for an answer to a confirm this instance started. An amount the page did
   * not show is never announced as a success: `onError` (`amount_mismatch`) comes instead of
   * `onConfirmed` or `onRequiresAction`, so a checkout that moves on when told "confirmed" stays.
   */
  const report = useLatestCallback((answer: PaymentIntent) => {
    const differs = amountMismatch(answer, options.amount, options.currency, locale);
    if (differs) {
      if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') {
        console.error(`payments-kit: the page showed ${differs.shown}, but payment intent ${answer.id} was confirmed for ${differs.confirmed}.`);
      }
      callSafely(() => options.onError?.(differs.error));
    } else {
      const { callback } = confirmOutcome(answer.status);
      if (callback) callSafely(() => options[callback]?.(answer));
    }
    callSafely(() => options.onOutcome?.(answer));
  });
  const fail = useLatestCallback((failure: unknown) => {
    const typed = toPaymentsError(failure, 'confirmPaymentIntent');
    callSafely(() => options.onError?.(typed));
  });

  /** The key of the confirm of `id` in flight in the cache (one at most), if any. */
  const pendingKey = useLatestCallback(
    (id: string) => (queryClient.getMutationCache().findAll({ ...confirmsOf(id), status: 'pending' })[0]?.state.variables as ConfirmPaymentIntentVariables | undefined)?.idempotencyKey,
  );
  const isPending = useLatestCallback((id: string) => pendingKey(id) !== undefined);
  /** The kept confirm `key` has an answer (or is no longer being resolved here): `recovering` gives way. */
  const recovered = useLatestCallback((key: string) => {
    setRecovering((now) => (now?.idempotencyKey === key ? null : now));
  });

  /**
   * The one place a confirm is sent: never while one for this intent is pending in the cache, is
   * being sent by this tab or holds the intent's lock in another. Its key is kept in the tab's
   * storage until the answer is definitive, for the session's subject. A kept confirm (`resume`)
   * waits for the lock instead, and is sent only if still kept once it has it: a duplicated tab
   * keeps the same key, and whichever tab has the lock first resolves it for both.
   */
  const send = useLatestCallback((variables: ConfirmPaymentIntentVariables, resume = false) => {
    const id = variables.paymentIntentId;
    const key = variables.idempotencyKey;
    // A kept confirm not sent here: `recovering` ends now, unless this tab is sending that very
    // key (then it ends with its answer).
    const notSent = () => {
      if (resume && !sendingInTab.has(id) && pendingKey(id) !== key) recovered(key);
    };
    if (isPending(id) || sendingInTab.has(id)) {
      notSent();
      return;
    }
    setPrompt(null);
    sendingInTab.add(id);
    const sessions = fetcherSessions.get(fetcher);
    const storage = tabStorage(sessions);
    void withIntentLock(
      id,
      async () => {
        sendingInTab.delete(id);
        if (isPending(id) || (resume && keptKey(storage, id) !== key)) {
          notSent();
          return;
        }
        tellTabs({ paymentIntentId: id, phase: 'started' });
        let answer: PaymentIntent | undefined;
        let known = true;
        // Per-call callbacks run only while this hook is mounted and still observes that confirm.
        const sent = mutateAsync(variables, { onSuccess: report, onError: fail }).then(
          (intentAnswered) => {
            answer = intentAnswered;
            dropPendingConfirm(storage, id);
          },
          (failure: unknown) => {
            known = !isOutcomeUnknown(toPaymentsError(failure, 'confirmPaymentIntent'));
            if (known) dropPendingConfirm(storage, id);
          },
        );
        // The key is kept once the subject is known: the request itself waits for the same token.
        if (storage !== undefined) {
          void Promise.resolve(sessions?.current())
            .then((token) => {
              const subject = subjectOf(token);
              if (subject !== undefined && pendingKey(id) === key) keepPendingConfirm(storage, { ...variables, subject });
            })
            .catch(() => undefined);
        }
        await sent;
        tellTabs({ paymentIntentId: id, phase: 'settled', intent: answer, ref: shortHash(key), known });
      },
      resume
        ? undefined
        : () => {
            sendingInTab.delete(id);
            setInTab({ paymentIntentId: id, intent: undefined });
          },
    );
  });

  // A confirm kept from before a reload or remount: resolved with its same key before anything
  // is offered (the proxy replays its answer, or the payments API deduplicates the key), when it
  // was sent with this payment method (docs/hooks.md#a-confirm-across-reloads-and-tabs).
  useEffect(() => {
    const sessions = fetcherSessions.get(fetcher);
    const storage = tabStorage(sessions);
    let active = true;
    // Read through a function: the answer may change across the awaits below.
    const live = () => active;
    if (!hasPendingConfirm(storage, paymentIntentId)) return;
    const resolveKept = async (): Promise<void> => {
      // After the effect, in a task of its own: setting state is the answer to the storage read.
      await Promise.resolve();
      if (!live() || isPending(paymentIntentId)) return;
      setRecovering({ paymentIntentId, idempotencyKey: undefined });
      let token: string | undefined;
      try {
        token = await sessions?.current();
      } catch {
        // No token to judge by (getSession failed): the entry stays, for a later mount.
        return;
      }
      // Read only by a run still mounted: the read drops other subjects' entries, and a run
      // undone by StrictMode never asked for the token.
      if (!live()) return;
      // A token that names no subject matches no kept confirm: each is dropped, none is sent.
      const pending = readPendingConfirm(storage, paymentIntentId, subjectOf(token) ?? '\u0000');
      if (pending === undefined) return;
      const variables = { paymentIntentId, paymentMethodId: pending.paymentMethodId, idempotencyKey: pending.idempotencyKey };
      // Sent with another method, it may have gone through: shown as an unknown outcome, not
      // sent with a method this page no longer shows, and no new key offered meanwhile.
      if (pending.paymentMethodId !== paymentMethodId) setInterrupted(variables);
      else {
        setRecovering({ paymentIntentId, idempotencyKey: pending.idempotencyKey });
        send(variables, true);
      }
    };
    void resolveKept().finally(() => {
      if (live()) setRecovering((now) => (now?.idempotencyKey === undefined ? null : now));
    });
    return () => {
      active = false;
    };
  }, [fetcher, paymentIntentId, paymentMethodId, send, isPending]);
  // Its answer came: the recovering state gives way to the outcome.
  if (
    recoveringHere &&
    recovering.idempotencyKey !== undefined &&
    latest !== undefined &&
    latest.status !== 'pending' &&
    latest.status !== 'idle' &&
    latest.variables?.idempotencyKey === recovering.idempotencyKey
  ) {
    setRecovering(null);
  }

  // Another tab's confirm of this intent: shown in flight, then its answer.
  useEffect(() => {
    const sessions = fetcherSessions.get(fetcher);
    const storage = tabStorage(sessions);
    let active = true;
    const busy = () => {
      setInTab({ paymentIntentId, intent: undefined });
      void whenIntentFree(paymentIntentId).then(() => {
        if (active) setInTab((now) => (now?.paymentIntentId === paymentIntentId && now.intent === undefined ? null : now));
      });
    };
    void isIntentBusy(paymentIntentId).then((held) => {
      if (active && held && !isPending(paymentIntentId)) busy();
    });
    const stop = listenToTabs((news) => {
      if (news.paymentIntentId !== paymentIntentId) return;
      if (news.phase === 'started') {
        busy();
        return;
      }
      // The definitive answer to a key this tab keeps too (a duplicated tab's): it is resolved,
      // and neither kept nor sent again here.
      const kept = keptKey(storage, paymentIntentId);
      if (news.known === true && kept !== undefined && shortHash(kept) === news.ref) {
        dropPendingConfirm(storage, paymentIntentId);
        recovered(kept);
        setInterrupted(null);
      }
      // An answer to show, or none known (an error there): then this tab offers what it offered.
      setInTab(news.intent === undefined ? null : { paymentIntentId, intent: news.intent });
    });
    return () => {
      active = false;
      stop();
    };
  }, [fetcher, paymentIntentId, queryClient, isPending, recovered]);

  const start = useLatestCallback(() => {
    if (!canStart) return;
    if (requireConfirmation) setPrompt({ target, after: answeredAt });
    else send({ paymentIntentId, paymentMethodId, idempotencyKey: newIdempotencyKey() });
  });
  const accept = useLatestCallback(() => {
    if (state === 'prompt') send({ paymentIntentId, paymentMethodId, idempotencyKey: newIdempotencyKey() });
  });
  const cancel = useLatestCallback(() => {
    setPrompt(null);
  });
  const retry = useLatestCallback(() => {
    // Same variables, SAME key: deduplicated by the proxy and the API.
    if (canRetry && again !== undefined) send(again);
  });

  return { state, intent, error, mismatch, canStart, canRetry, start, accept, cancel, retry };
}
