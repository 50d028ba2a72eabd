// payments-kit/server/node: the proxy on Node.js. Node-only (node:http, undici): edge runtimes
// import payments-kit/server instead. Everything that entry offers, plus an undici upstream
// client, and a proxy that carries its Node path (no `Request`, `Response` or web stream per
// request), which the kit's one `toNodeHandler` and `serve` take when a handler offers it.
import type { NodePath } from '../node-http/index.js';
import { fetchHandlerOf, type PaymentsProxy } from '../server/createPaymentsProxy.js';
import { createProxyCore } from '../server/createProxyCore.js';
import type { PaymentsProxyOptions } from '../server/types.js';
import { createNodeListener } from './createNodeListener.js';
import { createUndiciUpstream, type UndiciUpstream } from './createUndiciUpstream.js';

// The whole of payments-kit/server but its `createPaymentsProxy`, named one by one.
export { checkPaymentsProxyOptions, createFetchUpstream, createMemoryIdempotencyStore, createMemoryRateLimitStore, createPaymentsSession, toAbortSignal } from '../server/index.js';
export type {
  FetchUpstreamOptions, IdempotencyClaim, IdempotencyRecord, IdempotencyStore, InFlightLimit, MemoryIdempotencyStore, MemoryIdempotencyStoreOptions, RateLimitBudget, RateLimiter, RateLimitOptions, RateLimitStore,
  PaymentsGrant, PaymentsSession, PaymentsSessionClaims, PaymentsSessionOptions, PaymentsSessionSecret, PaymentsProxy, PaymentsProxyContext, PaymentsProxyOptions, StopSignal, UpstreamClient, UpstreamFailure, UpstreamFailureKind, UpstreamRequest, UpstreamResult,
} from '../server/index.js';
export { createUndiciUpstream } from './createUndiciUpstream.js';
export type { UndiciUpstream, UndiciUpstreamOptions } from './createUndiciUpstream.js';
export { answerClientError, serve, toNodeHandler } from '../node-http/index.js';
export type { FetchHandler, NodePath, NodeRequestListener, RunningServer, ServeOptions, ToNodeHandlerOptions } from '../node-http/index.js';

let sharedUpstream: UndiciUpstream | undefined;

/**
 * `createPaymentsProxy` of `payments-kit/server`, for Node:
 * - without an `upstream` (or `fetch`) option, upstream calls go through one
 *   `createUndiciUpstream()` shared by every proxy of the process (keep-alive pools per
 *   upstream origin, 64 connections for reads and 64 for confirms);
 * - the fetch handler it returns also carries its Node path, `nodeListener(origin)`:
 *   `toNodeHandler` and `serve` serve it on node:http in and out, no `Request` or `Response`
 *   per request. Same rules, same answers.
 *
 * @example
 * import { createPaymentsProxy, serve } from 'payments-kit/server/node';
 * const paymentsProxy = createPaymentsProxy({ baseUrl, legacyBaseUrl, credentials });
 * await serve(paymentsProxy, { port: 3000 });
 */
export function createPaymentsProxy(options: PaymentsProxyOptions): PaymentsProxy & NodePath {
  const core = createProxyCore(options, () => (sharedUpstream ??= createUndiciUpstream()));
  const configured = options.maxBodyBytes ?? 16 * 1024;
  // A wrong setting leaves the core answering 500; the discard limit stays a real number.
  const maxBodyBytes = Number.isFinite(configured) && configured > 0 ? configured : 16 * 1024;
  return Object.assign(fetchHandlerOf(core), {
    nodeListener: (origin: string) => createNodeListener(core, origin, maxBodyBytes),
  });
}
