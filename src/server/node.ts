// payments-kit/server/node: the proxy on Node.js. Everything `payments-kit/server` offers, with
// `createPaymentsProxy` defaulting to an upstream client on node:http (`createNodeFetch`, a
// keep-alive pool) instead of the built-in fetch, which costs several times more CPU per call
// on Node 20, and carrying a node:http listener of its own that `toNodeHandler` and `serve` use
// (no `Request`, `Response` or web streams per request). Import `payments-kit/server` instead
// in edge runtimes: this entry needs node:http.
import { createNodeFetch, type NodeFetch } from '../node/createNodeFetch.js';
import { NODE_LISTENER, type NodeListenerFactory } from '../node/toFastNodeHandler.js';
import { createNodeListener } from './createNodeListener.js';
import { fetchHandlerOf, type PaymentsProxy } from './createPaymentsProxy.js';
import { createProxyCore, type PaymentsProxyOptions } from './createProxyCore.js';

// Explicit re-exports (STYLE.md: no `export *`); `createPaymentsProxy` is this file's own.
export type { PaymentsProxy, PaymentsProxyContext, PaymentsProxyOptions } from './createPaymentsProxy.js';
export { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
export type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './createMemoryIdempotencyStore.js';
export type { IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';
// This entry's `toNodeHandler` serves the proxy's own node:http listener (see toFastNodeHandler).
export { toFastNodeHandler as toNodeHandler } from '../node/toFastNodeHandler.js';
export type { FetchHandler, NodeRequestListener, ToNodeHandlerOptions } from '../node/toNodeHandler.js';
export { createNodeFetch } from '../node/createNodeFetch.js';
export type { NodeFetch, NodeFetchOptions } from '../node/createNodeFetch.js';
export { serve } from '../node/serve.js';
export type { RunningServer, ServeOptions } from '../node/serve.js';

let sharedFetch: NodeFetch | undefined;

/**
 * `createPaymentsProxy` of `payments-kit/server`, with two differences for Node:
 * - without a `fetch` option, upstream calls go through one `createNodeFetch()` shared by every
 *   proxy of the process (one keep-alive pool per upstream origin, at most 64 sockets each).
 *   Pass `fetch: createNodeFetch({…})` to tune the pool, or any other `fetch`;
 * - the handler it returns is still a fetch-standard `(Request) => Promise<Response>`, and it
 *   also carries a node:http listener: `toNodeHandler(proxy)` and `serve(proxy)` serve that one,
 *   which reads the node request and writes the node response directly. Same rules, same
 *   answers, a fraction of the CPU per request.
 */
export function createPaymentsProxy(options: PaymentsProxyOptions): PaymentsProxy {
  const core = createProxyCore({ ...options, fetch: options.fetch ?? (sharedFetch ??= createNodeFetch()) });
  const listener: NodeListenerFactory = ({ origin }) => createNodeListener(core, origin);
  return Object.defineProperty(fetchHandlerOf(core), NODE_LISTENER, { value: listener });
}
