// payments-kit/server: the merchant-side proxy, the only place API credentials live.
// Runtime-neutral: imports the contract layer only, never a node: module or React, so it runs
// in edge runtimes. On Node, use payments-kit/server/node (src/server-node/): the same proxy
// with an undici upstream client and node:http adapters.
export { createPaymentsProxy } from './createPaymentsProxy.js';
export type { PaymentsProxy } from './createPaymentsProxy.js';
export { createInProcessFetch } from './createInProcessFetch.js';
export type { InProcessFetchOptions } from './createInProcessFetch.js';
export { checkPaymentsProxyOptions } from './resolveProxyConfig.js';
export { createPaymentsSession } from './sessions/createPaymentsSession.js';
export type { PaymentsSession, PaymentsSessionOptions } from './sessions/createPaymentsSession.js';
export type { PaymentsGrant, PaymentsSessionClaims } from './sessions/paymentsGrant.js';
export type { PaymentsSessionSecret } from './sessions/sessionKeys.js';
export type { PaymentsProxyContext, PaymentsProxyOptions } from './options.js';
export type { ProxyOperations } from './sessions/ProxyOperations.js';
export { createFetchUpstream } from './upstream/createFetchUpstream.js';
export type { FetchUpstreamOptions } from './upstream/createFetchUpstream.js';
export { toAbortSignal } from '../api/index.js';
export type { StopSignal } from '../api/index.js';
export type { UpstreamClient, UpstreamFailure, UpstreamFailureKind, UpstreamRequest, UpstreamResult } from './upstream/UpstreamClient.js';
export { createMemoryIdempotencyStore } from './idempotency/createMemoryIdempotencyStore.js';
export type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './idempotency/MemoryIdempotencyStore.js';
export type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './idempotency/IdempotencyStore.js';
export { createMemoryRateLimitStore } from './limits/createMemoryRateLimitStore.js';
export type { RateLimitBudget, RateLimiter, RateLimitStore } from './limits/RateLimitStore.js';
export type { InFlightLimit, RateLimitOptions } from './limits/rateLimits.js';
