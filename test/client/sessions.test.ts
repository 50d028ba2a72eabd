import { confirmPaymentIntent, isPaymentsError, callOperation, createProxyFetcher, isSessionError, type PaymentsRequest } from 'payments-kit';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { rejection } from './rejection.js';
import { sleep } from '../support/sleep.js';

// The browser side of payment sessions: the fetcher sends `Payments-Session`, renews an expired
// token once through `getSession`, and repeats the refused request once (docs/hooks.md#payment-sessions).

/** A request as `callOperation` would hand it over. */
function request(overrides: Partial<PaymentsRequest> = {}): PaymentsRequest {
  return { operation: 'getTransaction', method: 'GET', base: 'v2', path: '/api/v2/transactions/42', headers: {}, ...overrides };
}

const refusal = (status: number, code: string) =>
  Response.json({ error: { kind: 'http', status, code, message: `Refused: ${code}.`, operation: 'getTransaction' } }, { status });

/**
 * An injected `fetch` standing in for a proxy with sessions: `valid` is the one token it accepts
 * (a missing header is 401 `session_required`, any other token 401 `session_expired`); accepted
 * requests reach `upstream`. It records the token and Idempotency-Key of every request.
 */
function sessionProxy(valid: { token: string }, upstream: (path: string, init: RequestInit) => Promise<Response> = () => Promise.resolve(Response.json({ ok: true }))) {
  const seen: { token: string | null; idempotencyKey: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const token = headers.get('payments-session');
    seen.push({ token, idempotencyKey: headers.get('idempotency-key') });
    if (token === null) return refusal(401, 'session_required');
    if (token !== valid.token) return refusal(401, 'session_expired');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return upstream(url.replace(/^\/api\/payments/, ''), init);
  });
  return { fetch, seen };
}

/** A getSession whose tokens are `t1`, `t2`…, each call resolving on a later tick. */
function countingGetSession() {
  let issued = 0;
  return vi.fn(async () => {
    await sleep(5);
    issued += 1;
    return `t${String(issued)}`;
  });
}

