// payments-kit/server/redis: the proxy's idempotency store and rate-limit counters in Redis, and the
// event bus and webhook dedupe of payments-kit/server/webhooks, for a proxy running on more than
// one instance (docs/many-instances.md). Node-only (node:crypto).
// Takes a node-redis client (`redis`, an optional peer dependency) and never imports it: the
// integrator creates, configures and connects the client.
export { createRedisIdempotencyStore, DEFAULT_MAX_RECORD_BYTES } from './createRedisIdempotencyStore.js';
export type { RedisIdempotencyStore, RedisIdempotencyStoreOptions, RedisStoreClient } from './createRedisIdempotencyStore.js';
export { createRedisRateLimitStore } from './createRedisRateLimitStore.js';
export { createRedisEventBus, createRedisWebhookDedupe } from './createRedisEventBus.js';
export type { RedisEventBusOptions, RedisSubscriberClient, RedisWebhookDedupeOptions } from './createRedisEventBus.js';
export type { RedisRateLimitStoreOptions } from './createRedisRateLimitStore.js';
export type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from '../server/idempotency/IdempotencyStore.js';
export type { RateLimitBudget, RateLimiter, RateLimitStore } from '../server/limits/RateLimitStore.js';
export type { PaymentsEventBus, PaymentsWebhookDedupe } from '../server/webhooks/PaymentsEventBus.js';
export type { PaymentsChange } from '../server/webhooks/PaymentsChange.js';
