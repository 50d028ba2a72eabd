import type { IdempotencyRefusal, IdempotencyStore } from './IdempotencyStore.js';
import { proxyError, type ProxyAnswer } from '../proxyError.js';

/**
 * The answer to a confirm's one upstream call, and whether it is `definitive` (stored and
 * replayed) or leaves the outcome unknown (`leavesOutcomeUnknown` of the contract: nothing stored).
 */
export type GatedOutcome = ProxyAnswer & { definitive: boolean };

export interface GateRun {
  key: string;
  /** Whom the claim counts against (the store bounds each subject's live entries). */
  subject: string;
  /** The payment intent the key confirms (the store bounds each subject's keys per intent). */
  intent?: string;
  fingerprint: string;
  operation: string;
  /** Makes the one upstream call. Must not reject. */
  execute: () => Promise<GatedOutcome>;
  /** A store step failed after the upstream call (the answer still goes out): for `onError`. */
  report: (error: unknown) => void;
}

export interface GateOptions {
  store: IdempotencyStore;
  /** How long a definitive answer is replayed. */
  ttlMs: number;
  /** How long a claim holds its key: the upstream deadline plus a margin. */
  lockMs: number;
}

const REPLAYED = { 'idempotent-replayed': 'true' } as const;

/** Seconds a client is told to wait before retrying a key in flight elsewhere. */
const IN_USE_RETRY_AFTER_S = '1';

/**
 * Confirm moves money: the idempotency state machine, whose table is in
 * docs/server.md#confirm-is-idempotent. A free key is *claimed* for the one upstream call, then
 * *completed* (definitive answer, replayed) or *released* (outcome unknown, nothing stored); a
 * key claimed here is waited for, one claimed elsewhere answers 409 `idempotency_key_in_use`.
 * A store that cannot be reached fails closed: 503, nothing sent upstream.
 */
export function createIdempotencyGate({ store, ttlMs, lockMs }: GateOptions): (run: GateRun) => Promise<ProxyAnswer> {
  // Requests of this instance with a key and body in flight here join that call (200
  // concurrent confirms → one claim, one upstream call). Another body is not judged against the
  // local call: it goes to the store, which holds the truth for every instance.
  const inFlight = new Map<string, Promise<GatedOutcome>>();

  return async (run) => {
    const local = `${run.key}\u0000${run.fingerprint}`;
    const pending = inFlight.get(local);
    if (pending) {
      // Another request's answer: marked as replayed when it is the stored, definitive one.
      const { definitive, ...joined } = await pending;
      return definitive ? { ...joined, headers: { ...joined.headers, ...REPLAYED } } : joined;
    }
    // Registered before the first await, so a request arriving meanwhile joins this one.
    const result = claimAndRun(run);
    inFlight.set(local, result);
    try {
      const { definitive: _, ...own } = await result;
      return own;
    } finally {
      inFlight.delete(local);
    }
  };

  async function claimAndRun(run: GateRun): Promise<GatedOutcome> {
    let claim;
    try {
      claim = await store.claim(run.key, run.fingerprint, lockMs, run.subject, run.intent);
    } catch (error) {
      throw proxyError(
        503,
        'idempotency_store_unavailable',
        `The payments proxy cannot make sure ${run.operation} is sent once right now, so it sent nothing; try again shortly with the same Idempotency-Key.`,
        run.operation,
        error,
      );
    }
    switch (claim.state) {
      case 'conflict':
        throw conflict(run.operation);
      case 'completed':
        return { status: claim.record.status, body: claim.record.body, headers: REPLAYED, definitive: true };
      case 'in_flight':
        throw proxyError(
          409,
          'idempotency_key_in_use',
          `A request with this Idempotency-Key for ${run.operation} is still in progress; retry with the same key.`,
          run.operation,
          undefined,
          { 'retry-after': IN_USE_RETRY_AFTER_S },
        );
      case 'refused':
        throw refused(run.operation, claim.reason, lockMs);
      case 'acquired':
        break;
    }
    const { token } = claim;
    let outcome: GatedOutcome;
    try {
      outcome = await run.execute();
    } catch (error) {
      await settle(() => store.release(run.key, token), run);
      throw error;
    }
    if (outcome.definitive) {
      const record = { fingerprint: run.fingerprint, status: outcome.status, body: outcome.body };
      await settle(() => store.complete(run.key, token, record, ttlMs), run);
    } else {
      await settle(() => store.release(run.key, token), run);
    }
    return outcome;
  }
}

/**
 * A store step after the upstream call: its failure must not hide the answer (money may have
 * moved). The claim then lapses after its lock time, and a retry goes upstream with the same
 * key, for the payments API to deduplicate if it does.
 */
async function settle(step: () => void | Promise<void>, run: GateRun): Promise<void> {
  try {
    await step();
  } catch (error) {
    run.report(error);
  }
}

/** Seconds a subject past its own bounds is told to wait: its entries lapse slowly (answers after the TTL). */
const FULL_RETRY_AFTER_S = '60';

function refused(operation: string, reason: IdempotencyRefusal, lockMs: number) {
  if (reason === 'store_full') {
    // The store is full of claims in flight, each gone within the lock time (answers kept for the
    // day never take the last of the room: docs/security.md#filling-the-idempotency-store).
    return proxyError(
      503,
      'idempotency_store_full',
      `The payments proxy has too many confirms in flight right now, so it sent nothing for ${operation}; try again shortly with the same Idempotency-Key.`,
      operation,
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil(lockMs / 1000))) },
    );
  }
  const held = reason === 'intent_full' ? `${operation} answers of this user for this payment intent` : `${operation} answers of this user`;
  return proxyError(
    429,
    'rate_limited',
    `Too many ${held} are kept for replay; nothing was sent. Try again later with the same Idempotency-Key.`,
    operation,
    undefined,
    { 'retry-after': FULL_RETRY_AFTER_S },
  );
}

function conflict(operation: string) {
  return proxyError(
    409,
    'idempotency_conflict',
    `This Idempotency-Key was already used for ${operation} with a different body; use a new key for a new request.`,
    operation,
  );
}
