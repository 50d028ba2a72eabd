// Node adapters shared by the server and testing layers. Imports node built-ins only.
export { toNodeHandler } from './toNodeHandler.js';
export type { FetchHandler, NodeRequestListener, ToNodeHandlerOptions } from './toNodeHandler.js';
export { NODE_LISTENER, toFastNodeHandler } from './toFastNodeHandler.js';
export type { NodeListenerFactory } from './toFastNodeHandler.js';
export { serve } from './serve.js';
export type { ServeOptions, RunningServer } from './serve.js';
export { createNodeFetch } from './createNodeFetch.js';
export type { NodeFetch, NodeFetchOptions } from './createNodeFetch.js';
