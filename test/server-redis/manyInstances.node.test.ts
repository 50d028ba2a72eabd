// Many proxy instances, one Redis: three proxy processes (each a real separate Node process,
// test/server-redis/proxyProcess.ts) share one redis-server through the Redis idempotency store, behind
// a round-robin balancer, in front of the sandbox on real HTTP. A confirm must reach the
// payments API once whichever instance each request lands on, an instance dying mid-call must
// hold its key no longer than its lock time, Redis going away must fail confirms closed (503,
// nothing sent upstream) while reads go on, and a key reused with another body must be refused
// on every instance.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxIds } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { errorBody } from '../server/harness.js';
import { send, spawnProxy, startBalancer, type Answer, type Balancer, type ProxyInstance } from './cluster.js';
import { startRedisServer, type RedisServer } from './redisServer.js';
import { sleep } from '../support/sleep.js';

// The proxies' upstream deadline, well above the latencies the tests inject (0.3 to 1 s), so that
// a confirm held on purpose never times out while a busy machine (300 requests through this
// process's balancer and sandbox) is slow to answer it. Their lock time is this + 5 s
// (createProxyCore), 9 s.
const TIMEOUT_MS = 4000;
const LOCK_MS = TIMEOUT_MS + 5000;
const INTENT = sandboxIds.paymentIntents.succeeded;
const CONFIRM_PATH = `/api/payments/api/v2/payment-intents/${INTENT}/confirm`;
const READ_PATH = `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`;
const VISA = JSON.stringify({ payment_method_id: 'pm_card_visa' });
const MASTERCARD = JSON.stringify({ payment_method_id: 'pm_card_mastercard' });

const newKey = () => `key-${randomUUID()}`;
const confirm = (origin: string, key: string, body = VISA) => send(origin, 'POST', CONFIRM_PATH, body, { 'idempotency-key': key });
const codeOf = (answer: Answer) => (answer.status >= 400 ? errorBody(answer.body).code : undefined);

/** Stops what a describe started: the balancer, the proxy processes, the upstream and Redis. */
async function stopRig(balancer: Balancer, instances: ProxyInstance[], upstream: SandboxServer, redis: RedisServer): Promise<void> {
  await balancer.close();
  await Promise.all(instances.map((i) => i.kill('SIGTERM')));
  await upstream.close();
  await redis.stop();
}

interface Settled {
  final: Answer;
  /** How many 409 `idempotency_key_in_use` came before the final answer. */
  inUse: number;
}

/** Confirms, retrying with the same key after each 409 `idempotency_key_in_use` (Retry-After, or `waitMs`). */
async function confirmSettled(origin: string, key: string, body = VISA, waitMs?: number): Promise<Settled> {
  let inUse = 0;
  for (;;) {
    const answer = await confirm(origin, key, body);
    if (answer.status !== 409 || codeOf(answer) !== 'idempotency_key_in_use') return { final: answer, inUse };
    inUse += 1;
    if (inUse > 100) throw new Error('key in use for too long');
    expect(answer.headers['retry-after']).toBe('1');
    await sleep(waitMs ?? Number(answer.headers['retry-after']) * 1000);
  }
}

