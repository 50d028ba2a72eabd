// `npm start` with PAYMENTS_REDIS_URL: the demo's proxy keeps its idempotency state in that Redis;
// without it, in memory as before. (The page build is skipped: only the proxy is exercised.)
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../../examples/dashboard/server.js';
import { sandboxIds } from 'payments-kit/testing';
import { send } from '../server-redis/cluster.js';
import { startRedisServer, type RedisServer } from '../server-redis/redisServer.js';

const CONFIRM_PATH = `/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`;
const BODY = JSON.stringify({ payment_method_id: sandboxIds.paymentMethod });

/** The session the demo's page would get from its server. */
async function demoSession(url: string): Promise<{ 'payments-session': string }> {
  const { token } = (await (await fetch(`${url}/demo-session`, { method: 'POST' })).json()) as { token: string };
  return { 'payments-session': token };
}

describe('given the demo server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('should keep confirms in the Redis at PAYMENTS_REDIS_URL', async () => {
    const demo = await startDemo({ build: false, env: { PAYMENTS_REDIS_URL: redis.url } });
    const admin = createClient({ url: redis.url });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
      expect(demo.idempotencyStore).toBe('redis');
      const session = await demoSession(demo.url);
      const first = await send(demo.url, 'POST', CONFIRM_PATH, BODY, { 'idempotency-key': 'demo-redis-key-1', ...session });
      const second = await send(demo.url, 'POST', CONFIRM_PATH, BODY, { 'idempotency-key': 'demo-redis-key-1', ...session });
      expect(first.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(demo.sandbox?.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      const keys = await admin.keys('payments-kit:idem:*');
      // The answer, and the four sets that bound the store's entries: all of them, those kept for
      // the day, the demo user's for this intent and the demo user's in all.
      expect(keys.sort()).toEqual([
        `payments-kit:idem:${JSON.stringify(['confirmPaymentIntent', sandboxIds.paymentIntents.succeeded, 'demo-redis-key-1', 'demo-user'])}`,
        'payments-kit:idem:~all',
        `payments-kit:idem:~intent:${JSON.stringify(['session:demo-user', sandboxIds.paymentIntents.succeeded])}`,
        'payments-kit:idem:~kept',
        'payments-kit:idem:~subject:session:demo-user',
      ]);
    } finally {
      admin.destroy();
      await demo.close();
    }
  });

  it('should keep the memory store without PAYMENTS_REDIS_URL', async () => {
    const demo = await startDemo({ build: false, env: {} });
    try {
      expect(demo.idempotencyStore).toBe('memory');
      const first = await send(demo.url, 'POST', CONFIRM_PATH, BODY, { 'idempotency-key': 'demo-memory-key-1', ...(await demoSession(demo.url)) });
      expect(first.status).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
