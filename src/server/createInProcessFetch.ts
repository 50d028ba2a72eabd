import { SESSION_HEADER } from '../api/index.js';
import type { PaymentsProxy } from './createPaymentsProxy.js';

/** Options of {@link createInProcessFetch}. */
export interface InProcessFetchOptions {
  /**
   * The page's payment session, as `createPaymentsSession` minted it for the browser: sent as the
   * `Payments-Session` header on every call, so the server reads exactly what the page may read.
   */
  session: string;
}

/**
 * Stands in for the host part of a URL nobody dials: a request made in-process never leaves it,
 * and the proxy reads only the path after its `basePath`.
 */
const IN_PROCESS_ORIGIN = 'http://payments-kit.in-process';

const READS = new Set(['GET', 'HEAD']);

/**
 * A `fetch` that hands each request to your proxy in this process, with the page's payment
 * session: no network hop, and the same route, session, grant, limits and validation as the
 * browser's call to `/api/payments`. Give it to `createProxyFetcher({ fetch })` from
 * `payments-kit/queries` to prefetch in a server component (docs/nextjs.md#data-on-first-paint).
 *
 * Reads only: a `POST` (a confirm, a new flow) rejects with a `TypeError` and nothing is sent.
 * Those move money or hand out links, so they stay actions of the user in the browser.
 *
 * @example
 * const fetcher = createProxyFetcher({ fetch: createInProcessFetch(paymentsProxy, { session: token }) });
 * await prefetchPayments(queryClient, fetcher, { transactions: ['1001'] });
 */
export function createInProcessFetch(proxy: PaymentsProxy, options: InProcessFetchOptions): typeof globalThis.fetch {
  return async function inProcessFetch(input, init) {
    const request = new Request(input instanceof Request ? input : new URL(String(input), IN_PROCESS_ORIGIN), init);
    if (!READS.has(request.method)) {
      throw new TypeError(
        `createInProcessFetch: reads only, got ${request.method} ${new URL(request.url).pathname}. Confirms and flows are the user's actions: the browser sends them to your proxy.`,
      );
    }
    request.headers.set(SESSION_HEADER, options.session);
    return proxy(request);
  };
}
