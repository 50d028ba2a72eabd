// payments-kit/server/node: the proxy on Node.js. Node-only (node:http, undici): edge runtimes
// import payments-kit/server instead. Everything that entry offers, plus an undici upstream
// client, and a proxy that carries its Node path (no `Request`, `Response` or web stream per
// request), which the kit's one `toNodeHandler` and `serve` take when a handler offers it.
export { createPaymentsProxy } from './createPaymentsProxy.js';
// The whole of payments-kit/server but its `createPaymentsProxy` and `createInProcessFetch`,
// named one by one.
export { checkPaymentsProxyOptions, createFetchUpstream, createMemoryIdempotencyStore, createMemoryRateLimitStore, createPaymentsSession, toAbortSignal } from '../server/index.js';
export type {
  FetchUpstreamOptions, IdempotencyClaim, IdempotencyRecord, IdempotencyStore, InFlightLimit, MemoryIdempotencyStore, MemoryIdempotencyStoreOptions, RateLimitBudget, RateLimiter, RateLimitOptions, RateLimitStore,
  PaymentsGrant, PaymentsSession, PaymentsSessionClaims, PaymentsSessionOptions, PaymentsSessionSecret, PaymentsProxy, PaymentsProxyContext, PaymentsProxyOptions, StopSignal, UpstreamClient, UpstreamFailure, UpstreamFailureKind, UpstreamRequest, UpstreamResult,
} from '../server/index.js';
export { createUndiciUpstream } from './createUndiciUpstream.js';
export type { UndiciUpstream, UndiciUpstreamOptions } from './createUndiciUpstream.js';
export { answerClientError, serve, toNodeHandler } from '../node-http/index.js';
export type { FetchHandler, NodePath, NodeRequestListener, RunningServer, ServeOptions, ToNodeHandlerOptions } from '../node-http/index.js';
