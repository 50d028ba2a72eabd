import { JSON_ANSWER_HEADERS } from '../api/index.js';
import { createProxyCore, type ProxyCore } from './createProxyCore.js';
import type { PaymentsProxyOptions } from './options.js';
import type { ProxyIncoming } from './request/ProxyIncoming.js';
import { readStream } from './request/readStream.js';
import { createFetchUpstream } from './upstream/createFetchUpstream.js';

/** A fetch-standard handler, as Next.js route handlers, Hono and Deno take. */
export type PaymentsProxy = (request: Request) => Promise<Response>;

/**
 * The merchant-side proxy between the kit's components and the payments API: the only place
 * the API credentials live. It forwards exactly the five operations of the operations table
 * (docs/api.md#operations), each rebuilt from validated pieces, for users `authorize` allows, and
 * answers everything else with the kit's one error shape (docs/server.md).
 *
 * A fetch-standard handler on web standards only (`Request`, `Response`, `fetch`, Web Crypto),
 * for edge runtimes and any other. On Node, `payments-kit/server/node` offers the same function
 * with an undici upstream client and a path that skips `Request` and `Response`.
 *
 * Never throws on its options: wrong or missing settings answer every request 500
 * `proxy_misconfigured` (see `checkPaymentsProxyOptions` to fail at start-up instead).
 *
 * @example
 * export const paymentsProxy = createPaymentsProxy({
 *   baseUrl: process.env.PAYMENTS_BASE_URL!,
 *   legacyBaseUrl: process.env.PAYMENTS_LEGACY_BASE_URL!,
 *   credentials: { clientId: process.env.PAYMENTS_CLIENT_ID!, apiKey: process.env.PAYMENTS_API_KEY! },
 * });
 */
export function createPaymentsProxy(options: PaymentsProxyOptions): PaymentsProxy {
  return fetchHandlerOf(createProxyCore(options, () => createFetchUpstream()));
}

/** The fetch-standard handler of a proxy core: `Request` in, `Response` out. */
export function fetchHandlerOf(core: ProxyCore): PaymentsProxy {
  return async function paymentsProxy(request) {
    const { status, body, headers } = await core(fetchIncoming(request));
    // A 204 (a CORS preflight's answer) may carry no body, not even an empty one.
    return new Response(status === 204 ? null : body, { status, headers: { ...JSON_ANSWER_HEADERS, ...headers } });
  };
}

function fetchIncoming(request: Request): ProxyIncoming {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    // At most `maxBytes` (`undefined` beyond: the stream is canceled, the node adapter discards the rest).
    readBody: (maxBytes) => readStream(request.body, maxBytes),
    signal: request.signal,
    request,
  };
}
