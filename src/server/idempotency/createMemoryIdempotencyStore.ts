import { checkNumberOption } from '../../lib/checkNumberOption.js';
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
  /**
   * Whether the answer is kept for the TTL. An entry that is not (taken in the room kept back
   * for claims) keeps its answer only until the claim's lock time ends, and gives way to a new
   * claim before then (see `passing` below).
   */
  kept: boolean;
}

/** Names the option in a refusal. */
const OWNER = 'createMemoryIdempotencyStore: ';

/** Per-entry cost besides its strings: the Map slot, the entry object, the record object. */
const ENTRY_OVERHEAD_BYTES = 200;

/** A full store looks for lapsed entries at most this often: a refused claim must stay cheap. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * The proxy's default idempotency store: in memory, per process, bounded in entries, in bytes, in
 * entries per subject and per subject's payment intent.
 *
 * Answers are kept for replay (24 h by default) in the store's room less `reservedForClaims`,
 * each subject holding only a share of that room left (`fairShare`), and are never dropped before
 * their TTL. Whoever finds that room spent (many guests each left an answer, or the subject
 * holds its share) is still served: the confirm takes a claim in the room kept back, so a double
 * click or a second tab still waits for the one upstream call, and its answer is replayed until
 * that claim's lock time ends (the lock time of the proxy: `timeoutMs` plus a few seconds), giving
 * way to a new claim before then if the room is needed. So however many subjects fill the store,
 * a new customer's confirm is refused (503, nothing sent upstream) only while `reservedForClaims`
 * confirms are in flight at once. A subject past `maxEntriesPerSubject`, or its payment intent
 * past `maxEntriesPerIntent`, is refused (429).
 *
 * Use a shared store (`payments-kit/server/redis`) when the proxy runs on more than one instance.
 *
 * @example
 * createPaymentsProxy({ …, idempotencyStore: createMemoryIdempotencyStore({ maxBytes: 64 * 1024 * 1024 }) })
 */
