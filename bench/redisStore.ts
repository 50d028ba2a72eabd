// What the Redis idempotency store adds to a confirm: `npx tsx bench/redisStore.ts` prints a
// dated table; bench/proxy.ts calls `benchRedisStore()` for the figures.
//
// On loopback, in this process, the package as built (bench/built.ts; run `npm run build`
// first): the sandbox served on node:http as the upstream, and two proxies of
// payments-kit/server/node in front of it, one with the default memory store, one with the
// Redis store on a redis-server started for the run (no persistence). Each confirm is sequential
// (one keep-alive connection, the next sent when the last is answered) with a fresh
// Idempotency-Key, so each pays the store's claim and complete. The two proxies are measured in
// alternating blocks, so drift on the machine falls on both alike.
//
// Environment: BENCH_REDIS_CONFIRMS (measured confirms per store, default 400), BENCH_REDIS_WARMUP
// (per store, default 100), REDIS_SERVER_PATH (default /usr/bin/redis-server).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { sandboxIds } from '../src/testing/index.js';
import { assertBuilt, builtServerNode, builtServerRedis, builtTestingNode } from './built.js';
import { startRedisServer } from '../test/server-redis/redisServer.js';

export interface RedisStoreBenchResult {
  /** Confirm round trip through the proxy with the memory store, ms. */
  memory: { p50Ms: number; p99Ms: number };
  /** The same with the Redis store on loopback, ms. */
  redis: { p50Ms: number; p99Ms: number };
  /** ISO date of the run. */
  date: string;
}

const CONFIRMS = Number(process.env.BENCH_REDIS_CONFIRMS ?? 400);
const WARMUP = Number(process.env.BENCH_REDIS_WARMUP ?? 100);
const BLOCK = 50;
const CONFIRM_PATH = `/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`;
const BODY = JSON.stringify({ payment_method_id: sandboxIds.paymentMethod });

/** One confirm with a fresh key over `agent`; resolves with its round trip in ms. */
function timedConfirm(origin: string, agent: Agent): Promise<number> {
  const { hostname, port } = new URL(origin);
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY), 'idempotency-key': `bench-${randomUUID()}` };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'POST', path: CONFIRM_PATH, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`confirm answered ${String(res.statusCode)}`));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)) };
};

/** Confirm latency through the proxy with the memory store vs the Redis store, on loopback. */
export async function benchRedisStore(): Promise<RedisStoreBenchResult> {
  assertBuilt();
  const [{ createMemoryIdempotencyStore, createPaymentsProxy, serve }, { createRedisIdempotencyStore }, { startSandboxServer }] = await Promise.all([
    builtServerNode(),
    builtServerRedis(),
    builtTestingNode(),
  ]);
  const redis = await startRedisServer();
  const upstream = await startSandboxServer();
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const servers: { close: () => Promise<void> }[] = [];
  try {
    await client.connect();
    // Opened: this measures the store's added latency, not who may call.
    // No rate limits: one client confirms hundreds of times here; the store's latency is measured.
    const options = { baseUrl: upstream.url, legacyBaseUrl: upstream.url, credentials: upstream.sandbox.credentials, authorize: () => true, rateLimits: false as const };
    // One subject confirming one intent with a fresh key each time (WARMUP + CONFIRMS per store),
    // past the stores' default bounds of one subject and intent (429 intent_full at 100): both
    // stores take 20 000, and no share of the room stops them first.
    const bounds = { maxEntries: 100_000, maxEntriesPerSubject: 20_000, maxEntriesPerIntent: 20_000, fairShare: 1 };
    const memoryServer = await serve(createPaymentsProxy({ ...options, idempotencyStore: createMemoryIdempotencyStore(bounds) }));
    servers.push(memoryServer);
    const redisServer = await serve(createPaymentsProxy({ ...options, idempotencyStore: createRedisIdempotencyStore({ client, ...bounds }) }));
    servers.push(redisServer);
    const targets = { memory: memoryServer.url, redis: redisServer.url };
    const samples: { memory: number[]; redis: number[] } = { memory: [], redis: [] };

    for (let i = 0; i < WARMUP; i += 1) {
      await timedConfirm(targets.memory, agent);
      await timedConfirm(targets.redis, agent);
    }
    upstream.sandbox.reset();
    for (let block = 0; block * BLOCK < CONFIRMS; block += 1) {
      const order = block % 2 === 0 ? (['memory', 'redis'] as const) : (['redis', 'memory'] as const);
      for (const store of order) {
        for (let i = 0; i < Math.min(BLOCK, CONFIRMS - block * BLOCK); i += 1) {
          samples[store].push(await timedConfirm(targets[store], agent));
        }
      }
      // The seeded intents back, and the sandbox's log of calls emptied.
      upstream.sandbox.reset();
    }
    return { memory: summary(samples.memory), redis: summary(samples.redis), date: new Date().toISOString() };
  } finally {
    agent.destroy();
    await Promise.all(servers.map((server) => server.close()));
    client.destroy();
    await upstream.close();
    await redis.stop();
  }
}

function printTable(result: RedisStoreBenchResult): void {
  const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(10);
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(`
Redis idempotency store: confirm latency through the proxy, loopback (${result.date})
${String(availableParallelism())} cores (${model}), Node ${process.versions.node}, ${String(CONFIRMS)} sequential confirms per store, fresh keys

| store         |        p50 |        p99 |
|---------------|------------|------------|
| memory        | ${ms(result.memory.p50Ms)} | ${ms(result.memory.p99Ms)} |
| redis         | ${ms(result.redis.p50Ms)} | ${ms(result.redis.p99Ms)} |
| added (redis) | ${ms(result.redis.p50Ms - result.memory.p50Ms)} | ${ms(result.redis.p99Ms - result.memory.p99Ms)} |
`);
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) printTable(await benchRedisStore());
