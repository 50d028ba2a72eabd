import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';

/** The in-memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  claim(key: string, fingerprint: string, lockMs: number, subject?: string, intent?: string): IdempotencyClaim;
  complete(key: string, token: string, record: IdempotencyRecord, ttlMs: number): void;
  release(key: string, token: string): void;
  /** What the store holds now: entries (claims and answers) and their approximate bytes. */
  usage(): { entries: number; bytes: number };
}

export interface MemoryIdempotencyStoreOptions {
  /** Most live entries (claims and stored answers); past it, new claims are refused. Default 10 000. */
  maxEntries?: number;
  /**
   * Most bytes, counted as two bytes per character of each key, fingerprint and stored answer
   * (how JavaScript strings hold them) plus a fixed 200 per entry for the entry itself; past it,
   * new claims are refused. Answers of claims already taken are still stored, so the store may
   * pass this by the answers in flight. Default `32 * 1024 * 1024` bytes.
   */
  maxBytes?: number;
  /** Most live entries of one subject (the user the proxy's limits count); past it, that subject's new claims are refused. Default 1 000. */
  maxEntriesPerSubject?: number;
  /**
   * Most live keys of one subject for one payment intent: a customer retrying their own intent
   * needs a few, not hundreds. Past it, that subject's new keys for the intent are refused.
   * Default 100.
   */
  maxEntriesPerIntent?: number;
  /**
   * The part of the room left in the store that one subject may hold, between 0 and 1: a
   * subject's new claim is refused once it holds `fairShare × (maxEntries − live entries)` or
   * more (the room left in bytes counts too, scaled to entries). As the store fills, the subjects
   * holding the most are refused first; a subject holding nothing is refused only when the store
   * is full. Default 0.02 (a fiftieth): 197 entries alone in an empty store of 10 000, fewer than
   * 10 once 500 are left (docs/server.md#idempotency-store-bounds).
   */
  fairShare?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}
