import { PaymentsError, SESSION_HEADER, isPaymentsError, type PaymentsErrorInit } from '../api/index.js';
import { startRequestDeadline } from './requestDeadline.js';
import { isCheckedAnswer } from '../api/answerHeaders.js';
import { readErrorBody } from '../api/readErrorBody.js';
import { checkedAnswers } from './checkedAnswers.js';
import { upstreamReason } from '../api/upstreamReason.js';
import { abortedError } from './toPaymentsError.js';
import { SESSION_NOT_GIVEN, createSessionSource, fetcherSessions } from './sessionSource.js';
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
  /**
   * The payment session token your server minted for this page (`createPaymentsSession` in
   * `payments-kit/server`), sent as the `Payments-Session` header on every request. The proxy
   * answers 401 without it. Default: none (then `getSession` gives the first token).
   *
   * @example
   * createProxyFetcher({ session: tokenFromServer })
   */
  session?: string | undefined;
  /**
   * Asks your server for a payment session token. Called for the first token when `session` is
   * not given (one call, shared by the requests waiting for it), and again once when the proxy
   * answers 401 `session_expired` or `session_required`: the request is then sent once more with
   * the new token — a confirm with the same `Idempotency-Key`, which is safe because a 401 from the
   * proxy means nothing reached the payments API. A second 401 is the request's error, never
   * another round. Default: none (an expired session is the request's error, `isSessionError`).
   *
   * If it rejects or resolves with no token before any request is sent, the request fails with
   * kind `network` (or `timeout`), code `session_unavailable`, and nothing is sent: the kit's
   * components say "couldn't start, nothing was sent" and offer "Try again". A rejection with a
   * `PaymentsError` of code `session_not_given` (the custom elements' provider, when the page
   * gave it no session in time) is passed on as it is.
   *
   * @example
   * createProxyFetcher({
   *   getSession: async () => (await (await fetch('/payments-session', { method: 'POST' })).json()).token,
   * })
   */
  getSession?: (() => Promise<string>) | undefined;
}

/**
 * 401 codes after which a new token may succeed. `session_invalid` is left out: a token the
 * proxy cannot verify (wrong secret, tampered) is a configuration error a new token from the
 * same server would repeat.
 */
const RENEWABLE = new Set(['session_expired', 'session_required']);

