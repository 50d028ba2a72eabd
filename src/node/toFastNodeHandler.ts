import { toNodeHandler, type FetchHandler, type NodeRequestListener, type ToNodeHandlerOptions } from './toNodeHandler.js';

/**
 * Key under which a fetch handler may carry its own node:http listener (`Symbol.for`, so a
 * second copy of the kit still recognises it). `createPaymentsProxy` of
 * `payments-kit/server/node` carries one: it answers exactly as the handler would, without
 * `Request`, `Response` or web streams in between.
 */
export const NODE_LISTENER: unique symbol = Symbol.for('payments-kit.nodeListener');

/** What a handler carries under {@link NODE_LISTENER}: makes its listener for an origin. */
export type NodeListenerFactory = (options: { origin: string }) => NodeRequestListener;

/**
 * `toNodeHandler` of `payments-kit/server/node` (and what `serve` uses): the handler's own
 * node:http listener when it carries one (see {@link NODE_LISTENER}), else `toNodeHandler`'s
 * adapter. Same options, same answers; `payments-kit/server`'s `toNodeHandler` is the plain
 * adapter, so that entry stays free of the Node path.
 */
export function toFastNodeHandler(handler: FetchHandler, options: ToNodeHandlerOptions = {}): NodeRequestListener {
  const native = (handler as FetchHandler & { [NODE_LISTENER]?: unknown })[NODE_LISTENER];
  if (typeof native !== 'function') return toNodeHandler(handler, options);
  // As `toNodeHandler`: only the origin of the option counts (no path, no trailing slash).
  return (native as NodeListenerFactory)({ origin: new URL(options.origin ?? 'http://127.0.0.1').origin });
}