describe('given three proxy processes sharing one redis-server, behind a round-robin balancer', () => {
  let redis: RedisServer;
  let upstream: SandboxServer;
  let instances: ProxyInstance[];
  let balancer: Balancer;
  const start = () => spawnProxy({ upstream: upstream.url, redisUrl: redis.url, timeoutMs: TIMEOUT_MS });

  beforeAll(async () => {
    [redis, upstream] = await Promise.all([startRedisServer(), startSandboxServer()]);
    instances = await Promise.all([start(), start(), start()]);
    balancer = await startBalancer(instances.map((i) => i.url));
  }, 40_000);
  afterAll(() => stopRig(balancer, instances, upstream, redis));
  beforeEach(async () => {
    upstream.sandbox.reset();
    // A test that killed an instance leaves it dead: start a new one in its place.
    instances = await Promise.all(instances.map((i) => (i.alive ? Promise.resolve(i) : start())));
    balancer.targets = instances.map((i) => i.url);
    balancer.sent.clear();
    if (!redis.running) await redis.start();
  }, 30_000);

  const confirmCalls = () => upstream.sandbox.callsFor('confirmPaymentIntent');

  it('should send 300 concurrent confirms with one Idempotency-Key upstream once, and give every client the same answer', async () => {
    upstream.sandbox.inject({ kind: 'latency', ms: 700 }, { operation: 'confirmPaymentIntent' });
    const key = newKey();
    const settled = await Promise.all(Array.from({ length: 300 }, () => confirmSettled(balancer.url, key)));

    expect(confirmCalls()).toHaveLength(1);
    expect(confirmCalls()[0]?.headers['idempotency-key']).toBe(key);
    // Spread over the three instances.
    expect([...balancer.sent.values()].slice(0, 3).map((n) => n >= 100)).toEqual([true, true, true]);
    const bodies = new Set(settled.map((s) => s.final.body));
    expect(settled.every((s) => s.final.status === 200)).toBe(true);
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toMatchObject({ id: INTENT, status: 'succeeded', payment_method_id: 'pm_card_visa' });
    // The instances that did not hold the claim said so (409 + Retry-After), then replayed it.
    const waited = settled.filter((s) => s.inUse > 0);
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.every((s) => s.final.headers['idempotent-replayed'] === 'true')).toBe(true);
    // Later, any instance replays the one answer.
    for (const instance of instances) {
      const again = await confirm(instance.url, key);
      expect(again.status).toBe(200);
      expect(again.body).toBe([...bodies][0]);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(confirmCalls()).toHaveLength(1);
  }, 20_000);

  it('should refuse a key reused with another body (409 idempotency_conflict) on every instance, for 20 keys', async () => {
    upstream.sandbox.inject({ kind: 'latency', ms: 300 }, { operation: 'confirmPaymentIntent' });
    const keys = Array.from({ length: 20 }, newKey);
    const bodies = [VISA, MASTERCARD];
    // Every key on every instance at once, two requests each, with one body per instance and both
    // bodies across the instances (which instance gets the other body rotates): one body wins each
    // key. (Within one instance, requests for a key join the one claim in flight there, whatever
    // it turns out to be: that is the gate's business, not the shared store's.)
    const race = await Promise.all(
      keys.flatMap((key, k) =>
        instances.flatMap((instance, i) => {
          const body = i === k % 3 ? MASTERCARD : VISA;
          return [0, 1].map(async () => ({ key, body, ...(await confirmSettled(instance.url, key, body, 200)) }));
        }),
      ),
    );

    expect(confirmCalls()).toHaveLength(20);
    for (const key of keys) {
      const calls = confirmCalls().filter((c) => c.headers['idempotency-key'] === key);
      expect(calls).toHaveLength(1);
      const winner = JSON.stringify(calls[0]!.body);
      const winnerMethod = (calls[0]!.body as { payment_method_id: string }).payment_method_id;
      for (const outcome of race.filter((r) => r.key === key)) {
        if (outcome.body === winner) {
          expect([outcome.final.status, codeOf(outcome.final)]).toEqual([200, undefined]);
          expect(JSON.parse(outcome.final.body)).toMatchObject({ payment_method_id: winnerMethod });
        } else {
          expect(outcome.final.status).toBe(409);
          expect(codeOf(outcome.final)).toBe('idempotency_conflict');
        }
      }
      // Afterwards, on every instance: the winner's body replays, the other is refused.
      for (const instance of instances) {
        for (const body of bodies) {
          const answer = await confirm(instance.url, key, body);
          if (body === winner) {
            expect(answer.status).toBe(200);
            expect(answer.headers['idempotent-replayed']).toBe('true');
          } else {
            expect(answer.status).toBe(409);
            expect(codeOf(answer)).toBe('idempotency_conflict');
          }
        }
      }
    }
    expect(confirmCalls()).toHaveLength(20);
  }, 20_000);

  it('should answer confirms 503 idempotency_store_unavailable without calling upstream while Redis is down, keep serving reads, and recover without a restart', async () => {
    const before = await confirm(balancer.url, newKey());
    expect(before.status).toBe(200);
    upstream.sandbox.reset();

    await redis.stop();
    for (let i = 0; i < 6; i += 1) {
      for (const origin of [balancer.url, ...instances.map((instance) => instance.url)]) {
        const answer = await confirm(origin, newKey());
        expect(answer.status).toBe(503);
        expect(codeOf(answer)).toBe('idempotency_store_unavailable');
      }
    }
    expect(confirmCalls()).toHaveLength(0);
    for (const instance of instances) {
      const read = await send(instance.url, 'GET', READ_PATH);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body)).toMatchObject({ id: 1001 });
    }
    expect(upstream.sandbox.callsFor('getTransaction')).toHaveLength(3);

    await redis.start();
    const restarted = performance.now();
    // Each instance's client reconnects by itself; until then its confirms still answer 503.
    let answered = 0;
    for (const instance of instances) {
      for (;;) {
        const answer = await confirm(instance.url, newKey());
        if (answer.status === 200) {
          answered += 1;
          break;
        }
        expect(codeOf(answer)).toBe('idempotency_store_unavailable');
        // Only ends a loop that would never end: each client retries at least every 250 ms
        // (proxyProcess.ts), so it is back within a second or so; 10 s is many times that.
        expect(performance.now() - restarted).toBeLessThan(10_000);
        await sleep(50);
      }
    }
    expect(confirmCalls()).toHaveLength(answered);
    // Shared state again: a key confirmed on one instance replays on the others.
    const key = newKey();
    expect((await confirm(instances[0]!.url, key)).status).toBe(200);
    for (const instance of instances.slice(1)) {
      const replay = await confirm(instance.url, key);
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(confirmCalls()).toHaveLength(answered + 1);
  }, 20_000);

  it('should, when an instance is killed (SIGKILL) during its upstream confirm, let a retry with the same key reach upstream once more after the lock expires, and no more', async () => {
    upstream.sandbox.inject({ kind: 'latency', ms: 1000 }, { operation: 'confirmPaymentIntent' });
    const key = newKey();
    const [victim, ...survivors] = instances as [ProxyInstance, ...ProxyInstance[]];
    // Timed from before the confirm is sent: its claim, and so the lock's expiry, come later.
    const sent = performance.now();
    const lost = confirm(victim.url, key).then(
      () => 'answered',
      () => 'connection lost',
    );
    await expect.poll(() => confirmCalls().length, { timeout: 5000, interval: 10 }).toBe(1);
    balancer.targets = survivors.map((i) => i.url);
    await victim.kill('SIGKILL');
    expect(await lost).toBe('connection lost');

    // Three clients retry through the balancer (the two survivors) every 150 ms.
    const retries = await Promise.all(
      [0, 1, 2].map(async () => {
        const settled = await confirmSettled(balancer.url, key, VISA, 150);
        return { ...settled, at: performance.now() - sent };
      }),
    );

    expect(confirmCalls()).toHaveLength(2);
    expect(confirmCalls()[1]?.headers['idempotency-key']).toBe(key);
    for (const retry of retries) {
      expect(retry.final.status).toBe(200);
      expect(retry.final.body).toBe(retries[0]!.final.body);
      expect(retry.inUse).toBeGreaterThan(0);
      // Held until the dead instance's claim lapsed (its lock time), and not much longer: the
      // first retry after the lapse comes within about 150 ms of it; 4 s is far more than 3× that,
      // the margin a busy machine needs, and still well short of a second lock time.
      expect(retry.at).toBeGreaterThan(LOCK_MS - 500);
      expect(retry.at).toBeLessThan(LOCK_MS + 4000);
    }
    // And no more: further retries on either survivor replay the stored answer.
    for (const survivor of survivors) {
      const again = await confirm(survivor.url, key);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(confirmCalls()).toHaveLength(2);
  }, 25_000);
});

