import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';

/** The in-memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  claim(key: string, fingerprint: string, lockMs: number, subject?: string): IdempotencyClaim;
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
  subject: string | undefined;
}

/** Per-entry cost besides its strings: the Map slot, the entry object, the record object. */
const ENTRY_OVERHEAD_BYTES = 200;

/** A full store looks for lapsed entries at most this often: a refused claim must stay cheap. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * The proxy's default idempotency store: in memory, per process, bounded in entries, in bytes and
 * in entries per subject. Entries lapse after their TTL (answers) or lock time (claims), and never
 * earlier: a full store refuses new claims (the proxy answers 503, or 429 for a subject past its
 * own bound, and sends nothing upstream) rather than drop another user's answer, so one client
 * cannot switch off everyone else's protection against double submits.
 *
 * Use a shared store (`payments-kit/server/redis`) when the proxy runs on more than one instance.
 *
 * @example
 * createPaymentsProxy({ …, idempotencyStore: createMemoryIdempotencyStore({ maxBytes: 64 * 1024 * 1024 }) })
 */
export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): MemoryIdempotencyStore {
  const maxEntries = positiveInteger('maxEntries', options.maxEntries ?? 10_000);
  const maxBytes = positiveInteger('maxBytes', options.maxBytes ?? 32 * 1024 * 1024);
  const maxPerSubject = positiveInteger('maxEntriesPerSubject', options.maxEntriesPerSubject ?? 1_000);
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Each subject's keys, so its bound is checked (and its lapsed entries found) without a full walk.
  const bySubject = new Map<string, Set<string>>();
  let bytes = 0;
  let tokens = 0;
  let sweptAt = -Infinity;

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
    if (entry.subject === undefined) return;
    const keys = bySubject.get(entry.subject);
    keys?.delete(key);
    if (keys?.size === 0) bySubject.delete(entry.subject);
  };
  const put = (key: string, entry: Entry) => {
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, entry);
    bytes += entry.bytes;
    if (entry.subject === undefined) return;
    let keys = bySubject.get(entry.subject);
    if (!keys) bySubject.set(entry.subject, (keys = new Set()));
    keys.add(key);
  };
  /** Whether `subject` holds fewer live entries than it may (dropping its lapsed ones). */
  const subjectHasRoom = (subject: string | undefined, time: number): boolean => {
    const keys = subject === undefined ? undefined : bySubject.get(subject);
    if (!keys || keys.size < maxPerSubject) return true;
    for (const key of keys) live(key, time);
    return keys.size < maxPerSubject;
  };
  const storeHasRoom = (time: number): boolean => {
    if (entries.size < maxEntries && bytes < maxBytes) return true;
    if (time - sweptAt >= SWEEP_INTERVAL_MS) {
      sweptAt = time;
      for (const [key, entry] of entries) if (entry.expiresAt <= time) remove(key, entry);
    }
    return entries.size < maxEntries && bytes < maxBytes;
  };

  return {
    claim(key, fingerprint, lockMs, subject) {
      const time = now();
      const entry = live(key, time);
      if (entry) {
        if (entry.fingerprint !== fingerprint) return { state: 'conflict' };
        return entry.record ? { state: 'completed', record: entry.record } : { state: 'in_flight' };
      }
      if (!subjectHasRoom(subject, time)) return { state: 'refused', reason: 'subject_full' };
      if (!storeHasRoom(time)) return { state: 'refused', reason: 'store_full' };
      tokens += 1;
      const token = `${time.toString(36)}.${tokens.toString(36)}`;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + fingerprint.length + token.length + (subject?.length ?? 0));
      put(key, { fingerprint, token, record: undefined, expiresAt: time + lockMs, bytes: size, subject });
      return { state: 'acquired', token };
    },
    complete(key, token, record, ttlMs) {
      const time = now();
      const entry = live(key, time);
      if (entry?.token !== token) return;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + record.fingerprint.length + record.body.length + (entry.subject?.length ?? 0));
      put(key, { fingerprint: record.fingerprint, token: undefined, record, expiresAt: time + ttlMs, bytes: size, subject: entry.subject });
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
