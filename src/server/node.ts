// payments-kit/server/node: the proxy on Node.js. Everything `payments-kit/server` offers, with
// `createPaymentsProxy` defaulting to an upstream client on node:http (`createNodeFetch`, a
// keep-alive pool) instead of the built-in fetch, which costs several times more CPU per call
// on Node 20. Import `payments-kit/server` instead in edge runtimes: this entry needs node:http.
import { createNodeFetch, type NodeFetch } from '../node/createNodeFetch.js';
import {
  createPaymentsProxy as createFetchPaymentsProxy,
  type PaymentsProxy,
  type PaymentsProxyOptions,
} from './createPaymentsProxy.js';

// Explicit re-exports (STYLE.md: no `export *`); `createPaymentsProxy` is this file's own.
export type { PaymentsProxy, PaymentsProxyContext, PaymentsProxyOptions } from './createPaymentsProxy.js';
export { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
export type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './createMemoryIdempotencyStore.js';
export type { IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';
export { toNodeHandler } from '../node/toNodeHandler.js';
export type { FetchHandler, NodeRequestListener, ToNodeHandlerOptions } from '../node/toNodeHandler.js';
export { createNodeFetch } from '../node/createNodeFetch.js';
export type { NodeFetch, NodeFetchOptions } from '../node/createNodeFetch.js';
export { serve } from '../node/serve.js';
export type { RunningServer, ServeOptions } from '../node/serve.js';

let sharedFetch: NodeFetch | undefined;

/**
 * `createPaymentsProxy` of `payments-kit/server`, except that without a `fetch` option the
 * upstream calls go through one `createNodeFetch()` shared by every proxy of the process (one
 * keep-alive pool per upstream origin, at most 64 sockets each). Pass `fetch: createNodeFetch({…})`
 * to tune the pool, or any other `fetch`.
 */
export function createPaymentsProxy(options: PaymentsProxyOptions): PaymentsProxy {
  return createFetchPaymentsProxy({ ...options, fetch: options.fetch ?? (sharedFetch ??= createNodeFetch()) });
}
