// The Redis rate-limit counters against a real redis-server: one budget across instances, one
// proxy-wide ceiling across proxies, and counting in memory at once while Redis is away.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from 'payments-kit/server/redis';
import { createPaymentsProxy, type RateLimiter } from 'payments-kit/server';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { startRedisServer, type RedisServer } from './redisServer.js';

const connect = async (url: string) => {
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

type Client = Awaited<ReturnType<typeof connect>>;

/** How many of `count` calls the limiters (taken in turn) allowed. */
async function allowed(limiters: RateLimiter[], subject: string, count: number): Promise<number> {
  let yes = 0;
  for (let n = 0; n < count; n++) {
    try {
      await limiters[n % limiters.length]?.consume(subject);
      yes += 1;
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal;
      expect((refusal as { msBeforeNext: number }).msBeforeNext).toBeGreaterThan(0);
    }
  }
  return yes;
}

describe('given createRedisRateLimitStore on a real redis-server', () => {
  let redis: RedisServer;
  let clients: Client[];
  beforeAll(async () => {
    redis = await startRedisServer();
    clients = await Promise.all([connect(redis.url), connect(redis.url), connect(redis.url)]);
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await redis.stop();
  });

  it('should hold one budget across three instances, each subject its own', async () => {
    const prefix = `rate:${randomUUID()}:`;
    const limiters = clients.map((client) => createRedisRateLimitStore({ client, prefix }).limiter('reads', { requests: 10, perSeconds: 3600 }));
    expect(await allowed(limiters, 'mallory', 30)).toBe(10);
    expect(await allowed(limiters, 'alice', 5)).toBe(5);
    expect(await clients[0]?.get(`${prefix}reads:mallory`)).toBe('30');
  });

  it('should hold a proxy-wide ceiling across three proxies and ten subjects, each inside its own budget', async () => {
    const prefix = `rate:${randomUUID()}:`;
    const sandbox = createSandbox();
    const proxies = clients.map((client) =>
      createPaymentsProxy({
        baseUrl: 'http://up.test',
        legacyBaseUrl: 'http://up.test',
        credentials: sandbox.credentials,
        fetch: sandbox.fetch,
        authorize: () => true,
        rateLimitKey: ({ request }) => request.headers.get('x-user') ?? 'anonymous',
        rateLimits: { store: createRedisRateLimitStore({ client, prefix }), proxyWide: { reads: { requests: 30, perSeconds: 3600 } } },
      }),
    );
    const statuses: number[] = [];
    for (let n = 0; n < 60; n++) {
      const proxy = proxies[n % 3] as (typeof proxies)[number];
      const request = new Request(`http://shop.test/api/payments/api/v2/transactions/${sandboxIds.transactions.completed}`, { headers: { 'x-user': `user-${n % 10}` } });
      statuses.push((await proxy(request)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(30);
    expect(await clients[0]?.get(`${prefix}proxy-reads:all`)).toBe('60');
  });

  it('should count in memory at once while Redis is away, and in Redis again once it is back', async () => {
    const prefix = `rate:${randomUUID()}:`;
    const client = clients[0] as Client;
    const limiter = createRedisRateLimitStore({ client, prefix }).limiter('confirms', { requests: 3, perSeconds: 3600 });
    expect(await allowed([limiter], 'bob', 2)).toBe(2);
    await redis.stop();
    try {
      // The memory counter starts from nothing: a budget per instance while Redis is away.
      expect(await allowed([limiter], 'bob', 5)).toBe(3);
    } finally {
      await redis.start();
    }
    await expect.poll(() => client.isReady, { timeout: 5000, interval: 50 }).toBe(true);
    expect(await allowed([limiter], 'carol', 4)).toBe(3);
    expect(await client.get(`${prefix}confirms:carol`)).toBe('4');
  });

  it('should refuse what is not a node-redis client', () => {
    expect(() => createRedisRateLimitStore({ client: {} })).toThrow(/node-redis client/);
    expect(() => createRedisRateLimitStore({ client: clients[0] as Client, commandTimeoutMs: 0 })).toThrow(/commandTimeoutMs/);
  });
});