export function createMemoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): MemoryIdempotencyStore {
  const maxEntries = checkNumberOption(`${OWNER}maxEntries`, options.maxEntries ?? 10_000);
  const maxBytes = checkNumberOption(`${OWNER}maxBytes`, options.maxBytes ?? 32 * 1024 * 1024);
  const maxPerSubject = checkNumberOption(`${OWNER}maxEntriesPerSubject`, options.maxEntriesPerSubject ?? 1_000);
  const maxPerIntent = checkNumberOption(`${OWNER}maxEntriesPerIntent`, options.maxEntriesPerIntent ?? 100);
  const reserved = checkNumberOption(`${OWNER}reservedForClaims`, options.reservedForClaims ?? Math.ceil(maxEntries / 10), 0, maxEntries);
  const fairShare = checkNumberOption(`${OWNER}fairShare`, options.fairShare ?? 0.02, 0, 1, false, true);
  const now = options.now ?? Date.now;
  // The room for answers kept for the TTL: the same part of the entries and of the bytes.
  const keptEntriesCap = maxEntries - reserved;
  const keptBytesCap = (maxBytes * keptEntriesCap) / maxEntries;
  const entries = new Map<string, Entry>();
  // Each subject's keys, so its bounds are checked (and its lapsed entries found) without a full walk.
  const bySubject = new Map<string, Set<string>>();
  // Live keys per subject and intent: counts only, as a subject's lapsed keys are dropped through bySubject.
  const intentCounts = new Map<string, number>();
  // Answers not kept for the TTL, oldest first: they give way to new claims.
  const passing = new Map<string, Entry>();
  let bytes = 0;
  let keptCount = 0;
  let keptBytes = 0;
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
    if (entry.kept) {
      keptCount -= 1;
      keptBytes -= entry.bytes;
    }
    if (passing.get(key) === entry) passing.delete(key);
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
    if (entry.kept) {
      keptCount += 1;
      keptBytes += entry.bytes;
    } else if (entry.record) {
      passing.set(key, entry);
    }
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
  /** The room left in the whole store, in entries: the smaller of what the entry bound and the byte bound leave. */
  const room = () => Math.min(maxEntries - entries.size, ((maxBytes - bytes) / maxBytes) * maxEntries);
  /** The room left for answers kept for the TTL, in entries, measured the same way. */
  const keptRoom = () => (keptEntriesCap === 0 ? 0 : Math.min(keptEntriesCap - keptCount, ((keptBytesCap - keptBytes) / keptBytesCap) * keptEntriesCap));
  /** Drops every lapsed entry, at most once per SWEEP_INTERVAL_MS: a refused claim must stay cheap. */
  const sweep = (time: number) => {
    if (time - sweptAt < SWEEP_INTERVAL_MS) return;
    sweptAt = time;
    for (const [key, entry] of entries) if (entry.expiresAt <= time) remove(key, entry);
  };
  /** Drops answers that are not kept for the TTL, oldest first, until one entry fits: claims and kept answers are never dropped. */
  const makeRoom = () => {
    for (const [key, entry] of passing) {
      if (room() > 0) return;
      remove(key, entry);
    }
  };
  /**
   * Whether a new claim is taken, and kept for the TTL: the subject's own bounds first (429),
   * then its share of the room for kept answers, then any room at all (503 when there is none).
   */
  const decide = (subject: string | undefined, intentKey: string | undefined, time: number): IdempotencyRefusal | 'kept' | 'passing' => {
    // Only when a bound is near: the subject's lapsed entries are dropped, then everyone's.
    const check = (): IdempotencyRefusal | 'kept' | 'passing' => {
      let held = 0;
      if (subject !== undefined) {
        held = heldBy(subject, time, Math.min(maxPerSubject, Math.max(0, fairShare * keptRoom())));
        if (held >= maxPerSubject) return 'subject_full';
        if (intentKey !== undefined && (intentCounts.get(intentKey) ?? 0) >= maxPerIntent) {
          heldBy(subject, time, 0);
          if ((intentCounts.get(intentKey) ?? 0) >= maxPerIntent) return 'intent_full';
        }
      }
      const free = keptRoom();
      const keep = free > 0 && (subject === undefined || held < fairShare * free);
      if (room() > 0) return keep ? 'kept' : 'passing';
      return 'store_full';
    };
    const first = check();
    if (first === 'kept' || first === 'intent_full') return first;
    sweep(time);
    const second = check();
    if (second !== 'store_full') return second;
    makeRoom();
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
      const decided = decide(subject, intentKey, time);
      if (decided !== 'kept' && decided !== 'passing') return { state: 'refused', reason: decided };
      const kept = decided === 'kept';
      tokens += 1;
      const token = `${time.toString(36)}.${tokens.toString(36)}`;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + fingerprint.length + token.length + (intentKey?.length ?? subject?.length ?? 0));
      put(key, { fingerprint, token, record: undefined, expiresAt: time + lockMs, bytes: size, subject, intentKey, kept });
      return { state: 'acquired', token, kept };
    },
    complete(key, token, record, ttlMs) {
      const time = now();
      const entry = live(key, time);
      if (entry?.token !== token) return;
      const { subject, intentKey, kept } = entry;
      const size = ENTRY_OVERHEAD_BYTES + 2 * (key.length + record.fingerprint.length + record.body.length + (intentKey?.length ?? subject?.length ?? 0));
      // An answer not kept for the TTL lives no longer than its claim would have, and only while
      // the store has the bytes for it: past them the key is freed, as for an unknown outcome.
      if (!kept && bytes - entry.bytes + size > maxBytes) {
        remove(key, entry);
        return;
      }
      put(key, { fingerprint: record.fingerprint, token: undefined, record, expiresAt: kept ? time + ttlMs : entry.expiresAt, bytes: size, subject, intentKey, kept });
    },
    release(key, token) {
      const entry = live(key, now());
      if (entry?.token === token) remove(key, entry);
    },
    usage() {
      return { entries: entries.size, bytes, kept: keptCount };
    },
  };
}
