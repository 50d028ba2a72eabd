import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import RLWrapperTimeouts from 'rate-limiter-flexible/lib/RLWrapperTimeouts.js';
import type { RateLimitStore } from '../server/limits/RateLimitStore.js';

export interface RedisRateLimitStoreOptions {
  /**
   * A connected node-redis client (`createClient()` of the `redis` package, `await
   * client.connect()` first), the one the idempotency store uses if you like.
   */
  client: object;
  /** Prepended to every key the counters write. Default `payments-kit:rate:`. */
  prefix?: string;
  /** Longest wait for Redis to count one call, in ms; past it, that call is counted in memory. Default 500. */
  commandTimeoutMs?: number;
}

/**
 * Rate-limit counters in Redis (rate-limiter-flexible's `RateLimiterRedis`), for a proxy on many
 * instances: every instance counts into the same windows, so a subject gets each budget once
 * across all of them (docs/many-instances.md).
 *
 * While Redis cannot be reached or is slower than `commandTimeoutMs`, each instance counts in its
 * own memory instead (at once while the client reconnects): the limits hold per instance until
 * Redis is back.
 *
 * @example
 * import { createRedisIdempotencyStore, createRedisRateLimitStore } from 'payments-kit/server/redis';
 * const paymentsProxy = createPaymentsProxy({
 *   …,
 *   idempotencyStore: createRedisIdempotencyStore({ client }),
 *   rateLimits: { store: createRedisRateLimitStore({ client }) },
 * });
 */
export function createRedisRateLimitStore(options: RedisRateLimitStoreOptions): RateLimitStore {
  const { client } = options;
  if (typeof (client as { eval?: unknown } | undefined)?.eval !== 'function') {
    throw new TypeError('createRedisRateLimitStore: client must be a node-redis client (createClient from "redis").');
  }
  const prefix = options.prefix ?? 'payments-kit:rate:';
  if (typeof prefix !== 'string') throw new TypeError('createRedisRateLimitStore: prefix must be a string.');
  const timeoutMs = options.commandTimeoutMs ?? 500;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new TypeError(`createRedisRateLimitStore: commandTimeoutMs must be a positive integer, got ${String(timeoutMs)}.`);
  }
  return {
    limiter(name, budget) {
      const shape = { keyPrefix: `${prefix}${name}`, points: budget.requests, duration: budget.perSeconds };
      const redis = new RateLimiterRedis({
        ...shape,
        storeClient: client,
        // node-redis 4 and later: the library does not recognise the client by itself.
        useRedisPackage: true,
        // Refuse at once while the client is not ready, instead of waiting in node-redis's
        // offline queue; the wrapper below then counts in memory.
        rejectIfRedisNotReady: true,
      });
      return new RLWrapperTimeouts({ limiter: redis, timeoutMs, insuranceLimiter: new RateLimiterMemory(shape) });
    },
  };
}
