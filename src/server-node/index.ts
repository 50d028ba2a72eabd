// payments-kit/server/node: the proxy on Node.js. Node-only (node:http, undici): edge runtimes
// import payments-kit/server instead. Everything that entry offers (re-exported whole, so the
// list is written once, in src/server/index.ts), plus an undici upstream client, and a proxy
// that carries its Node path (no `Request`, `Response` or web stream per request), which the
// kit's one `toNodeHandler` and `serve` take when a handler offers it. The `createPaymentsProxy`
// named here is that Node proxy: a module's own export takes the place of the one `export *`
// would bring.
export * from '../server/index.js';
export { createPaymentsProxy } from './createPaymentsProxy.js';
export { createUndiciUpstream } from './createUndiciUpstream.js';
export type { UndiciUpstream, UndiciUpstreamOptions } from './createUndiciUpstream.js';
export { answerClientError, serve, toNodeHandler } from '../node-http/index.js';
export type { FetchHandler, NodePath, NodeRequestListener, RunningServer, ServeOptions, ToNodeHandlerOptions } from '../node-http/index.js';
