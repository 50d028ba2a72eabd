// payments-kit/server: the merchant-side proxy, the only place API credentials live.
// Runtime-neutral: imports the contract layer only, never a node: module or React, so it runs
// in edge runtimes. On Node, use payments-kit/server/node (src/server-node/): the same proxy
// with an undici upstream client and node:http adapters.
export { createPaymentsProxy } from './createPaymentsProxy.js';
export type { PaymentsProxy } from './createPaymentsProxy.js';
export { createInProcessFetch } from './createInProcessFetch.js';
export type { InProcessFetchOptions } from './createInProcessFetch.js';
export { checkPaymentsProxyOptions } from './resolveProxyConfig.js';
export { createPaymentsSession } from './createPaymentsSession.js';
export type { PaymentsSession, PaymentsSessionOptions } from './createPaymentsSession.js';
export type { PaymentsGrant, PaymentsSessionClaims } from './paymentsGrant.js';
export type { PaymentsSessionSecret } from './sessionKeys.js';
export type { PaymentsProxyContext, PaymentsProxyOptions } from './types.js';
export { createFetchUpstream } from './createFetchUpstream.js';
export type { FetchUpstreamOptions } from './createFetchUpstream.js';
export { toAbortSignal } from '../api/index.js';
export type { StopSignal } from '../api/index.js';
export type { UpstreamClient, UpstreamFailure, UpstreamFailureKind, UpstreamRequest, UpstreamResult } from './UpstreamClient.js';
export { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
export type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './createMemoryIdempotencyStore.js';
export type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';
export { createMemoryRateLimitStore } from './createMemoryRateLimitStore.js';
export type { RateLimitBudget, RateLimiter, RateLimitStore } from './RateLimitStore.js';
export type { InFlightLimit, RateLimitOptions } from './rateLimits.js';
