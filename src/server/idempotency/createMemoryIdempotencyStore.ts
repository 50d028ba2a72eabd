import type { IdempotencyRecord, IdempotencyRefusal } from './IdempotencyStore.js';
import type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './MemoryIdempotencyStore.js';

interface Entry {
  fingerprint: string;
  /** The claim's token while claimed; undefined once completed. */
  token: string | undefined;
  record: IdempotencyRecord | undefined;
  expiresAt: number;
  bytes: number;
  subject: string | undefined;
  /** The subject's key for the intent's count (see `intentCounts`), when both are known. */
  intentKey: string | undefined;
}

/** Per-entry cost besides its strings: the Map slot, the entry object, the record object. */
const ENTRY_OVERHEAD_BYTES = 200;

/** A full store looks for lapsed entries at most this often: a refused claim must stay cheap. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * The proxy's default idempotency store: in memory, per process, bounded in entries, in bytes, in
 * entries per subject and per subject's payment intent, and fair: each subject may hold only a
 * share of the room left (`fairShare`), so as the store fills the subjects holding the most are
 * refused first, and a customer who holds nothing is refused only when it is full. Entries lapse
 * after their TTL (answers) or lock time (claims), and never earlier: a full store refuses new
 * claims (the proxy answers 503, or 429 for a subject past its own bounds, and sends nothing
 * upstream) rather than drop another user's answer, so one client cannot switch off everyone
 * else's protection against double submits.
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
  const maxPerIntent = positiveInteger('maxEntriesPerIntent', options.maxEntriesPerIntent ?? 100);
  const fairShare = shareOfRoom(options.fairShare ?? 0.02);
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Each subject's keys, so its bounds are checked (and its lapsed entries found) without a full walk.
  const bySubject = new Map<string, Set<string>>();
  // Live keys per subject and intent: counts only, as a subject's lapsed keys are dropped through bySubject.
  const intentCounts = new Map<string, number>();
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
    if (entry.intentKey !== undefined) {
      const count = (intentCounts.get(entry.intentKey) ?? 1) - 1;
      if (count > 0) intentCounts.set(entry.intentKey, count);
      else intentCounts.delete(entry.intentKey);
    }
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
    if (entry.intentKey !== undefined) intentCounts.set(entry.intentKey, (intentCounts.get(entry.intentKey) ?? 0) + 1);
    if (entry.subject === undefined) return;
    let keys = bySubject.get(entry.subject);
    if (!keys) bySubject.set(entry.subject, (keys = new Set()));
    keys.add(key);
  };
  /** The live entries `subject` holds, once its lapsed ones are dropped (only looked for when they matter). */
  const heldBy = (subject: string, time: number, enough: number): number => {
    const keys = bySubject.get(subject);
    if (!keys) return 0;
    if (keys.size < enough) return keys.size;
    for (const key of keys) live(key, time);
    return keys.size;
  };
  /** The room left, in entries: the smaller of what the entry bound and the byte bound leave. */
  const room = () => Math.min(maxEntries - entries.size, ((maxBytes - bytes) / maxBytes) * maxEntries);
  /** Drops every lapsed entry, at most once per SWEEP_INTERVAL_MS: a refused claim must stay cheap. */
  const sweep = (time: number) => {
    if (time - sweptAt < SWEEP_INTERVAL_MS) return;
    sweptAt = time;
    for (const [key, entry] of entries) if (entry.expiresAt <= time) remove(key, entry);
  };
  const refusal = (subject: string | undefined, intentKey: string | undefined, time: number): IdempotencyRefusal | undefined => {
    // Only when a bound is near: the subject's lapsed entries are dropped, then everyone's.
    const check = (): IdempotencyRefusal | undefined => {
      const free = room();
      if (free <= 0) return 'store_full';
      if (subject === undefined) return undefined;
      const held = heldBy(subject, time, Math.min(maxPerSubject, fairShare * free));
      if (held >= maxPerSubject || held >= fairShare * room()) return 'subject_full';
      if (intentKey === undefined || (intentCounts.get(intentKey) ?? 0) < maxPerIntent) return undefined;
      heldBy(subject, time, 0);
      return (intentCounts.get(intentKey) ?? 0) < maxPerIntent ? undefined : 'intent_full';
    };
    const first = check();
    if (first === undefined || first === 'intent_full') return first;
    sweep(time);
    return check();
  };

  return {
    claim(key, fingerprint, lockMs, subject, intent) {
      const time = now();
      const entry = live(key, time);
      if (entry) {
        if (entry.fingerprint !== fingerprint) return { state: 'conflict' };
        return entry.record ? { state: 'completed', record: entry.record } : { state: 'in_flight' };
      }
      const intentKey = subject === undefined || intent === undefined ? undefined : JSON.stringify([subject, intent]);
      const refused = refusal(subject, intentKey, time);
      if (refused) return { state: 'refused', reason: refused };
      tokens += 1;
      const token = `${time.toString(36)}.${tokens.toString(36)}`;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + fingerprint.length + token.length + (intentKey?.length ?? subject?.length ?? 0));
      put(key, { fingerprint, token, record: undefined, expiresAt: time + lockMs, bytes: size, subject, intentKey });
      return { state: 'acquired', token };
    },
    complete(key, token, record, ttlMs) {
      const time = now();
      const entry = live(key, time);
      if (entry?.token !== token) return;
      const { subject, intentKey } = entry;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + record.fingerprint.length + record.body.length + (intentKey?.length ?? subject?.length ?? 0));
      put(key, { fingerprint: record.fingerprint, token: undefined, record, expiresAt: time + ttlMs, bytes: size, subject, intentKey });
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

/** `fairShare`: a part of the room, above 0 and at most 1. */
function shareOfRoom(value: number): number {
  if (!(Number.isFinite(value) && value > 0 && value <= 1)) {
    throw new TypeError(`createMemoryIdempotencyStore: fairShare must be a number above 0 and at most 1, got ${String(value)}.`);
  }
  return value;
}

function positiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`createMemoryIdempotencyStore: ${option} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}
