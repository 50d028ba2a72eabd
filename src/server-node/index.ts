// payments-kit/server/node: the proxy on Node.js. Node-only (node:http, undici): edge runtimes
// import payments-kit/server instead. Everything that entry offers, plus an undici upstream
// client and node:http adapters that serve the proxy on its Node path (no `Request`,
// `Response` or web stream per request).
import { serveListener, toNodeHandler as toPlainNodeHandler, type FetchHandler, type NodeRequestListener, type RunningServer, type ServeOptions, type ToNodeHandlerOptions } from '../node/index.js';
import { fetchHandlerOf, type PaymentsProxy } from '../server/createPaymentsProxy.js';
import { createProxyCore } from '../server/createProxyCore.js';
import type { PaymentsProxyOptions, ProxyCore } from '../server/types.js';
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
export { answerClientError } from '../node/index.js';
export type { FetchHandler, NodeRequestListener, RunningServer, ServeOptions, ToNodeHandlerOptions } from '../node/index.js';

/** The proxies this entry made, with what their Node path needs. */
const nodePaths = new WeakMap<FetchHandler, { core: ProxyCore; maxBodyBytes: number }>();

let sharedUpstream: UndiciUpstream | undefined;

/**
 * `createPaymentsProxy` of `payments-kit/server`, for Node:
 * - without an `upstream` (or `fetch`) option, upstream calls go through one
 *   `createUndiciUpstream()` shared by every proxy of the process (keep-alive pools per
 *   upstream origin, 64 connections for reads and 64 for confirms);
 * - `toNodeHandler` and `serve` of this entry serve it on its Node path: node:http in and out,
 *   no `Request` or `Response` per request. Same rules, same answers.
 *
 * @example
 * import { createPaymentsProxy, serve } from 'payments-kit/server/node';
 * const paymentsProxy = createPaymentsProxy({ baseUrl, legacyBaseUrl, credentials });
 * await serve(paymentsProxy, { port: 3000 });
 */
export function createPaymentsProxy(options: PaymentsProxyOptions): PaymentsProxy {
  const core = createProxyCore(options, () => (sharedUpstream ??= createUndiciUpstream()));
  const handler = fetchHandlerOf(core);
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  // A wrong setting leaves the core answering 500; the discard limit stays a real number.
  nodePaths.set(handler, { core, maxBodyBytes: Number.isFinite(maxBodyBytes) && maxBodyBytes > 0 ? maxBodyBytes : 16 * 1024 });
  return handler;
}

/**
 * A node:http (and Express) listener for a fetch-standard handler. A proxy made by this entry's
 * `createPaymentsProxy` is served on its Node path; any other handler through the plain adapter
 * (a `Request` and a `Response` per request).
 *
 * @example
 * app.use('/api/payments', toNodeHandler(paymentsProxy)); // Express, before any body parser
 */
export function toNodeHandler(handler: FetchHandler, options: ToNodeHandlerOptions = {}): NodeRequestListener {
  const nodePath = nodePaths.get(handler);
  if (!nodePath) return toPlainNodeHandler(handler, options);
  // As the plain adapter: only the origin of the option counts (no path, no trailing slash).
  return createNodeListener(nodePath.core, new URL(options.origin ?? 'http://127.0.0.1').origin, nodePath.maxBodyBytes);
}

/**
 * Serves a fetch-standard handler (the proxy on its Node path) on node:http and resolves once it
 * listens, on 127.0.0.1 unless told otherwise. Requests node:http itself refuses are answered in
 * the kit's error shape too.
 */
export function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<RunningServer> {
  return serveListener((origin) => toNodeHandler(handler, { origin }), options);
}
