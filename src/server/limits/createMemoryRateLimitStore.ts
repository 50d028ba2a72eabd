import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import type { RateLimitStore } from './RateLimitStore.js';

/**
 * The proxy's default rate-limit counters: in memory, per process (rate-limiter-flexible's fixed
 * windows). On many instances each one counts alone, so a subject gets each budget once per
 * instance; give `createRedisRateLimitStore` of `payments-kit/server/redis` for one budget across them.
 *
 * @example
 * createPaymentsProxy({ …, rateLimits: { store: createMemoryRateLimitStore() } })
 */
export function createMemoryRateLimitStore(): RateLimitStore {
  return {
    limiter: (name, budget) => new RateLimiterMemory({ keyPrefix: name, points: budget.requests, duration: budget.perSeconds }),
  };
}
