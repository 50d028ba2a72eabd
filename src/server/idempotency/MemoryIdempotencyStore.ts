import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';

/** The in-memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  claim(key: string, fingerprint: string, lockMs: number, subject?: string, intent?: string): IdempotencyClaim;
  complete(key: string, token: string, record: IdempotencyRecord, ttlMs: number): void;
  release(key: string, token: string): void;
  /**
   * What the store holds now: entries (claims and answers), their approximate bytes, and how many
   * of the entries are kept for the TTL (the rest are claims and answers in the room kept back
   * for claims: see `reservedForClaims`).
   */
  usage(): { entries: number; bytes: number; kept: number };
}

export interface MemoryIdempotencyStoreOptions {
  /**
   * Most live entries (claims and answers) in the store, `reservedForClaims` of them kept back
   * from answers kept for the TTL. Default 10 000.
   */
  maxEntries?: number;
  /**
   * Most bytes, counted as two bytes per character of each key, fingerprint and stored answer
   * (how JavaScript strings hold them) plus a fixed 200 per entry for the entry itself; the same
   * part as of `maxEntries` is kept back for claims. Answers of claims already taken are still
   * kept, so the store may pass this by the answers in flight. Default `32 * 1024 * 1024` bytes.
   */
  maxBytes?: number;
  /**
   * How many of `maxEntries` are kept back from answers kept for the TTL, for confirms that find
   * that room spent: for the whole store (many subjects each left an answer) or for their subject
   * (it holds its `fairShare`). Such a confirm is still sent, once: its claim holds its key while
   * it is in flight and is never dropped, and its answer is replayed only until the claim's lock
   * time ends, giving way to a new claim before then. A new key is refused (503
   * `idempotency_store_full`, nothing sent upstream) only when this room is all claims in flight.
   * Default a tenth of `maxEntries` (1 000 of 10 000); `0` refuses every new key once answers
   * fill the store (docs/security.md#filling-the-idempotency-store).
   *
   * @example
   * createMemoryIdempotencyStore({ maxEntries: 50_000, reservedForClaims: 5_000 })
   */
  reservedForClaims?: number;
  /** Most live entries of one subject (the user the proxy's limits count); past it, that subject's new claims are refused. Default 1 000. */
  maxEntriesPerSubject?: number;
  /**
   * Most live keys of one subject for one payment intent: a customer retrying their own intent
   * needs a few, not hundreds. Past it, that subject's new keys for the intent are refused.
   * Default 100.
   */
  maxEntriesPerIntent?: number;
  /**
   * The part of the room left for answers kept for the TTL that one subject may hold, between 0
   * and 1: once a subject holds `fairShare × (maxEntries − reservedForClaims − answers kept)` or
   * more (the room left in bytes counts too, scaled to entries), its next answers are kept only
   * briefly, as when that room is spent (see `reservedForClaims`). As the store fills, the subjects
   * holding the most lose the 24 h replay first. Default 0.02 (a fiftieth): 177 entries alone in
   * an empty store of 10 000.
   */
  fairShare?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}
