// payments-kit/server: the merchant-side proxy, the only place API credentials live.
// Imports the contract layer and the node adapter only; never React (ARCHITECTURE.md layers).
// `createPaymentsProxy` itself uses web standards only (Request, Response, fetch, Web Crypto),
// so it also runs in edge runtimes; `toNodeHandler` is for node:http and Express. On Node, prefer
// payments-kit/server/node (./node.ts): the same, with an upstream client on node:http.
export { createPaymentsProxy } from './createPaymentsProxy.js';
export type { PaymentsProxy, PaymentsProxyContext, PaymentsProxyOptions } from './createPaymentsProxy.js';
export { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
export type { MemoryIdempotencyStore, MemoryIdempotencyStoreOptions } from './createMemoryIdempotencyStore.js';
export type { IdempotencyRecord, IdempotencyStore } from './IdempotencyStore.js';
export { toNodeHandler } from '../node/toNodeHandler.js';
export type { FetchHandler, NodeRequestListener, ToNodeHandlerOptions } from '../node/toNodeHandler.js';
