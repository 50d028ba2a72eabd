import type { IdempotencyStore } from './IdempotencyStore.js';
import { proxyError } from './proxyError.js';

/** A response of the proxy, as stored and replayed. */
export interface GatedResult {
  status: number;
  body: string;
  /** Whether another request's response is being replayed. */
  replayed: boolean;
}

export interface GateRun {
  key: string;
  fingerprint: string;
  operation: string;
  /**
   * Makes the one upstream call. `store` says whether its outcome is final (a 2xx or 4xx
   * answer) and so may be replayed for a day; a timeout or 5xx is not, so the user can retry.
   */
  execute: () => Promise<{ status: number; body: string; store: boolean }>;
}

/**
 * Confirm is money-moving (issue): one `Idempotency-Key` leads to at most one upstream call per
 * instance. Requests with a key already in flight wait for that call and get its response
 * (coalescing: 200 concurrent confirms → one upstream call); a finished key is replayed from
 * the store; a key seen with another body is 409.
 */
export function createIdempotencyGate(store: IdempotencyStore, ttlMs: number): (run: GateRun) => Promise<GatedResult> {
  const inFlight = new Map<string, { fingerprint: string; result: Promise<GatedResult> }>();

  const conflict = (operation: string) =>
    proxyError(
      409,
      'idempotency_conflict',
      `This Idempotency-Key was already used for ${operation} with a different body; use a new key for a new request.`,
      operation,
    );

  return async (run) => {
    const pending = inFlight.get(run.key);
    if (pending) {
      if (pending.fingerprint !== run.fingerprint) throw conflict(run.operation);
      const result = await pending.result;
      return { ...result, replayed: true };
    }
    // Registered before the first await, so a request arriving meanwhile joins this one.
    const result = (async (): Promise<GatedResult> => {
      const stored = await store.get(run.key);
      if (stored) {
        if (stored.fingerprint !== run.fingerprint) throw conflict(run.operation);
        return { status: stored.status, body: stored.body, replayed: true };
      }
      const outcome = await run.execute();
      if (outcome.store) {
        await store.set(run.key, { fingerprint: run.fingerprint, status: outcome.status, body: outcome.body }, ttlMs);
      }
      return { status: outcome.status, body: outcome.body, replayed: false };
    })();
    inFlight.set(run.key, { fingerprint: run.fingerprint, result });
    try {
      return await result;
    } finally {
      inFlight.delete(run.key);
    }
  };
}
