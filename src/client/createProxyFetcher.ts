import { PaymentsError, paymentsErrorBodySchema, startDeadline, type PaymentsErrorInit } from '../api/index.js';
import type { PaymentsFetcher, PaymentsHeadersInit, PaymentsRequest } from './types.js';

/** Options of {@link createProxyFetcher}. */
export interface ProxyFetcherOptions {
  /**
   * Where the merchant mounted the proxy (`createPaymentsProxy`). Upstream paths are mirrored
   * under it: `GET {baseUrl}/api/v2/transactions/42`. Default `/api/payments`.
   */
  baseUrl?: string;
  /**
   * Headers of the host added to every request, passed through unchanged (e.g. the merchant's
   * own session or CSRF token). A function is called once per request, so a refreshed token is
   * picked up; it may be async.
   */
  headers?: PaymentsHeadersInit;
  /** The fetch to use. Default: `globalThis.fetch`, looked up on every call (so MSW and polyfills apply). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds before a request (answer and body) is given up with kind `timeout`. Default 15000. */
  timeoutMs?: number;
}

const DEFAULT_BASE_URL = '/api/payments';
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The default {@link PaymentsFetcher}: JSON over `fetch` to the merchant's backend proxy, which
 * alone holds the API credentials (docs/api.md#authentication). It never adds an
 * `Authorization` header; headers the host passes go through untouched.
 *
 * Every failure becomes a `PaymentsError` carrying `operation`: `network` (fetch threw),
 * `aborted` (the caller's signal), `timeout` (`timeoutMs`), `http` (non-2xx; the proxy's error
 * body `{ error: {…} }` is taken as is) and `invalid_response` (a 2xx that is not JSON).
 */
export function createProxyFetcher(options: ProxyFetcherOptions = {}): PaymentsFetcher {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async function proxyFetcher(request: PaymentsRequest): Promise<unknown> {
    const { operation, signal } = request;
    const fail = (init: Omit<PaymentsErrorInit, 'operation'>): never => {
      throw new PaymentsError({ ...init, operation });
    };
    const aborted = (cause?: unknown): never =>
      fail({ kind: 'aborted', message: `The request for ${operation} was cancelled.`, cause });

    if (signal?.aborted) return aborted(signal.reason);

    let hostHeaders: Record<string, string>;
    try {
      hostHeaders =
        typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {});
    } catch (cause) {
      return fail({
        kind: 'network',
        code: 'headers_failed',
        message: `The host's headers() failed before ${operation} was sent.`,
        cause,
      });
    }
    // The caller may have gone away (the component unmounted) while the host's headers were
    // computed: send nothing then.
    if (signal?.aborted) return aborted(signal.reason);

    const headers = new Headers({ Accept: 'application/json' });
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(hostHeaders)) headers.set(name, value);
    for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);

    const search = request.query ? new URLSearchParams(request.query).toString() : '';
    const url = `${baseUrl}${request.path}${search === '' ? '' : `?${search}`}`;

    // One deadline aborts the request for either reason; which one fired decides the kind.
    const deadline = startDeadline(timeoutMs, signal);
    let response: Response;
    let text: string;
    try {
      const fetchImpl = options.fetch ?? globalThis.fetch;
      // Raced against the signal as well: an injected fetch may not honour it, and the caller
      // must still get `aborted` / `timeout` on time.
      response = await deadline.race(
        fetchImpl(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? null : JSON.stringify(request.body),
          signal: deadline.signal,
        }),
      );
      // The timeout covers the body too: a proxy that sends headers and then stalls is a timeout.
      text = await deadline.race(response.text());
    } catch (cause) {
      if (signal?.aborted) return aborted(cause);
      return deadline.expired
        ? fail({ kind: 'timeout', message: `The payments proxy did not answer ${operation} within ${timeoutMs} ms.`, cause })
        : fail({ kind: 'network', message: `The payments proxy could not be reached for ${operation}.`, cause });
    } finally {
      deadline.clear();
    }

    const requestId = response.headers.get('X-Request-Id') ?? undefined;

    if (!response.ok) {
      const parsed = paymentsErrorBodySchema.safeParse(parseJson(text));
      if (parsed.success) {
        const body = parsed.data.error;
        throw new PaymentsError({
          kind: body.kind,
          status: body.status ?? response.status,
          message: body.message,
          code: body.code,
          operation: body.operation ?? operation,
          requestId: body.requestId ?? requestId,
        });
      }
      return fail({
        kind: 'http',
        status: response.status,
        message: `The payments proxy answered ${operation} with HTTP ${response.status}.`,
        requestId,
      });
    }

    const json = parseJson(text);
    if (json === NOT_JSON) {
      return fail({
        kind: 'invalid_response',
        status: response.status,
        code: 'not_json',
        message: `The payments proxy answered ${operation} with a body that is not JSON.`,
        requestId,
      });
    }
    return json;
  };
}

const NOT_JSON: unique symbol = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