describe('given three proxy processes with rate limits and idempotency bounds counted in one redis-server', () => {
  let redis: RedisServer;
  let upstream: SandboxServer;
  let instances: ProxyInstance[];
  let balancer: Balancer;

  beforeAll(async () => {
    [redis, upstream] = await Promise.all([startRedisServer(), startSandboxServer()]);
    const env = {
      // A window of an hour: no window turns over during the test, however slow the machine.
      PK_RATE_LIMITS: JSON.stringify({ reads: { requests: 30, perSeconds: 3600 }, confirms: false }),
      PK_MAX_PER_SUBJECT: '100',
    };
    instances = await Promise.all([0, 1, 2].map(() => spawnProxy({ upstream: upstream.url, redisUrl: redis.url, timeoutMs: TIMEOUT_MS, env })));
    balancer = await startBalancer(instances.map((i) => i.url));
  }, 40_000);
  afterAll(() => stopRig(balancer, instances, upstream, redis));

  const as = (user: string) => ({ 'x-user': user });
  const codes = (answers: Answer[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) counts[codeOf(answer) ?? String(answer.status)] = (counts[codeOf(answer) ?? String(answer.status)] ?? 0) + 1;
    return counts;
  };

  /** `total` requests, at most `concurrency` at a time. */
  async function flood(total: number, concurrency: number, call: () => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < total) {
          sent += 1;
          answers.push(await call());
        }
      }),
    );
    return answers;
  }

  it('should hold one read budget for a subject across the three instances, and serve a second subject meanwhile', async () => {
    const reads = () => upstream.sandbox.callsFor('getTransaction').length;
    const before = reads();
    const [flooded, served] = await Promise.all([
      flood(90, 9, () => send(balancer.url, 'GET', READ_PATH, undefined, as('mallory'))),
      flood(20, 1, () => send(balancer.url, 'GET', READ_PATH, undefined, as('alice'))),
    ]);
    // 30 in all, not 30 per instance.
    expect(codes(flooded)).toEqual({ 200: 30, rate_limited: 60 });
    expect(flooded.filter((answer) => answer.status === 429).every((answer) => Number(answer.headers['retry-after']) >= 1)).toBe(true);
    expect(codes(served)).toEqual({ 200: 20 });
    expect(reads() - before).toBe(50);
  }, 60_000);

  it('should keep replaying the completed confirm of another subject while one subject sends twelve times its bound of confirms with distinct keys', async () => {
    const key = newKey();
    const first = await send(balancer.url, 'POST', CONFIRM_PATH, VISA, { 'idempotency-key': key, ...as('alice') });
    expect(first.status).toBe(200);
    const flooded = await flood(1_200, 32, () =>
      send(balancer.url, 'POST', '/api/payments/api/v2/payment-intents/pi_missing_intent/confirm', VISA, { 'idempotency-key': newKey(), ...as('mallory') }),
    );
    // The subject's bound is kept in Redis: 100 across the three instances, the rest refused.
    expect(codes(flooded)).toEqual({ not_found: 100, rate_limited: 1_100 });
    for (const instance of instances) {
      const again = await send(instance.url, 'POST', CONFIRM_PATH, VISA, { 'idempotency-key': key, ...as('alice') });
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    expect(upstream.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(101);
  }, 180_000);
});
