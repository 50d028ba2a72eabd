import type { IdempotencyStore } from './IdempotencyStore.js';

/** The proxy's options for a confirm's idempotency; `Context` is what the merchant's `idempotencyScope` gets (`PaymentsProxyContext`). */
export interface IdempotencyOptions<Context> {
  /**
   * Where the confirm's idempotency state lives. Default: in memory, per process (10 000 entries
   * and `32 * 1024 * 1024` bytes, a tenth of them kept back for confirms in flight, each subject
   * holding less than a fiftieth of the room left for answers kept 24 h:
   * docs/security.md#filling-the-idempotency-store). Pass `createRedisIdempotencyStore` of
   * `payments-kit/server/redis` on many instances.
   */
  idempotencyStore?: IdempotencyStore;
  /** How long a confirm's definitive answer is replayed for its `Idempotency-Key`. Default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * Scope for idempotency keys, so that two users can never replay each other's confirm. Keys
   * are always scoped by payment intent id. Default: the session's subject (with `sessions`).
   */
  idempotencyScope?: (context: Context) => string | Promise<string>;
}
