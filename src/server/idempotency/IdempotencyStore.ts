/**
 * A confirm answer kept for replay: what the first request with an `Idempotency-Key` got.
 * `fingerprint` identifies the request body it answered, so a reused key with another body is
 * refused (409) instead of replayed.
 */
export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  /** The JSON text sent to the browser. */
  body: string;
}

/**
 * What {@link IdempotencyStore.claim} found for a key:
 * - `acquired`: the key was free and is now *claimed* by this caller (`token` proves it), which
 *   makes the one upstream call and then calls `complete` or `release` with the token. `kept:
 *   false` when the store has no room to keep this answer for the TTL (it took the claim in the
 *   room it keeps back for claims): the answer is then replayed only until the claim's lock time
 *   ends. Absent means kept;
 * - `in_flight`: another request holds the claim for the same body;
 * - `completed`: a definitive answer for the same body is stored: replay it;
 * - `conflict`: the key is claimed or completed for another body;
 * - `refused`: the key is free but the store takes no new claim: the subject holds as many live
 *   entries as it may (`subject_full`), the subject as many keys for this payment intent as it
 *   may (`intent_full`), or the store has no room even for a claim (`store_full`: the room kept
 *   back for claims is all claims in flight). Nothing is sent upstream.
 */
export type IdempotencyClaim =
  | { state: 'acquired'; token: string; kept?: boolean }
  | { state: 'in_flight' }
  | { state: 'completed'; record: IdempotencyRecord }
  | { state: 'conflict' }
  | { state: 'refused'; reason: IdempotencyRefusal };

/** Why a store took no new claim (see {@link IdempotencyClaim}). */
export type IdempotencyRefusal = 'subject_full' | 'intent_full' | 'store_full';

/**
 * Where the proxy's idempotency state lives (docs/server.md#confirm-is-idempotent). Keys arrive
 * scoped by operation, payment intent id, `Idempotency-Key` and `idempotencyScope` (when given),
 * each claimed for a `subject` (whom the rate limits count), whose live entries the store bounds.
 *
 * One client must not be able to flush the store, nor fill it for everyone else: an answer kept
 * for the TTL is never dropped before it to make room; each subject holds a bounded number of live
 * entries, of keys per payment intent, and a share of the room left for kept answers. Many
 * subjects together can spend that room (each guest session is a subject), so part of the store
 * is kept back for claims: a confirm that finds no room to keep its answer is still sent once,
 * its claim never dropped, and its answer replayed only until the claim's lock time ends
 * (docs/security.md#filling-the-idempotency-store).
 *
 * Each call is one atomic step of the state machine, so a store shared by many proxy instances
 * (Redis, a database) can implement it with one round trip each:
 *
 * | step | from | to |
 * |---|---|---|
 * | `claim` | free (or expired) | claimed for `lockMs`, owned by a new token |
 * | `complete` | claimed by `token` | completed (the record) for `ttlMs` |
 * | `release` | claimed by `token` | free |
 *
 * `complete` and `release` do nothing when the claim is no longer the token's (its lock expired
 * and another request claimed the key). Methods may answer synchronously or with a promise; a
 * store that cannot answer rejects (or throws), and the proxy then fails closed: the confirm is
 * answered 503 `idempotency_store_unavailable` and nothing is sent upstream.
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for `fingerprint` unless it is claimed or completed, or `subject` (or the store)
   * is full (see {@link IdempotencyClaim}). `subject` is left out by callers without one, and
   * `intent` (the payment intent the key confirms, whose keys of that subject are bounded) by
   * callers without one.
   */
  claim(key: string, fingerprint: string, lockMs: number, subject?: string, intent?: string): IdempotencyClaim | Promise<IdempotencyClaim>;
  /** Stores the definitive answer for `ttlMs` (24 h by default), if `token` still holds the claim. */
  complete(key: string, token: string, record: IdempotencyRecord, ttlMs: number): void | Promise<void>;
  /** Frees the key (the outcome is unknown, nothing stored), if `token` still holds the claim. */
  release(key: string, token: string): void | Promise<void>;
}
