import { createHash, randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { startDeadline } from '../lib/deadline.js';
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from '../server/idempotency/IdempotencyStore.js';

/**
 * What the store needs of a node-redis client: `sendCommand`, as `createClient()` (and
 * `createClientPool()`) of the `redis` package (node-redis 6) have it. `isReady`, when present,
 * lets the store refuse a command at once while the client is reconnecting.
 *
 * The store sends `EVALSHA` (and, when Redis does not know the script yet, `EVAL`), and nothing
 * else: each with six keys under the store's prefix (the entry, its subject's set, the set of
 * the subject's keys for the payment intent, the store's set, the set of answers kept for the
 * TTL, and the set of answers kept only briefly).
 */
export interface RedisStoreClient {
  sendCommand(args: string[], options?: { abortSignal?: AbortSignal; timeout?: number }): Promise<unknown>;
  readonly isReady?: boolean;
}

export interface RedisIdempotencyStoreOptions {
  /**
   * A connected node-redis client (`await client.connect()` first), shared with the rest of the
   * process if you like. Create it with `disableOfflineQueue: true` and give it an `error`
   * listener: see {@link createRedisIdempotencyStore}.
   */
  client: RedisStoreClient;
  /** Prepended to every key the store writes. Default `payments-kit:idem:`. */
  prefix?: string;
  /**
   * Longest wait for one store step (one round trip, two when Redis has to be sent a script it
   * does not hold yet), in ms. Past it the step rejects and the proxy answers the confirm 503
   * `idempotency_store_unavailable` without calling upstream. Default 1000.
   */
  commandTimeoutMs?: number;
  /**
   * Largest answer kept for replay, in bytes (UTF-8 of the answer's body plus its fingerprint).
   * A larger answer is not stored: the claim is released instead, so a retry with the same key
   * goes upstream again (with its `Idempotency-Key`, for the payments API to deduplicate if it does).
   * Default 256 KiB.
   */
  maxRecordBytes?: number;
  /**
   * Most live entries (claims and answers) in the store, across every instance,
   * `reservedForClaims` of them kept back from answers kept for the TTL. Answers kept for the TTL
   * are never dropped to make room. Default 100 000.
   */
  maxEntries?: number;
  /**
   * How many of `maxEntries` are kept back from answers kept for the TTL, for confirms that find
   * that room spent: for the whole store (many subjects each left an answer) or for their subject
   * (it holds its `fairShare`). Such a confirm is still sent, once: its claim holds its key on
   * every instance while it is in flight and is never dropped, and its answer is replayed only
   * until the claim's lock time ends, giving way to a new claim before then. A new key is refused
   * (503 `idempotency_store_full`, nothing sent upstream) only when this room is all claims in
   * flight. Default a tenth of `maxEntries` (10 000 of 100 000); `0` refuses every new key once
   * answers fill the store (docs/many-instances.md#sizing-redis).
   */
  reservedForClaims?: number;
  /**
   * Most live entries of one subject (the user the proxy's limits count), across every instance;
   * past it, that subject's new claims are refused (429 `rate_limited`, nothing sent upstream).
   * Default 1 000.
   */
  maxEntriesPerSubject?: number;
  /**
   * Most live keys of one subject for one payment intent, across every instance: a customer
   * retrying their own intent needs a few, not hundreds. Past it, that subject's new keys for the
   * intent are refused (429 `rate_limited`, nothing sent upstream). Default 100.
   */
  maxEntriesPerIntent?: number;
  /**
   * The part of the room left for answers kept for the TTL that one subject may hold, between 0
   * and 1: once a subject holds `fairShare × (maxEntries − reservedForClaims − answers kept)` or
   * more, its next answers are kept only briefly, as when that room is spent (see
   * `reservedForClaims`). As the store fills, the subjects holding the most lose the 24 h replay
   * first. Default 0.02 (a fiftieth): its own bound of 1 000 in an empty store of 100 000.
   */
  fairShare?: number;
}

/** The Redis store answers with promises. */
export interface RedisIdempotencyStore extends IdempotencyStore {
  claim(key: string, fingerprint: string, lockMs: number, subject?: string, intent?: string): Promise<IdempotencyClaim>;
  complete(key: string, token: string, record: IdempotencyRecord, ttlMs: number): Promise<void>;
  release(key: string, token: string): Promise<void>;
}

/** The default bound on a stored answer: confirm answers are a few hundred bytes. */
export const DEFAULT_MAX_RECORD_BYTES = 256 * 1024;
const DEFAULT_PREFIX = 'payments-kit:idem:';
const DEFAULT_COMMAND_TIMEOUT_MS = 1000;
const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_MAX_ENTRIES_PER_SUBJECT = 1_000;
const DEFAULT_MAX_ENTRIES_PER_INTENT = 100;
const DEFAULT_FAIR_SHARE = 0.02;
/** The part of `maxEntries` kept back for claims when `reservedForClaims` is not given. */
const DEFAULT_RESERVED_PART = 0.1;

// One Redis hash per key. Claimed: f (fingerprint), t (the claim's token), and p = 1 when its
// answer is not to be kept for the TTL (a claim in the room kept back for claims), expiring after
// the lock time. Completed and kept: f, s (status), b (body), expiring after the TTL. Completed
// and not kept: f, s, b, p, and the names of its subject's and intent's sets (ks, ki, so that
// another claim can drop it), expiring when its claim would have. Beside them, sorted sets of keys
// scored by when each lapses: one per subject, one per subject and payment intent, one for the
// whole store, one for the answers kept for the TTL and their claims, and one for the answers
// kept only briefly, so that every bound counts live entries only (the lapsed are dropped first).
// Each script is one atomic step: Redis runs a script with nothing else in between. Times are
// Redis's own clock, the same for every instance.

/** The current time in ms, on Redis's clock. */
const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/** Scores `KEYS[1]` in the set `set` to lapse at `at`, and keeps the set for as long as `ms`. */
const TRACK = `
local function track(set, at, ms)
  redis.call('ZADD', set, at, KEYS[1])
  if redis.call('PTTL', set) < ms then redis.call('PEXPIRE', set, ms) end
end
`;

/**
 * KEYS[1] key, KEYS[2] the subject's set (or ""), KEYS[3] the store's set, KEYS[4] the subject's
 * set for the intent (or ""), KEYS[5] the set of kept entries, KEYS[6] the set of brief answers;
 * ARGV fingerprint, new token, lockMs, maxPerSubject, maxEntries, maxPerIntent, fairShare,
 * reservedForClaims → {'acquired', '1' kept | '0' not} | {'in_flight'} | {'conflict'} |
 * {'completed', status, body} | {'refused', 'subject_full' | 'intent_full' | 'store_full'}. The
 * checks are those of the memory store, in its order: the subject's bound, the subject's keys for
 * the intent, the subject's share of the room for kept answers (which decides whether this answer
 * is kept), then room for the claim itself, made by dropping the oldest brief answers (never a
 * claim, never a kept answer).
 */
const CLAIM = `
local fingerprint = redis.call('HGET', KEYS[1], 'f')
if fingerprint then
  if fingerprint ~= ARGV[1] then return {'conflict'} end
  local answer = redis.call('HMGET', KEYS[1], 's', 'b')
  if not answer[1] then return {'in_flight'} end
  return {'completed', answer[1], answer[2]}
end
${NOW}${TRACK}
local lock = tonumber(ARGV[3])
local maxEntries = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', now)
local held = 0
if KEYS[2] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  held = redis.call('ZCARD', KEYS[2])
  if held >= tonumber(ARGV[4]) then return {'refused', 'subject_full'} end
end
if KEYS[4] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
  if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[6]) then return {'refused', 'intent_full'} end
end
local free = maxEntries - tonumber(ARGV[8]) - redis.call('ZCARD', KEYS[5])
local kept = free > 0 and (KEYS[2] == '' or held < tonumber(ARGV[7]) * free)
local room = maxEntries - redis.call('ZCARD', KEYS[3])
while room <= 0 do
  local oldest = redis.call('ZRANGE', KEYS[6], 0, 0)[1]
  if not oldest then return {'refused', 'store_full'} end
  redis.call('ZREM', KEYS[6], oldest)
  if redis.call('HGET', oldest, 'p') == '1' and redis.call('HGET', oldest, 's') then
    local sets = redis.call('HMGET', oldest, 'ks', 'ki')
    redis.call('DEL', oldest)
    redis.call('ZREM', KEYS[3], oldest)
    if sets[1] and sets[1] ~= '' then redis.call('ZREM', sets[1], oldest) end
    if sets[2] and sets[2] ~= '' then redis.call('ZREM', sets[2], oldest) end
    room = room + 1
  end
end
redis.call('DEL', KEYS[1])
if kept then
  redis.call('HSET', KEYS[1], 'f', ARGV[1], 't', ARGV[2])
else
  redis.call('HSET', KEYS[1], 'f', ARGV[1], 't', ARGV[2], 'p', '1')
end
redis.call('PEXPIRE', KEYS[1], lock)
if KEYS[2] ~= '' then track(KEYS[2], now + lock, lock) end
if KEYS[4] ~= '' then track(KEYS[4], now + lock, lock) end
track(KEYS[3], now + lock, lock)
if kept then
  track(KEYS[5], now + lock, lock)
  return {'acquired', '1'}
end
return {'acquired', '0'}
`;

/**
 * KEYS as for CLAIM; ARGV token, fingerprint, status, body, ttlMs → 1 stored, 0 not the token's
 * claim. A kept claim's answer lives for the TTL; another's only until its claim would have lapsed.
 */
const COMPLETE = `
if redis.call('HGET', KEYS[1], 't') ~= ARGV[1] then return 0 end
${NOW}${TRACK}
if redis.call('HGET', KEYS[1], 'p') == '1' then
  local left = redis.call('PTTL', KEYS[1])
  if left <= 0 then return 0 end
  redis.call('HDEL', KEYS[1], 't')
  redis.call('HSET', KEYS[1], 'f', ARGV[2], 's', ARGV[3], 'b', ARGV[4], 'ks', KEYS[2], 'ki', KEYS[4])
  track(KEYS[6], now + left, left)
  return 1
end
local ttl = tonumber(ARGV[5])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'f', ARGV[2], 's', ARGV[3], 'b', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ttl)
if KEYS[2] ~= '' then track(KEYS[2], now + ttl, ttl) end
if KEYS[4] ~= '' then track(KEYS[4], now + ttl, ttl) end
track(KEYS[3], now + ttl, ttl)
track(KEYS[5], now + ttl, ttl)
return 1
`;

/** KEYS as for CLAIM; ARGV token → 1 freed, 0 not the token's claim. */
const RELEASE = `
if redis.call('HGET', KEYS[1], 't') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
if KEYS[2] ~= '' then redis.call('ZREM', KEYS[2], KEYS[1]) end
if KEYS[4] ~= '' then redis.call('ZREM', KEYS[4], KEYS[1]) end
redis.call('ZREM', KEYS[3], KEYS[1])
redis.call('ZREM', KEYS[5], KEYS[1])
return 1
`;
/** Whom a claim counts against. */
interface Owner {
  subject?: string | undefined;
  intent?: string | undefined;
}

interface Script {
  source: string;
  sha1: string;
}

const script = (source: string): Script => ({ source, sha1: createHash('sha1').update(source).digest('hex') });
const SCRIPTS = { claim: script(CLAIM), complete: script(COMPLETE), release: script(RELEASE) };

/**
 * An idempotency store in Redis, for a proxy that runs on more than one instance
 * (docs/many-instances.md): every instance given a store on the same Redis sees the same
 * claims and answers, so a confirm reaches the payments API once whichever instance each retry
 * lands on.
 *
 * Each step is one Lua script, run atomically by Redis in one round trip: `claim` takes a free
 * key or reports what holds it (the fingerprint is compared in Redis), `complete` stores the
 * answer and `release` frees the key only while the caller's token still holds the claim. Keys
 * are `prefix` + the proxy's key; a claim expires after its lock time, an answer after its TTL.
 *
 * Answers larger than `maxRecordBytes` (256 KiB by default) are not stored: the claim is
 * released instead, and a retry goes upstream again with the same `Idempotency-Key`.
 *
 * Bounded so that no client can fill Redis, nor the store for everyone else: each subject holds at
 * most `maxEntriesPerSubject` live entries and `maxEntriesPerIntent` keys per payment intent
 * (past either, its new claims are refused), and the store `maxEntries`, all counted in Redis for
 * every instance. Answers are kept for the TTL in the room less `reservedForClaims`, each subject
 * holding a `fairShare` of that room left, and are never dropped before it. A confirm that finds
 * that room spent (many guests each left an answer) is still sent once: its claim, in the room
 * kept back, holds the key on every instance and is never dropped, and its answer is replayed
 * until that claim's lock time ends. A new key is refused only when the room kept back is all
 * claims in flight. Give Redis the room for `maxEntries` (docs/many-instances.md#sizing-redis)
 * and `maxmemory-policy noeviction`, so that Redis itself never drops a stored answer either.
 *
 * Fails closed: a step that errors, finds the client offline, or takes longer than
 * `commandTimeoutMs` rejects, and the proxy answers the confirm 503
 * `idempotency_store_unavailable` without calling upstream. Configure the client so that it
 * cannot hold a command back for long:
 * - `disableOfflineQueue: true`: while reconnecting, commands are refused at once instead of
 *   queued (the store also refuses when `client.isReady` is false, and drops a queued command
 *   at its timeout, so none is sent after the proxy answered 503);
 * - an `error` listener: node-redis emits `error` on every lost connection, and an unhandled
 *   `error` event ends the Node process;
 * - reconnection is node-redis's own (`socket.reconnectStrategy`; the default retries forever,
 *   backing off to 2 s, but gives up after a `socketTimeout`: set a strategy if you set one).
 *
 * @example
 * import { createClient } from 'redis';
 * import { createPaymentsProxy, serve } from 'payments-kit/server/node';
 * import { createRedisIdempotencyStore } from 'payments-kit/server/redis';
 *
 * const client = createClient({
 *   url: process.env.PAYMENTS_REDIS_URL,
 *   disableOfflineQueue: true,
 *   socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
 * });
 * client.on('error', (error) => console.warn('redis:', error.message));
 * await client.connect();
 * const paymentsProxy = createPaymentsProxy({
 *   baseUrl, legacyBaseUrl, credentials,
 *   idempotencyStore: createRedisIdempotencyStore({ client }),
 * });
 * await serve(paymentsProxy, { port: 3000 });
 */
export function createRedisIdempotencyStore(options: RedisIdempotencyStoreOptions): RedisIdempotencyStore {
  const { client } = options;
  if (typeof (client as Partial<RedisStoreClient> | undefined)?.sendCommand !== 'function') {
    throw new TypeError('createRedisIdempotencyStore: client must be a node-redis client (createClient from "redis").');
  }
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  if (typeof prefix !== 'string') throw new TypeError('createRedisIdempotencyStore: prefix must be a string.');
  const commandTimeoutMs = positiveInteger('commandTimeoutMs', options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  const maxRecordBytes = positiveInteger('maxRecordBytes', options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES);
  const maxPerSubject = String(positiveInteger('maxEntriesPerSubject', options.maxEntriesPerSubject ?? DEFAULT_MAX_ENTRIES_PER_SUBJECT));
  const maxPerIntent = String(positiveInteger('maxEntriesPerIntent', options.maxEntriesPerIntent ?? DEFAULT_MAX_ENTRIES_PER_INTENT));
  const maxEntriesCount = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const reserved = String(reservedOf(options.reservedForClaims ?? Math.ceil(maxEntriesCount * DEFAULT_RESERVED_PART), maxEntriesCount));
  const fairShare = String(shareOfRoom(options.fairShare ?? DEFAULT_FAIR_SHARE));
  const storeSet = `${prefix}~all`;
  const keptSet = `${prefix}~kept`;
  const briefSet = `${prefix}~brief`;
  // The subject and intent of each claim this instance holds, for its complete or release (the
  // instance that claims a key is the one that settles it).
  const owners = new Map<string, Owner>();
  const keysOf = (key: string, { subject, intent }: Owner) => [
    prefix + key,
    subject === undefined ? '' : `${prefix}~subject:${subject}`,
    storeSet,
    // JSON keeps subject and intent apart whatever characters they hold.
    subject === undefined || intent === undefined ? '' : `${prefix}~intent:${JSON.stringify([subject, intent])}`,
    keptSet,
    briefSet,
  ];

  /** Runs one script within `commandTimeoutMs`, loading it into Redis when Redis lacks it. */
  async function run(step: keyof typeof SCRIPTS, keys: string[], args: string[]): Promise<unknown> {
    if (client.isReady === false) {
      throw new Error(`payments-kit redis store: the client is not connected, ${step} refused.`);
    }
    const { source, sha1 } = SCRIPTS[step];
    const tail = [String(keys.length), ...keys, ...args];
    // The kit's one deadline: its signal also drops the command if the client still holds it unsent.
    const deadline = startDeadline(commandTimeoutMs);
    // `timeout` too: node-redis then drops a queued command itself, even if the abort is missed.
    const commandOptions = { abortSignal: deadline.signal, timeout: commandTimeoutMs };
    const send = async () => {
      try {
        return await client.sendCommand(['EVALSHA', sha1, ...tail], commandOptions);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
        // Redis restarted or flushed its scripts: send the source (Redis keeps it for next time).
        return await client.sendCommand(['EVAL', source, ...tail], commandOptions);
      }
    };
    try {
      return await deadline.race(send());
    } catch (error) {
      if (!deadline.expired) throw error;
      throw new Error(`payments-kit redis store: ${step} took longer than ${commandTimeoutMs} ms.`, { cause: error });
    } finally {
      deadline.clear();
    }
  }

  /** The owner of `token`'s claim, forgotten: complete and release settle a claim once. */
  const ownerOf = (token: string): Owner => {
    const owner = owners.get(token) ?? {};
    owners.delete(token);
    return owner;
  };
  const release = async (key: string, token: string): Promise<void> => {
    await run('release', keysOf(key, ownerOf(token)), [token]);
  };

  return {
    async claim(key, fingerprint, lockMs, subject, intent) {
      const token = randomUUID();
      const owner = { subject, intent };
      const reply = await run('claim', keysOf(key, owner), [fingerprint, token, String(milliseconds('lockMs', lockMs)), maxPerSubject, String(maxEntriesCount), maxPerIntent, fairShare, reserved]);
      if (!Array.isArray(reply)) throw unexpected('claim', reply);
      const [state, status, body] = reply.map(text) as [string | undefined, string | undefined, string | undefined];
      switch (state) {
        case 'acquired':
          if (status !== '0' && status !== '1') throw unexpected('claim', reply);
          owners.set(token, owner);
          return { state: 'acquired', token, kept: status === '1' };
        case 'refused':
          if (status !== 'subject_full' && status !== 'intent_full' && status !== 'store_full') throw unexpected('claim', reply);
          return { state: 'refused', reason: status };
        case 'in_flight':
          return { state: 'in_flight' };
        case 'conflict':
          return { state: 'conflict' };
        case 'completed':
          if (status === undefined || body === undefined || !/^\d{3}$/.test(status)) throw unexpected('claim', reply);
          return { state: 'completed', record: { fingerprint, status: Number(status), body } };
        default:
          throw unexpected('claim', reply);
      }
    },
    async complete(key, token, record, ttlMs) {
      const bytes = Buffer.byteLength(record.body, 'utf8') + Buffer.byteLength(record.fingerprint, 'utf8');
      if (bytes > maxRecordBytes) {
        // Too large to keep: free the key, as for an unknown outcome.
        await release(key, token);
        return;
      }
      const ttl = String(milliseconds('ttlMs', ttlMs));
      await run('complete', keysOf(key, ownerOf(token)), [token, record.fingerprint, String(record.status), record.body, ttl]);
    },
    release,
  };
}

/** A reply element as text: node-redis answers strings, or Buffers under a Buffer type mapping. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
}

function unexpected(step: string, reply: unknown): Error {
  return new Error(`payments-kit redis store: unexpected ${step} reply ${inspect(reply, { depth: 2, maxStringLength: 100 })}.`);
}

/** A duration for PEXPIRE: a whole number of ms, at least 1. */
function milliseconds(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`payments-kit redis store: ${name} must be a positive number, got ${String(value)}.`);
  return Math.max(1, Math.ceil(value));
}

/** `reservedForClaims`: a whole number of entries, from 0 to `maxEntries`. */
function reservedOf(value: number, maxEntries: number): number {
  if (!Number.isInteger(value) || value < 0 || value > maxEntries) {
    throw new TypeError(`createRedisIdempotencyStore: reservedForClaims must be a whole number from 0 to maxEntries (${String(maxEntries)}), got ${String(value)}.`);
  }
  return value;
}

/** `fairShare`: a part of the room, above 0 and at most 1. */
function shareOfRoom(value: number): number {
  if (!(Number.isFinite(value) && value > 0 && value <= 1)) {
    throw new TypeError(`createRedisIdempotencyStore: fairShare must be a number above 0 and at most 1, got ${String(value)}.`);
  }
  return value;
}

function positiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`createRedisIdempotencyStore: ${option} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}
