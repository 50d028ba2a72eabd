// The Redis idempotency store against a real redis-server (no mocks): every step of the state
// machine, expiry, stale tokens, the TTL kept, key namespacing, the size bound, and failing
// closed when Redis is slow or gone.
import { randomUUID } from 'node:crypto';
import { createClient, type createClientPool } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisIdempotencyStore, DEFAULT_MAX_RECORD_BYTES, type IdempotencyStore, type RedisStoreClient } from 'payments-kit/server/redis';
import { storeBoundsCases, type StoreBoundsOptions } from '../server/idempotency/idempotencyStoreBounds.js';
import { startRedisServer, type RedisServer } from './redisServer.js';
import { sleep } from '../support/sleep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'payments-kit:idem:';
const record = (fingerprint: string, body = '{"id":"pi_succeeded","status":"succeeded"}') => ({ fingerprint, status: 200, body });

type Client = ReturnType<typeof createClient>;

/** Claims a key that must be free, and answers the claim's token. */
async function acquire(store: IdempotencyStore, key: string, fingerprint: string, lockMs: number): Promise<{ token: string }> {
  const claim = await store.claim(key, fingerprint, lockMs);
  if (claim.state !== 'acquired') throw new Error(`expected to acquire ${key}, found ${claim.state}`);
  return claim;
}

const connect = async (url: string, options: Parameters<typeof createClient>[0] = {}): Promise<Client> => {
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 }, ...options });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

