/**
 * A confirm response kept for replay: what the first request with an `Idempotency-Key` got.
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
 * Where replayable confirm responses live (issue: "behind a small store interface so a shared
 * store can replace it when the proxy runs on many instances"). Keys arrive already scoped by
 * operation, payment intent id, `Idempotency-Key` and `idempotencyScope` (when given).
 *
 * A shared store (Redis, a database) only needs these two calls; `get` and `set` may be sync or
 * async. Concurrent requests with one key are coalesced inside one proxy instance; across
 * instances, the `Idempotency-Key` is also sent upstream so the payments API can deduplicate.
 */
export interface IdempotencyStore {
  get(key: string): IdempotencyRecord | undefined | Promise<IdempotencyRecord | undefined>;
  /** Keep `record` for `ttlMs` milliseconds (24 h by default). */
  set(key: string, record: IdempotencyRecord, ttlMs: number): void | Promise<void>;
}