const DEFAULT_BASE_URL = '/api/payments';
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The default {@link PaymentsFetcher}: JSON over `fetch` to the merchant's backend proxy, which
 * alone holds the API credentials (docs/api.md#authentication). It never adds an
 * `Authorization` header; headers the host passes go through untouched.
 *
 * Every failure becomes a `PaymentsError` carrying `operation`: `network` (fetch threw),
 * `aborted` (the caller's signal), `timeout` (`timeoutMs`), `http` (non-2xx; the proxy's error
 * body `{ error: {…} }` is taken as is, the API's own `{ success: false, message, error_code }`
 * gives `upstreamMessage` and `upstreamCode`, and a `Retry-After` of whole seconds becomes
 * `retryAfterMs`) and `invalid_response` (a 2xx that is not JSON).
 *
 * The page's payment session goes in the `Payments-Session` header: give the token your server
 * minted as `session`, or `getSession` to fetch it (and to renew it once when it expires).
 *
 * @example
 * const fetcher = createProxyFetcher({ baseUrl: '/api/payments', getSession: fetchPaymentsSession });
 * <PaymentsProvider fetcher={fetcher}>…</PaymentsProvider>
 */
export function createProxyFetcher(options: ProxyFetcherOptions = {}): PaymentsFetcher {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const sessions = createSessionSource(options.session, options.getSession);

  const proxyFetcher = async function proxyFetcher(request: PaymentsRequest): Promise<unknown> {
    const { operation, signal } = request;
    const fail = (init: Omit<PaymentsErrorInit, 'operation'>): never => {
      throw new PaymentsError({ ...init, operation });
    };
    const aborted = (cause?: unknown): never => {
      throw abortedError(operation, cause);
    };

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

    /**
     * A token from `getSession`, within the caller's signal and `timeoutMs`; nothing is sent
     * without one.
     */
    const awaitToken = async (pending: Promise<string>): Promise<string> => {
      const deadline = startRequestDeadline(timeoutMs, signal);
      try {
        return await deadline.race(pending);
      } catch (cause) {
        if (signal?.aborted) return aborted(cause);
        if (isPaymentsError(cause) && cause.code === SESSION_NOT_GIVEN) {
          return fail({ kind: cause.kind, code: SESSION_NOT_GIVEN, message: `${cause.message} ${operation} was not sent.`, cause });
        }
        return fail({
          kind: deadline.expired ? 'timeout' : 'network',
          code: 'session_unavailable',
          message: deadline.expired
            ? `getSession() did not answer within ${timeoutMs} ms; ${operation} was not sent.`
            : `getSession() gave no session token; ${operation} was not sent.`,
          cause,
        });
      } finally {
        deadline.clear();
      }
    };

    const first = sessions.current();
    const token = first === undefined ? undefined : await awaitToken(first);

    const headers = new Headers({ Accept: 'application/json' });
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(hostHeaders)) headers.set(name, value);
    for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);

    const search = request.query ? new URLSearchParams(request.query).toString() : '';
    const url = `${baseUrl}${request.path}${search === '' ? '' : `?${search}`}`;
    const body = request.body === undefined ? null : JSON.stringify(request.body);

    /** One attempt: the answer and its body text, within its own deadline. */
    const send = async (sessionToken: string | undefined): Promise<{ response: Response; text: string }> => {
      if (signal?.aborted) return aborted(signal.reason);
      const sent = new Headers(headers);
      // The kit's token wins over a host header of the same name.
      if (sessionToken !== undefined) sent.set(SESSION_HEADER, sessionToken);
      // One deadline aborts the request for either reason; which one fired decides the kind.
      const deadline = startRequestDeadline(timeoutMs, signal);
      try {
        const fetchImpl = options.fetch ?? globalThis.fetch;
        // Raced against the signal as well: an injected fetch may not honour it, and the caller
        // must still get `aborted` / `timeout` on time.
        const response = await deadline.race(
          fetchImpl(url, { method: request.method, headers: sent, body, signal: deadline.signal }),
        );
        // The timeout covers the body too: a proxy that sends headers and then stalls is a timeout.
        const text = await deadline.race(response.text());
        return { response, text };
      } catch (cause) {
        if (signal?.aborted) return aborted(cause);
        return deadline.expired
          ? fail({ kind: 'timeout', message: `The payments proxy did not answer ${operation} within ${timeoutMs} ms.`, cause })
          : fail({ kind: 'network', message: `The payments proxy could not be reached for ${operation}.`, cause });
      } finally {
        deadline.clear();
      }
    };

    let { response, text } = await send(token);

    if (!response.ok) {
      const error = toHttpError(response, text, operation);
      if (error.status !== 401 || !RENEWABLE.has(error.code ?? '') || !sessions.canRenew) throw error;
      // The proxy sent nothing upstream (a 401 says so): the same request, with the same
      // Idempotency-Key for a confirm, goes once more with a new token. Never a second round.
      let renewed: string;
      try {
        renewed = await awaitToken(sessions.renew(token));
      } catch (cause) {
        if (signal?.aborted) throw cause;
        // No new token: the page's session is over, and the proxy's answer says so best.
        const { kind, status, code, message, requestId } = error;
        throw new PaymentsError({ kind, status, code, message, operation: error.operation, requestId, cause });
      }
      ({ response, text } = await send(renewed));
      if (!response.ok) throw toHttpError(response, text, operation);
    }

    const json = parseJson(text);
    if (json === NOT_JSON) {
      return fail({
        kind: 'invalid_response',
        status: response.status,
        code: 'not_json',
        message: `The payments proxy answered ${operation} with a body that is not JSON.`,
        requestId: response.headers.get('X-Request-Id') ?? undefined,
      });
    }
    // The kit's proxy checked this answer with the operations' schemas (a version of that reading
    // this release knows): callOperation hands it on as it is.
    if (typeof json === 'object' && json !== null && isCheckedAnswer(response.headers)) {
      checkedAnswers.add(json);
    }
    return json;
  };
  fetcherSessions.set(proxyFetcher, sessions);
  return proxyFetcher;
}

/**
 * A non-2xx answer as a `PaymentsError`: the proxy's error body taken as is, or the bare status
 * with what an API-shaped body says (a server in front of the API that passes its answers on);
 * with the answer's `Retry-After` as `retryAfterMs`.
 */
function toHttpError(response: Response, text: string, operation: string): PaymentsError {
  const requestId = response.headers.get('X-Request-Id') ?? undefined;
  const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
  const json = parseJson(text);
  const body = readErrorBody(json);
  if (body !== undefined) {
    return new PaymentsError({
      ...body,
      status: body.status ?? response.status,
      operation: body.operation ?? operation,
      requestId: body.requestId ?? requestId,
      retryAfterMs,
    });
  }
  return new PaymentsError({
    kind: 'http',
    status: response.status,
    message: `The payments proxy answered ${operation} with HTTP ${response.status}.`,
    operation,
    requestId,
    retryAfterMs,
    ...upstreamReason(json),
  });
}

/**
 * `Retry-After` in ms when it is whole seconds, the form the proxy sends (docs/server.md); an
 * HTTP date or anything else is left out, and the caller's own backoff applies.
 */
function parseRetryAfter(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
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
