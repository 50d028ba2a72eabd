// Node-only HTTP adapters: a fetch-standard handler on node:http, and the kit's servers. Imports
// node built-ins and the contract layer only; used by payments-kit/server/node and the sandbox's
// Node server (payments-kit/testing/node).
export { answerFailure, answerUnservedMethod, toNodeHandler } from './toNodeHandler.js';
export type { FetchHandler, NodePath, NodeRequestListener, ToNodeHandlerOptions } from './toNodeHandler.js';
export { answerClientError, serve } from './serve.js';
export type { ServeOptions, RunningServer } from './serve.js';
export { MAX_DISCARD_BYTES, announcesBody, discardUnreadBody, readNodeBody } from './readNodeBody.js';
export { isUnservedMethod, requestUrl, toRequest } from './nodeRequest.js';
export { writeJsonError } from './writeJsonError.js';