describe('given a session token', () => {
  it('should send it as the Payments-Session header on every request', async () => {
    const { fetch, seen } = sessionProxy({ token: 'tok_page' });
    const fetcher = createProxyFetcher({ fetch, session: 'tok_page' });
    await fetcher(request());
    await fetcher(request({ operation: 'createFlow', method: 'POST', path: '/api/v2/flows', body: { steps: ['compliance'] } }));
    expect(seen.map((s) => s.token)).toEqual(['tok_page', 'tok_page']);
  });

  it("should win over a host header of the same name, and leave the host's other headers alone", async () => {
    const { fetch } = sessionProxy({ token: 'tok_page' });
    const fetcher = createProxyFetcher({ fetch, session: 'tok_page', headers: { 'Payments-Session': 'stale', 'X-CSRF-Token': 'c' } });
    await fetcher(request());
    const sent = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(sent.get('payments-session')).toBe('tok_page');
    expect(sent.get('x-csrf-token')).toBe('c');
  });

  it('should send no Payments-Session header without a session or getSession', async () => {
    const { fetch, seen } = sessionProxy({ token: 'tok_page' });
    const error = await rejection(createProxyFetcher({ fetch })(request()));
    expect(seen).toEqual([{ token: null, idempotencyKey: null }]);
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'session_required' });
    expect(isSessionError(error)).toBe(true);
  });

  it('should surface an expired session without getSession as the error, sent once', async () => {
    const { fetch } = sessionProxy({ token: 'tok_new' });
    const error = await rejection(createProxyFetcher({ fetch, session: 'tok_old' })(request()));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'session_expired', operation: 'getTransaction' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('given getSession and no session', () => {
  it('should ask for the first token once and share it between concurrent requests', async () => {
    const getSession = countingGetSession();
    const { fetch, seen } = sessionProxy({ token: 't1' });
    const fetcher = createProxyFetcher({ fetch, getSession });
    await Promise.all([fetcher(request()), fetcher(request()), fetcher(request())]);
    await fetcher(request());
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.token)).toEqual(['t1', 't1', 't1', 't1']);
  });

  it('should send nothing and fail with session_unavailable when getSession rejects, then ask again on the next request', async () => {
    const getSession = vi.fn().mockRejectedValueOnce(new Error('logged out')).mockResolvedValueOnce('t1');
    const { fetch } = sessionProxy({ token: 't1' });
    const fetcher = createProxyFetcher({ fetch, getSession });
    const error = await rejection(fetcher(request()));
    expect(error).toMatchObject({ kind: 'network', code: 'session_unavailable', operation: 'getTransaction' });
    expect(fetch).not.toHaveBeenCalled();
    await expect(fetcher(request())).resolves.toEqual({ ok: true });
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('should refuse an empty token from getSession and send nothing', async () => {
    const { fetch } = sessionProxy({ token: 't1' });
    const error = await rejection(createProxyFetcher({ fetch, getSession: () => Promise.resolve('') })(request()));
    expect(error).toMatchObject({ kind: 'network', code: 'session_unavailable' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('should give up waiting for getSession at timeoutMs, and when the caller aborts', async () => {
    const { fetch } = sessionProxy({ token: 't1' });
    const never = () => new Promise<string>(() => undefined);
    const timedOut = await rejection(createProxyFetcher({ fetch, getSession: never, timeoutMs: 20 })(request()));
    expect(timedOut).toMatchObject({ kind: 'timeout', code: 'session_unavailable' });
    const controller = new AbortController();
    const pending = rejection(createProxyFetcher({ fetch, getSession: never })(request({ signal: controller.signal })));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('given an expired session and getSession', () => {
  it.each(['session_expired', 'session_required'])('should renew once after 401 %s and repeat the request once', async (code) => {
    const getSession = vi.fn(() => Promise.resolve('tok_new'));
    const fetch = vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) =>
      Promise.resolve(new Headers(init.headers).get('payments-session') === 'tok_new' ? Response.json({ ok: true }) : refusal(401, code)),
    );
    await expect(createProxyFetcher({ fetch, session: 'tok_old', getSession })(request())).resolves.toEqual({ ok: true });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('payments-session'))).toEqual(['tok_old', 'tok_new']);
  });

  it.each([
    ['401 session_invalid', 401, 'session_invalid'],
    ['403 not_granted', 403, 'not_granted'],
    ['403 cross_site_refused', 403, 'cross_site_refused'],
    ['a 401 without a code', 401, undefined],
  ])('should not renew after %s', async (_label, status, code) => {
    const getSession = vi.fn(() => Promise.resolve('tok_new'));
    const fetch = vi.fn(() => Promise.resolve(code === undefined ? new Response('no', { status }) : refusal(status, code)));
    const error = await rejection(createProxyFetcher({ fetch, session: 'tok_old', getSession })(request()));
    expect(error).toMatchObject({ status, code });
    expect(getSession).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('should surface a second 401 as the error, after exactly two requests and one renewal', async () => {
    const getSession = countingGetSession();
    const { fetch, seen } = sessionProxy({ token: 'never-issued' });
    const error = await rejection(createProxyFetcher({ fetch, session: 't0', getSession })(request()));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'session_expired' });
    expect(isSessionError(error)).toBe(true);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.token)).toEqual(['t0', 't1']);
  });

  it("should surface the proxy's 401 when getSession fails, with the failure as its cause", async () => {
    const failure = new Error('the session route answered 403');
    const { fetch } = sessionProxy({ token: 'tok_new' });
    const error = await rejection(createProxyFetcher({ fetch, session: 'tok_old', getSession: () => Promise.reject(failure) })(request()));
    expect(error).toMatchObject({ status: 401, code: 'session_expired' });
    expect(error.cause).toMatchObject({ code: 'session_unavailable', cause: failure });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('should renew once for requests refused together, and reuse a token another request already renewed', async () => {
    const getSession = countingGetSession();
    const valid = { token: 't1' };
    const { fetch, seen } = sessionProxy(valid);
    const fetcher = createProxyFetcher({ fetch, session: 't0', getSession });
    await Promise.all([fetcher(request()), fetcher(request()), fetcher(request())]);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.token).sort()).toEqual(['t0', 't0', 't0', 't1', 't1', 't1']);
    // Later requests use the renewed token at once.
    await fetcher(request());
    expect(seen.at(-1)?.token).toBe('t1');
  });
});

describe('given a confirm refused for an expired session, with getSession', () => {
  it('should repeat it with the same Idempotency-Key, and the payment intent is confirmed exactly once', async () => {
    const sandbox = createSandbox();
    const { fetch, seen } = sessionProxy({ token: 'tok_new' }, (path, init) =>
      sandbox.fetch(`http://sandbox.test${path}`, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: sandbox.authorization } }),
    );
    const getSession = vi.fn(() => Promise.resolve('tok_new'));
    const fetcher = createProxyFetcher({ fetch, session: 'tok_old', getSession });
    const intentId = sandboxIds.paymentIntents.requires_confirmation;

    const intent = await callOperation(
      fetcher,
      confirmPaymentIntent,
      { params: { payment_intent_id: intentId }, body: { payment_method_id: sandboxIds.paymentMethod } },
      { headers: { 'Idempotency-Key': 'key_session_0001' } },
    );

    expect(intent.id).toBe(intentId);
    expect(seen).toEqual([
      { token: 'tok_old', idempotencyKey: 'key_session_0001' },
      { token: 'tok_new', idempotencyKey: 'key_session_0001' },
    ]);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    expect(sandbox.data.paymentIntents.get(intentId)?.confirmations).toBe(1);
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('should confirm nothing when the second attempt is refused too', async () => {
    const sandbox = createSandbox();
    const { fetch } = sessionProxy({ token: 'never-issued' }, (path, init) => sandbox.fetch(`http://sandbox.test${path}`, init));
    const fetcher = createProxyFetcher({ fetch, session: 'tok_old', getSession: () => Promise.resolve('tok_new') });
    const error = await rejection(
      callOperation(
        fetcher,
        confirmPaymentIntent,
        { params: { payment_intent_id: sandboxIds.paymentIntents.requires_confirmation }, body: { payment_method_id: sandboxIds.paymentMethod } },
        { headers: { 'Idempotency-Key': 'key_session_0002' } },
      ),
    );
    expect(isPaymentsError(error) && isSessionError(error)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sandbox.calls).toHaveLength(0);
  });
});