describe('given createRedisIdempotencyStore on a real redis-server', () => {
  let redis: RedisServer;
  let client: Client;
  let admin: Client;
  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connect(redis.url);
    admin = await connect(redis.url);
  });
  afterAll(async () => {
    client.destroy();
    admin.destroy();
    await redis.stop();
  });

  const freshKey = () => JSON.stringify(['confirmPaymentIntent', 'pi_succeeded', randomUUID(), '']);

  it('should acquire a free key, hold it for lockMs under the default prefix, and answer in_flight for the same body', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    // A lock long enough that the lower bound leaves a busy machine 10 s between the claim and the read.
    const claim = await store.claim(key, 'fp-a', 60_000);
    expect(claim.state).toBe('acquired');
    const pttl = await admin.pTTL(PREFIX + key);
    expect(pttl).toBeGreaterThan(50_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    expect(await store.claim(key, 'fp-a', 60_000)).toEqual({ state: 'in_flight' });
    // The in-flight claim is not extended by the second look.
    expect(await admin.pTTL(PREFIX + key)).toBeLessThanOrEqual(pttl);
  });

  it('should answer conflict for another body, whether the key is claimed or completed', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const claim = await acquire(store, key, 'fp-a', 5000);
    expect(await store.claim(key, 'fp-b', 5000)).toEqual({ state: 'conflict' });
    await store.complete(key, claim.token, record('fp-a'), DAY_MS);
    expect(await store.claim(key, 'fp-b', 5000)).toEqual({ state: 'conflict' });
  });

  it('should replay a completed answer byte for byte, status included, and keep it ~24 h', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const claim = await acquire(store, key, 'fp-a', 5000);
    const body = '{"id":"pi_requires_action","status":"requires_action","note":"naïve – ✓ 💳"}';
    await store.complete(key, claim.token, { fingerprint: 'fp-a', status: 402, body }, DAY_MS);
    expect(await store.claim(key, 'fp-a', 5000)).toEqual({ state: 'completed', record: { fingerprint: 'fp-a', status: 402, body } });
    const pttl = await admin.pTTL(PREFIX + key);
    expect(pttl).toBeGreaterThan(DAY_MS - 10_000);
    expect(pttl).toBeLessThanOrEqual(DAY_MS);
    // Replaying neither changes nor extends it.
    await store.claim(key, 'fp-a', 5000);
    expect(await admin.pTTL(PREFIX + key)).toBeLessThanOrEqual(pttl);
  });

  it('should free a key on release by its token, so the next claim acquires it with a new token', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const first = await acquire(store, key, 'fp-a', 5000);
    await store.release(key, first.token);
    expect(await admin.exists(PREFIX + key)).toBe(0);
    const second = await store.claim(key, 'fp-b', 5000);
    expect(second.state).toBe('acquired');
    expect(second.state === 'acquired' && second.token).not.toBe(first.token);
  });

  it('should let an expired claim go: the key is free again after lockMs', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    // The second look must come while the lock holds, on a busy machine too: 2 s, not a few hundred ms.
    expect((await store.claim(key, 'fp-a', 2_000)).state).toBe('acquired');
    expect(await store.claim(key, 'fp-a', 2_000)).toEqual({ state: 'in_flight' });
    await sleep(2_100);
    // Another body may take it now: nothing of the lapsed claim is left.
    expect((await store.claim(key, 'fp-b', 5000)).state).toBe('acquired');
  });

  it('should ignore complete and release with a stale token once the lock expired and another request claimed the key', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const stale = await acquire(store, key, 'fp-a', 150);
    await sleep(250);
    const current = await acquire(store, key, 'fp-a', 5000);

    await store.complete(key, stale.token, record('fp-a', '{"stale":true}'), DAY_MS);
    expect(await store.claim(key, 'fp-a', 5000)).toEqual({ state: 'in_flight' });
    await store.release(key, stale.token);
    expect(await store.claim(key, 'fp-a', 5000)).toEqual({ state: 'in_flight' });
    expect(await admin.pTTL(PREFIX + key)).toBeLessThanOrEqual(5000);

    await store.complete(key, current.token, record('fp-a', '{"current":true}'), DAY_MS);
    expect(await store.claim(key, 'fp-a', 5000)).toEqual({ state: 'completed', record: record('fp-a', '{"current":true}') });
    // A late release (or complete) by the current token after completion changes nothing either.
    await store.release(key, current.token);
    await store.complete(key, current.token, record('fp-a', '{"again":true}'), 1000);
    expect(await store.claim(key, 'fp-a', 5000)).toEqual({ state: 'completed', record: record('fp-a', '{"current":true}') });
    expect(await admin.pTTL(PREFIX + key)).toBeGreaterThan(DAY_MS - 10_000);
  });

  it('should ignore complete and release for a key that expired and was never claimed again', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const claim = await acquire(store, key, 'fp-a', 100);
    await sleep(200);
    await store.complete(key, claim.token, record('fp-a'), DAY_MS);
    expect(await admin.exists(PREFIX + key)).toBe(0);
    await store.release(key, claim.token);
    expect(await admin.exists(PREFIX + key)).toBe(0);
  });

  it('should namespace keys by prefix: two prefixes never see each other', async () => {
    const one = createRedisIdempotencyStore({ client, prefix: 'tenant-one:' });
    const two = createRedisIdempotencyStore({ client, prefix: 'tenant-two:' });
    const key = freshKey();
    const a = await acquire(one, key, 'fp-a', 5000);
    await acquire(two, key, 'fp-b', 5000);
    await one.complete(key, a.token, record('fp-a'), DAY_MS);
    expect(await two.claim(key, 'fp-b', 5000)).toEqual({ state: 'in_flight' });
    expect(await admin.exists(`tenant-one:${key}`)).toBe(1);
    expect(await admin.exists(`tenant-two:${key}`)).toBe(1);
    expect(await admin.exists(PREFIX + key)).toBe(0);
    expect(await admin.hGetAll(`tenant-one:${key}`)).toEqual({ f: 'fp-a', s: '200', b: record('fp-a').body });
    expect(Object.keys(await admin.hGetAll(`tenant-two:${key}`)).sort()).toEqual(['f', 't']);
  });

  it('should not store an answer larger than maxRecordBytes: the claim is released instead', async () => {
    const store = createRedisIdempotencyStore({ client, maxRecordBytes: 1024 });
    const fits = freshKey();
    const tooLarge = freshKey();
    const body = (bytes: number) => `"${'é'.repeat((bytes - 2) / 2)}"`; // 2 bytes per é in UTF-8
    const a = await acquire(store, fits, 'fp', 5000);
    const b = await acquire(store, tooLarge, 'fp', 5000);
    // Bound: UTF-8 bytes of body and fingerprint (here 2 bytes of fingerprint).
    await store.complete(fits, a.token, { fingerprint: 'fp', status: 200, body: body(1022) }, DAY_MS);
    await store.complete(tooLarge, b.token, { fingerprint: 'fp', status: 200, body: body(1024) }, DAY_MS);
    expect(await store.claim(fits, 'fp', 5000)).toMatchObject({ state: 'completed', record: { body: body(1022) } });
    expect(await admin.exists(PREFIX + tooLarge)).toBe(0);
    expect((await store.claim(tooLarge, 'fp', 5000)).state).toBe('acquired');
  });

  it('should bound answers at 256 KiB by default', async () => {
    expect(DEFAULT_MAX_RECORD_BYTES).toBe(256 * 1024);
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    const claim = await acquire(store, key, 'fp', 5000);
    await store.complete(key, claim.token, { fingerprint: 'fp', status: 200, body: 'x'.repeat(256 * 1024) }, DAY_MS);
    expect(await admin.exists(PREFIX + key)).toBe(0);
  });

  it('should let exactly one of many concurrent claims on separate connections acquire a key', async () => {
    const clients = await Promise.all([connect(redis.url), connect(redis.url), connect(redis.url)]);
    try {
      const stores = clients.map((c) => createRedisIdempotencyStore({ client: c }));
      const key = freshKey();
      const claims = await Promise.all(Array.from({ length: 90 }, (_, i) => stores[i % 3]!.claim(key, 'fp-a', 5000)));
      expect(claims.filter((c) => c.state === 'acquired')).toHaveLength(1);
      expect(claims.filter((c) => c.state === 'in_flight')).toHaveLength(89);
    } finally {
      for (const c of clients) c.destroy();
    }
  });

  it('should load its scripts again when Redis forgot them (SCRIPT FLUSH, a restart)', async () => {
    const store = createRedisIdempotencyStore({ client });
    const key = freshKey();
    await admin.scriptFlush();
    const claim = await acquire(store, key, 'fp-a', 5000);
    await admin.scriptFlush();
    await store.complete(key, claim.token, record('fp-a'), DAY_MS);
    await admin.scriptFlush();
    expect((await store.claim(key, 'fp-a', 5000)).state).toBe('completed');
  });

  it('should refuse bad options', () => {
    expect(() => createRedisIdempotencyStore({ client: {} as RedisStoreClient })).toThrow(TypeError);
    expect(() => createRedisIdempotencyStore({ client, commandTimeoutMs: 0 })).toThrow(/commandTimeoutMs/);
    expect(() => createRedisIdempotencyStore({ client, maxRecordBytes: 1.5 })).toThrow(/maxRecordBytes/);
    expect(() => createRedisIdempotencyStore({ client, maxEntriesPerIntent: 0 })).toThrow(/maxEntriesPerIntent/);
    expect(() => createRedisIdempotencyStore({ client, fairShare: 2 })).toThrow(/fairShare/);
    expect(() => createRedisIdempotencyStore({ client, maxEntries: 10, reservedForClaims: 11 })).toThrow(/reservedForClaims/);
  });

  it('should reject a step Redis does not answer within commandTimeoutMs (the proxy then fails closed)', async () => {
    const slow = await connect(redis.url);
    try {
      const store = createRedisIdempotencyStore({ client: slow, commandTimeoutMs: 150 });
      const key = freshKey();
      // Redis holds every client's commands for 3 s (this one's too, once it returns). The
      // deadline's own error shows the store gave up before Redis answered: had it waited, the
      // claim would have been acquired once the pause ended. The pause is long so that a busy
      // machine that is slow to send the claim still sends it while Redis holds it.
      await admin.sendCommand(['CLIENT', 'PAUSE', '3000', 'ALL']);
      const started = performance.now();
      await expect(store.claim(key, 'fp-a', 5000)).rejects.toThrow(/longer than 150 ms/);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      slow.destroy();
    }
    await admin.sendCommand(['CLIENT', 'UNPAUSE']);
  });

  it('should reject a step at once while the client is offline, and work again once it reconnected', async () => {
    // A step that waited for its deadline would reject with the deadline's error ("took longer
    // than"); refused at once, it rejects with the client's own.
    const store = createRedisIdempotencyStore({ client, commandTimeoutMs: 10_000 });
    await redis.stop();
    try {
      const refusal = await store.claim(freshKey(), 'fp-a', 5000).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(Error);
      expect((refusal as Error).message).not.toMatch(/longer than/);
    } finally {
      await redis.start();
    }
    await expect.poll(() => client.isReady && admin.isReady, { timeout: 5000, interval: 50 }).toBe(true);
    expect((await store.claim(freshKey(), 'fp-a', 5000)).state).toBe('acquired');
  });

  it('should drop a command a client with an offline queue still holds at the timeout, so it never runs late', async () => {
    // A client left with node-redis's default offline queue (not recommended, but possible).
    const queueing = createClient({ url: redis.url, socket: { reconnectStrategy: () => 50 } });
    queueing.on('error', () => undefined);
    await queueing.connect();
    // Not ready in the client's eyes either way: hide `isReady` so the store sends the command.
    const store = createRedisIdempotencyStore({ client: { sendCommand: (args, options) => queueing.sendCommand(args, options) }, commandTimeoutMs: 200 });
    const key = freshKey();
    await redis.stop();
    try {
      await expect(store.claim(key, 'fp-a', 5000)).rejects.toThrow(/longer than 200 ms/);
    } finally {
      await redis.start();
    }
    await expect.poll(() => queueing.isReady && admin.isReady, { timeout: 5000, interval: 50 }).toBe(true);
    await queueing.ping();
    expect(await admin.exists(PREFIX + key)).toBe(0);
    queueing.destroy();
  });

  it('should accept what createClient and createClientPool make (type-level)', () => {
    const fromPool = (pool: ReturnType<typeof createClientPool>): RedisStoreClient => pool;
    const typed: RedisStoreClient[] = [client, admin];
    expect(typed).toHaveLength(2);
    expect(typeof fromPool).toBe('function');
  });

  describe('and its bounds, which one client cannot get past', () => {
    // Each test on its own prefix, so the store-wide set counts that test's entries only. The
    // table sends its floods (10 000 claims) 250 at a time through one client: the last of a batch
    // waits behind the others, longer than the default second on a busy machine. The command
    // timeout is not what these cases test (its own test is above), so it is 10 s here.
    const prefixed = (options: StoreBoundsOptions = {}) =>
      createRedisIdempotencyStore({ client, prefix: `bounds:${randomUUID()}:`, commandTimeoutMs: 10_000, ...options });

    it('should bound the live entries of a subject across two instances, refuse its new claims past that, and leave another subject alone', async () => {
      const prefix = `bounds:${randomUUID()}:`;
      const [one, two] = [createRedisIdempotencyStore({ client, prefix, maxEntriesPerSubject: 3 }), createRedisIdempotencyStore({ client, prefix, maxEntriesPerSubject: 3 })];
      const victim = await one.claim('alice-key', 'fp', 5000, 'alice');
      if (victim.state !== 'acquired') throw new Error('not acquired');
      await one.complete('alice-key', victim.token, record('fp'), DAY_MS);
      const states = [];
      for (let n = 0; n < 6; n++) states.push((await (n % 2 ? two : one).claim(`m${n}`, 'fp', 5000, 'mallory')).state);
      // The quota lives in Redis: the two instances together grant three.
      expect(states).toEqual(['acquired', 'acquired', 'acquired', 'refused', 'refused', 'refused']);
      expect(await two.claim('m9', 'fp', 5000, 'mallory')).toEqual({ state: 'refused', reason: 'subject_full' });
      // A key the subject holds answers as before.
      expect(await two.claim('m0', 'fp', 5000, 'mallory')).toEqual({ state: 'in_flight' });
      expect((await two.claim('alice-2', 'fp', 5000, 'alice')).state).toBe('acquired');
      expect(await two.claim('alice-key', 'fp', 5000, 'alice')).toEqual({ state: 'completed', record: record('fp') });
    });

    it('should give the subject its room back when a claim lapses or is released', async () => {
      const store = prefixed({ maxEntriesPerSubject: 1 });
      // The refusal must come while the short claim holds, on a busy machine too: 2 s, not a few hundred ms.
      await acquireFor(store, 'short', 2_000, 's');
      expect((await store.claim('next', 'fp', 5000, 's')).state).toBe('refused');
      await sleep(2_100);
      const held = await acquireFor(store, 'next', 5000, 's');
      expect((await store.claim('third', 'fp', 5000, 's')).state).toBe('refused');
      await store.release('next', held.token);
      expect((await store.claim('third', 'fp', 5000, 's')).state).toBe('acquired');
    });

    it('should keep answers for the TTL in the room less reservedForClaims, never dropping one, and refuse a new key only when the room kept back is all claims in flight', async () => {
      const store = prefixed({ maxEntries: 3, reservedForClaims: 1 });
      for (let n = 0; n < 2; n++) {
        const claim = await acquireFor(store, `k${n}`, 5000, `s${n}`);
        await store.complete(`k${n}`, claim.token, record(`fp`), DAY_MS);
      }
      const third = await store.claim('k2', 'fp', 5000, 's2');
      expect(third).toMatchObject({ state: 'acquired', kept: false });
      expect(await store.claim('k3', 'fp', 5000, 's3')).toEqual({ state: 'refused', reason: 'store_full' });
      for (let n = 0; n < 2; n++) expect((await store.claim(`k${n}`, 'fp', 5000, `s${n}`)).state).toBe('completed');
      expect((await store.claim('k2', 'fp', 5000, 's2')).state).toBe('in_flight');
      if (third.state !== 'acquired') return;
      await store.complete('k2', third.token, record('fp'), DAY_MS);
      expect(await store.claim('k2', 'fp', 5000, 's2')).toEqual({ state: 'completed', record: record('fp') });
      expect(await store.claim('k3', 'fp', 5000, 's3')).toMatchObject({ state: 'acquired', kept: false });
      for (let n = 0; n < 2; n++) expect((await store.claim(`k${n}`, 'fp', 5000, `s${n}`)).state).toBe('completed');
    });

    it("should keep an answer it could not keep for the TTL only as long as its claim, and forget it from every set when it gives way", async () => {
      const prefix = `bounds:${randomUUID()}:`;
      const store = createRedisIdempotencyStore({ client, prefix, maxEntries: 2, reservedForClaims: 1 });
      const first = await acquireFor(store, 'kept', 5000, 'alice');
      await store.complete('kept', first.token, record('fp'), DAY_MS);
      const brief = await store.claim('brief', 'fp', 60_000, 'bob', 'pi_b');
      if (brief.state !== 'acquired' || brief.kept !== false) throw new Error('expected a claim in the room kept back');
      await store.complete('brief', brief.token, record('fp'), DAY_MS);
      const pttl = await admin.pTTL(`${prefix}brief`);
      expect(pttl).toBeGreaterThan(50_000);
      expect(pttl).toBeLessThanOrEqual(60_000);
      expect(await admin.zCard(`${prefix}~brief`)).toBe(1);
      // The next claim needs its room: the brief answer gives way, and leaves no member behind.
      expect(await store.claim('next', 'fp', 5000, 'carol')).toMatchObject({ state: 'acquired', kept: false });
      expect(await admin.exists(`${prefix}brief`)).toBe(0);
      for (const set of [`${prefix}~brief`, `${prefix}~subject:bob`, `${prefix}~intent:["bob","pi_b"]`]) expect(await admin.zCard(set)).toBe(0);
      expect(await admin.zCard(`${prefix}~all`)).toBe(2);
      expect(await admin.zCard(`${prefix}~kept`)).toBe(1);
      expect((await store.claim('kept', 'fp', 5000, 'alice')).state).toBe('completed');
    });

    // The table the memory store runs too (test/server/idempotency/createMemoryIdempotencyStore.node.test.ts): the two stores answer alike.
    it.each(storeBoundsCases)('$name', async ({ options, run }) => {
      await run(prefixed(options));
    });

    it('should keep its sets no longer than their longest entry', async () => {
      const prefix = `bounds:${randomUUID()}:`;
      const store = createRedisIdempotencyStore({ client, prefix });
      const claim = await store.claim('k', 'fp', 5000, 'alice', 'pi_a');
      if (claim.state !== 'acquired') throw new Error('not acquired');
      await store.complete('k', claim.token, record('fp'), DAY_MS);
      for (const set of [`${prefix}~all`, `${prefix}~kept`, `${prefix}~subject:alice`, `${prefix}~intent:["alice","pi_a"]`]) {
        expect(await admin.zCard(set)).toBe(1);
        expect(await admin.pTTL(set)).toBeGreaterThan(DAY_MS - 10_000);
      }
    });
  });
});

async function acquireFor(store: IdempotencyStore, key: string, lockMs: number, subject: string): Promise<{ token: string }> {
  const claim = await store.claim(key, 'fp', lockMs, subject);
  if (claim.state !== 'acquired') throw new Error(`expected to acquire ${key}, found ${claim.state}`);
  return claim;
}
