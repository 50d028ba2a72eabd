// The fetch handler itself: routing, validation, option checks and the mapping of upstream
// answers, with the sandbox in process (or a scripted `fetch`) as upstream; plus hostile
// request targets sent raw over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- ANSWER_CHECKED_HEADER, ANSWER_CHECKED_VERSION of api/index, which no entry exports
import { ANSWER_CHECKED_HEADER, ANSWER_CHECKED_VERSION } from '../../src/api/index.js';
import { checkPaymentsProxyOptions, createPaymentsProxy, type PaymentsProxyOptions } from 'payments-kit/server';
import { createSandbox } from 'payments-kit/testing';
import { allowAll, entries, errorBody, rawRequest, startStack, type Stack } from './harness.js';

const credentials = { clientId: 'merchant_client', apiKey: 'sk_live_very_secret' };

function scripted(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const validOptions: PaymentsProxyOptions = {
  baseUrl: 'https://api.example.com/',
  legacyBaseUrl: 'https://legacy.example.com/sandbox',
  credentials,
  authorize: allowAll,
};

function proxyWith(fetch: typeof globalThis.fetch, options: Partial<PaymentsProxyOptions> = {}) {
  return createPaymentsProxy({
    baseUrl: 'https://api.example.com/',
    legacyBaseUrl: 'https://legacy.example.com/sandbox',
    credentials,
    fetch,
    authorize: allowAll,
    ...options,
  });
}

const ok = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
const volume = { success: true, volume: 12 };

describe('given the routing rules', () => {
  const upstream = scripted(ok(volume));
  const proxy = proxyWith(upstream.fetch);
  // Each test counts the upstream calls it made itself.
  beforeEach(() => {
    upstream.calls.length = 0;
  });

  it('should answer 404 for paths outside the operations table, without an upstream call', async () => {
    for (const path of ['/api/payments/api/v2/users', '/api/payments', '/api/payments/', '/other/api/v2/flows', '/api/payments/api/v2/flows/']) {
      const response = await proxy(new Request(`http://shop.test${path}`));
      expect(response.status, path).toBe(404);
      expect(errorBody(await response.text()), path).toMatchObject({ kind: 'http', code: 'not_found' });
    }
    expect(upstream.calls).toEqual([]);
  });

  it('should answer 405 with Allow for a known path and another method', async () => {
    const response = await proxy(new Request('http://shop.test/api/payments/api/v2/transactions/1', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(errorBody(await response.text())).toMatchObject({ code: 'method_not_allowed', operation: 'getTransaction' });
  });

  it('should honour a custom basePath', async () => {
    const mounted = proxyWith(upstream.fetch, { basePath: '/pay/' });
    expect((await mounted(new Request('http://shop.test/pay/api/api/metrics/transaction/volume'))).status).toBe(200);
    expect((await mounted(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'))).status).toBe(404);
  });

  it('should build the upstream URL from the configured base, the API path and validated parts only', async () => {
    await proxy(new Request('http://evil.example/api/payments/api/api/metrics/transaction/volume?tz=est&period=week&x=1&type=credit'));
    expect(upstream.calls.map((c) => c.url)).toEqual([
      'https://legacy.example.com/sandbox/api/api/metrics/transaction/volume?period=week&type=credit&tz=EST',
    ]);
    expect(upstream.calls[0]?.init.headers).toEqual({
      accept: 'application/json',
      'accept-encoding': 'identity',
      authorization: `Basic ${btoa('merchant_client:sk_live_very_secret')}`,
    });
    expect(upstream.calls[0]?.init.redirect).toBe('manual');
  });

  it('should refuse a defined query parameter given twice', async () => {
    const response = await proxy(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume?tz=UTC&tz=EST'));
    expect(response.status).toBe(400);
    expect(errorBody(await response.text()).message).toContain('query.tz');
  });
});

describe('given path parameters that try to escape', () => {
  const upstream = scripted(ok({}));
  const proxy = proxyWith(upstream.fetch);
  it.each([
    ['encoded slash', '/api/payments/api/v2/transactions/1%2F..%2F..%2Fusers', 400],
    ['encoded backslash', '/api/payments/api/v2/transactions/1%5c..', 400],
    ['encoded dots inside an id', '/api/payments/api/v2/transactions/a%2e%2eb', 400],
    ['double encoding', '/api/payments/api/v2/transactions/%252e%252e', 400],
    ['NUL', '/api/payments/api/v2/transactions/1001%00', 400],
    ['broken percent-encoding', '/api/payments/api/v2/transactions/%E0%A4%A', 400],
    ['over-long id', `/api/payments/api/v2/transactions/${'a'.repeat(65)}`, 400],
    ['legacy id beyond a safe integer', '/api/payments/api/api/transactions/get/transaction/9007199254740993', 400],
    ['legacy id that is not an integer', '/api/payments/api/api/transactions/get/transaction/1e3', 400],
    ['encoded spec segment', '/api/payments/api/v2/%74ransactions/1001', 404],
    ['extra segment', '/api/payments/api/v2/transactions/1001/transfer', 404],
    ['empty id', '/api/payments/api/v2/transactions/', 404],
  ])('should refuse %s', async (_, path, status) => {
    upstream.calls.length = 0;
    const response = await proxy(new Request(`http://shop.test${path}`));
    expect(response.status).toBe(status);
    errorBody(await response.text());
    expect(upstream.calls).toEqual([]);
  });
});

describe.each(entries)('given raw request targets over real HTTP to %s', (_entry, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, entry);
  });
  afterAll(async () => {
    await stack.close();
  });
  it.each([
    '/api/payments/api/v2/transactions/../../../api/v2/users',
    '/api/payments/api/v2/transactions/x/../1001',
    '/api/payments/api/v2/transactions/%2e%2e/1001',
    '/api/payments/./api/v2/transactions/1001',
    '/api/payments/api/v2/transactions/.%2E/flows',
    '//evil.example/api/payments/api/v2/transactions/1001',
    '/\\evil.example/api/payments/api/v2/transactions/1001',
    'http://evil.example/api/payments/api/v2/transactions/1001',
    'https://evil.example:443/api/payments/api/v2/transactions/1001',
    '*',
    '/api/payments/api/v2/transactions/1001%2F..%2F..%2Fflows',
    '/api/payments/api/v2/transactions/\\..\\flows',
  ])('should refuse %s with 400 or 404 and never call upstream', async (path) => {
    const before = stack.sandbox.calls.length;
    const response = await rawRequest(stack.server.url, { path });
    expect([400, 404]).toContain(response.status);
    errorBody(response.body);
    expect(stack.sandbox.calls.length).toBe(before);
  });
});

describe('given the confirm operation', () => {
  const sandbox = createSandbox();
  const proxy = createPaymentsProxy({ baseUrl: 'http://up.test', legacyBaseUrl: 'http://up.test', credentials: sandbox.credentials, fetch: sandbox.fetch, authorize: allowAll });
  const confirm = (headers: Record<string, string>) =>
    proxy(
      new Request('http://shop.test/api/payments/api/v2/payment-intents/pi_succeeded/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"payment_method_id":"pm_card_visa"}',
      }),
    );

  it('should require a valid Idempotency-Key, naming the header', async () => {
    const cases: Record<string, string>[] = [{}, { 'idempotency-key': 'short' }, { 'idempotency-key': '../../etc/passwd' }];
    for (const headers of cases) {
      const response = await confirm(headers);
      expect(response.status).toBe(400);
      expect(errorBody(await response.text()).message).toMatch(/^headers/);
    }
    expect(sandbox.calls).toEqual([]);
  });

  it('should scope keys per payment intent', async () => {
    const key = { 'idempotency-key': 'same-key-both-intents' };
    const other = (id: string) =>
      proxy(
        new Request(`http://shop.test/api/payments/api/v2/payment-intents/${id}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...key },
          body: '{"payment_method_id":"pm_card_visa"}',
        }),
      );
    expect((await other('pi_succeeded')).status).toBe(200);
    expect((await other('pi_processing')).status).toBe(200);
    expect(sandbox.callsFor('confirmPaymentIntent').map((c) => c.path)).toEqual([
      '/api/v2/payment-intents/pi_succeeded/confirm',
      '/api/v2/payment-intents/pi_processing/confirm',
    ]);
  });

  it('should scope keys by idempotencyScope too, and not store an unknown outcome', async () => {
    let users = ['alice', 'bob', 'alice'];
    let failNext = true;
    const upstream = scripted(() => {
      if (failNext) {
        failNext = false;
        return Promise.resolve(new Response('oops', { status: 500 }));
      }
      return ok({ id: 'pi_1', amount: 100, currency: 'usd' })();
    });
    const scopedProxy = proxyWith(upstream.fetch, {
      idempotencyScope: () => {
        const [user, ...rest] = users;
        users = rest;
        return user ?? 'nobody';
      },
    });
    const send = () =>
      scopedProxy(
        new Request('http://shop.test/api/payments/api/v2/payment-intents/pi_1/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'scoped-key-0001' },
          body: '{"payment_method_id":"pm_1"}',
        }),
      );
    expect((await send()).status).toBe(502); // alice: upstream 500 → 502, not stored
    expect((await send()).status).toBe(200); // bob: his own key space
    const replay = await send(); // alice again: the 502 was not kept, so a real retry
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
    expect(upstream.calls).toHaveLength(3);
  });
});

describe('given upstream answers that misbehave', () => {
  it('should answer 504 when the body stalls past the timeout', async () => {
    const upstream = scripted(() =>
      Promise.resolve(new Response(new ReadableStream({ start: (c) => { c.enqueue(new TextEncoder().encode('{"succ')); } }), { status: 200 })),
    );
    const response = await proxyWith(upstream.fetch, { timeoutMs: 50 })(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'));
    expect(response.status).toBe(504);
  });

  it('should answer 502 to a body beyond 1 MiB', async () => {
    const upstream = scripted(ok({ success: true, volume: 1, pad: 'x'.repeat(1_100_000) }));
    const response = await proxyWith(upstream.fetch)(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'));
    expect(response.status).toBe(502);
    expect(errorBody(await response.text()).code).toBe('upstream_invalid_response');
  });

  it('should answer 502 to an opaque redirect (runtimes where manual redirects are opaque)', async () => {
    const upstream = scripted(() => Promise.resolve(Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' })));
    const response = await proxyWith(upstream.fetch)(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'));
    expect(response.status).toBe(502);
    expect(errorBody(await response.text()).code).toBe('upstream_redirect');
  });

  it('should forward a 2xx body as the schema reads it, marked as checked, so the page reads it as it is', async () => {
    const body = '{"success":true,"volume":"1250","currency_hint":"usd"}';
    const upstream = scripted(() => Promise.resolve(new Response(body, { status: 200 })));
    const response = await proxyWith(upstream.fetch)(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'));
    expect(await response.text()).toBe('{"success":true,"volume":1250}');
    expect(response.headers.get(ANSWER_CHECKED_HEADER)).toBe(ANSWER_CHECKED_VERSION);
  });

  it('should not mark an answer it did not read with the schema: a legacy refusal, an error', async () => {
    const answers = [
      new Response('{"success":false,"message":"No such metric","error_code":"not-found"}', { status: 200 }),
      new Response('{"success":false,"message":"Bad request"}', { status: 400 }),
    ];
    const upstream = scripted(() => Promise.resolve(answers.shift() ?? new Response('{}', { status: 500 })));
    const proxy = proxyWith(upstream.fetch);
    for (const status of [200, 400]) {
      const response = await proxy(new Request('http://shop.test/api/payments/api/api/metrics/transaction/volume'));
      expect(response.status).toBe(status);
      expect(response.headers.get(ANSWER_CHECKED_HEADER)).toBeNull();
    }
  });

  it('should report errors to onError with their cause, and send none of it to the browser', async () => {
    const seen: unknown[] = [];
    const upstream = scripted(() => Promise.reject(new TypeError('connect ECONNREFUSED https://api.example.com sk_live_very_secret')));
    const response = await proxyWith(upstream.fetch, { onError: (error) => seen.push(error.cause) })(
      new Request('http://shop.test/api/payments/api/v2/transactions/1'),
    );
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(text).not.toContain('api.example.com');
    expect(text).not.toContain('sk_live');
    expect(seen).toHaveLength(1);
    expect(String(seen[0])).toContain('ECONNREFUSED');
  });
});

describe('given invalid options', () => {
  const fetch = scripted(ok({})).fetch;
  it.each([
    [{ baseUrl: 'api.example.com' }, /baseUrl/],
    [{ baseUrl: 'https://user:pw@api.example.com' }, /baseUrl/],
    [{ legacyBaseUrl: 'ftp://legacy.example.com' }, /legacyBaseUrl/],
    [{ credentials: { clientId: '', apiKey: 'k' } }, /credentials/],
    [{ credentials: { clientId: 'a:b', apiKey: 'k' } }, /":"/],
    [{ basePath: 'api/payments' }, /basePath/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ maxBodyBytes: Number.NaN }, /maxBodyBytes/],
  ])('should not throw on %j when created, answer each request 500 naming the setting, and fail checkPaymentsProxyOptions', async (options, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const proxy = proxyWith(fetch, options);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(message);
      const response = await proxy(new Request('http://shop.test/api/payments/api/v2/transactions/1'));
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const error = errorBody(await response.text());
      expect(error.code).toBe('proxy_misconfigured');
      expect(error.message).toMatch(message);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(() => {
        checkPaymentsProxyOptions({ ...validOptions, ...options });
      }).toThrow(message);
    } finally {
      logged.mockRestore();
    }
  });

  it('should pass checkPaymentsProxyOptions with valid settings', () => {
    expect(() => {
      checkPaymentsProxyOptions(validOptions);
    }).not.toThrow();
  });

  it('should build with no settings at all (as a framework does at build time), and answer 500 at the first request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const env: Record<string, string | undefined> = {};
      const proxy = createPaymentsProxy({
        baseUrl: env.PAYMENTS_BASE_URL as string,
        legacyBaseUrl: env.PAYMENTS_LEGACY_BASE_URL as string,
        credentials: { clientId: env.PAYMENTS_CLIENT_ID as string, apiKey: env.PAYMENTS_API_KEY as string },
      });
      const response = await proxy(new Request('http://shop.test/api/payments/api/v2/transactions/1'));
      expect(response.status).toBe(500);
      const error = errorBody(await response.text());
      expect(error.code).toBe('proxy_misconfigured');
      expect(error.message).toMatch(/baseUrl/);
    } finally {
      logged.mockRestore();
    }
  });
});
