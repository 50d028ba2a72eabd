import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';

/** The in-memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  claim(key: string, fingerprint: string, lockMs: number): IdempotencyClaim;
  complete(key: string, token: string, record: IdempotencyRecord, ttlMs: number): void;
  release(key: string, token: string): void;
  /** What the store holds now: entries (claims and answers) and their approximate bytes. */
  usage(): { entries: number; bytes: number };
}

export interface MemoryIdempotencyStoreOptions {
  /** Most entries kept (claims and stored answers); the oldest go first when full. Default 10 000. */
  maxEntries?: number;
  /**
   * Most bytes kept, counted as two bytes per character of each key, fingerprint and stored
   * answer (how JavaScript strings hold them) plus a fixed 200 per entry for the entry itself; the
   * oldest entries go first when full. Default 32 MiB.
   */
  maxBytes?: number;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  fingerprint: string;
  /** The claim's token while claimed; undefined once completed. */
  token: string | undefined;
  record: IdempotencyRecord | undefined;
  expiresAt: number;
  bytes: number;
}

/** Per-entry cost besides its strings: the Map slot, the entry object, the record object. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The proxy's default idempotency store: in memory, per process, bounded in entries and in bytes.
 * Entries expire after their TTL (answers) or lock time (claims); when full, the oldest entry is
 * dropped, so a key older than the last `maxEntries` confirms (or the last `maxBytes` of answers)
 * is forwarded again — with its `Idempotency-Key`, for the payments API to deduplicate if it does.
 *
 * Use a shared store (`payments-kit/server/redis`) when the proxy runs on more than one instance.
 *
 * @example
 * createPaymentsProxy({ …, idempotencyStore: createMemoryIdempotencyStore({ maxBytes: 64 * 1024 * 1024 }) })
 */
export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): MemoryIdempotencyStore {
  const maxEntries = positiveInteger('maxEntries', options.maxEntries ?? 10_000);
  const maxBytes = positiveInteger('maxBytes', options.maxBytes ?? 32 * 1024 * 1024);
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; every write re-inserts, so the first entry is the oldest.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let tokens = 0;

  const live = (key: string, time: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= time) {
      remove(key, entry);
      return undefined;
    }
    return entry;
  };
  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const put = (key: string, entry: Entry, time: number) => {
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes && oldest.expiresAt > time) break;
      remove(oldestKey, oldest);
    }
  };

  return {
    claim(key, fingerprint, lockMs) {
      const time = now();
      const entry = live(key, time);
      if (entry) {
        if (entry.fingerprint !== fingerprint) return { state: 'conflict' };
        return entry.record ? { state: 'completed', record: entry.record } : { state: 'in_flight' };
      }
      tokens += 1;
      const token = `${time.toString(36)}.${tokens.toString(36)}`;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + fingerprint.length + token.length);
      put(key, { fingerprint, token, record: undefined, expiresAt: time + lockMs, bytes: size }, time);
      return { state: 'acquired', token };
    },
    complete(key, token, record, ttlMs) {
      const time = now();
      const entry = live(key, time);
      if (entry?.token !== token) return;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + record.fingerprint.length + record.body.length);
      put(key, { fingerprint: record.fingerprint, token: undefined, record, expiresAt: time + ttlMs, bytes: size }, time);
    },
    release(key, token) {
      const entry = live(key, now());
      if (entry?.token === token) remove(key, entry);
    },
    usage() {
      return { entries: entries.size, bytes };
    },
  };
}

function positiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`createMemoryIdempotencyStore: ${option} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}
