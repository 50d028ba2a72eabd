// One proxy instance as its own process (`node --import tsx test/server-redis/proxyProcess.ts`): the
// Node proxy of payments-kit/server/node with the Redis idempotency store, in front of the
// upstream at PK_UPSTREAM, sharing the Redis at PK_REDIS_URL. Prints `READY <url>` once it
// listens. PK_TIMEOUT_MS sets the proxy's upstream deadline (its lock time is that + 5 s).
// PK_RATE_LIMITS (JSON of `rateLimits` budgets) turns the limits on, counted in Redis and keyed by
// the X-User header; without it the proxy has none. PK_MAX_PER_SUBJECT bounds each subject's
// live idempotency entries, and its keys for one intent alike.
import { createClient } from 'redis';
import { createPaymentsProxy, serve } from 'payments-kit/server/node';
import { createRedisIdempotencyStore, createRedisRateLimitStore } from 'payments-kit/server/redis';
import { sandboxCredentials } from 'payments-kit/testing';

const upstream = process.env.PK_UPSTREAM ?? '';
const redisUrl = process.env.PK_REDIS_URL ?? '';
const timeoutMs = Number(process.env.PK_TIMEOUT_MS ?? 10_000);
const rateLimits = process.env.PK_RATE_LIMITS;
const maxEntriesPerSubject = process.env.PK_MAX_PER_SUBJECT ? Number(process.env.PK_MAX_PER_SUBJECT) : undefined;

const client = createClient({
  url: redisUrl,
  // Fail fast while Redis is away (503 at once, nothing queued), and reconnect quickly.
  disableOfflineQueue: true,
  socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(25 * 2 ** retries, 250) },
});
client.on('error', () => undefined);
await client.connect();

const proxy = createPaymentsProxy({
  baseUrl: upstream,
  legacyBaseUrl: upstream,
  credentials: sandboxCredentials,
  // Open on purpose: these tests are about the shared store, not who may call.
  authorize: () => true,
  timeoutMs,
  // A generous deadline: on a loaded machine one script of a 32-way flood may wait its turn for
  // longer than the default. A Redis that is away still answers 503 at once (no offline queue);
  // the deadline itself is tested in createRedisIdempotencyStore.node.test.ts.
  idempotencyStore: createRedisIdempotencyStore({ client, commandTimeoutMs: 10_000, maxEntriesPerSubject, maxEntriesPerIntent: maxEntriesPerSubject }),
  // Off unless asked: the other tests send hundreds of confirms from one client on purpose.
  rateLimits: rateLimits === undefined ? false : { ...(JSON.parse(rateLimits) as object), store: createRedisRateLimitStore({ client }) },
  rateLimitKey: ({ request }) => request.headers.get('x-user') ?? 'anonymous',
});
const server = await serve(proxy);
console.log(`READY ${server.url}`);

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    client.destroy();
    process.exit(0);
  });
});
