import type { NodePath } from '../node-http/index.js';
import { fetchHandlerOf, type PaymentsProxy } from '../server/createPaymentsProxy.js';
import { createProxyCore } from '../server/createProxyCore.js';
import { DEFAULT_MAX_BODY_BYTES } from '../server/resolveProxyConfig.js';
import type { PaymentsProxyOptions } from '../server/options.js';
import { createNodeListener } from './createNodeListener.js';
import { sharedUpstream } from './sharedUpstream.js';

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
  const core = createProxyCore(options, sharedUpstream);
  const configured = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // A wrong setting leaves the core answering 500; the discard limit stays a real number.
  const maxBodyBytes = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MAX_BODY_BYTES;
  return Object.assign(fetchHandlerOf(core), {
    nodeListener: (origin: string) => createNodeListener(core, origin, maxBodyBytes),
  });
}
