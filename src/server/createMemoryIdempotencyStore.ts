import type { IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';

/** The in-memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  get(key: string): IdempotencyRecord | undefined;
  set(key: string, record: IdempotencyRecord, ttlMs: number): void;
}

export interface MemoryIdempotencyStoreOptions {
  /** Most records kept; the oldest go first when full. Default 10 000. */
  maxEntries?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}

/**
 * The proxy's default idempotency store: in memory, per process, bounded in size (issue:
 * "in-memory store by default, bounded in size"). Records expire after their TTL; when full, the
 * oldest record is dropped, so a key older than the last `maxEntries` confirms is forwarded
 * again (with its `Idempotency-Key`, for the payments API to deduplicate).
 *
 * Use a shared store instead when the proxy runs on more than one instance.
 */
export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): MemoryIdempotencyStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError(`createMemoryIdempotencyStore: maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  }
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; `set` re-inserts, so the first entry is the oldest.
  const entries = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.record;
    },
    set(key, record, ttlMs) {
      const time = now();
      entries.delete(key);
      entries.set(key, { record, expiresAt: time + ttlMs });
      for (const [oldestKey, oldest] of entries) {
        if (entries.size <= maxEntries && oldest.expiresAt > time) break;
        entries.delete(oldestKey);
      }
    },
  };
}
