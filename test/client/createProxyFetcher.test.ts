import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createProxyFetcher, type PaymentsRequest } from 'payments-kit';
import { rejection } from './rejection.js';

/** A request as `callOperation` would hand it over. */
function request(overrides: Partial<PaymentsRequest> = {}): PaymentsRequest {
  return {
    operation: 'getTransaction',
    method: 'GET',
    base: 'v2',
    path: '/api/v2/transactions/42',
    headers: {},
    ...overrides,
  };
}

interface Sent {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: unknown;
}

/** An injected `fetch` (not a global mock) that records what it is given and answers `answer`. */
function recordingFetch(answer: () => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    });
    return answer();
  });
  return { fetch, sent };
}

/** A fetch that never answers but honours its signal, as a stalled proxy would look. */
const hangingFetch = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(init.signal?.reason as Error);
    });
  });

describe('createProxyFetcher', () => {
  describe('given a request for an upstream path', () => {
    it('should mirror the path under the default base URL /api/payments', async () => {
      const { fetch, sent } = recordingFetch();
      await createProxyFetcher({ fetch })(request());
      expect(sent[0]?.url).toBe('/api/payments/api/v2/transactions/42');
      expect(sent[0]?.method).toBe('GET');
    });

    it('should mirror it under a custom base URL, with or without a trailing slash, and append the query', async () => {
      const { fetch, sent } = recordingFetch();
      const fetcher = createProxyFetcher({ fetch, baseUrl: 'https://merchant.example/pay/' });
      await fetcher(
        request({
          operation: 'getTransactionVolume',
          base: 'legacy',
          path: '/api/api/metrics/transaction/volume',
          query: { period: 'month', tz: 'UTC' },
        }),
      );
      expect(sent[0]?.url).toBe('https://merchant.example/pay/api/api/metrics/transaction/volume?period=month&tz=UTC');
    });

    it('should resolve with the parsed JSON body of a 2xx answer', async () => {
      const { fetch } = recordingFetch(() => Response.json({ id: 42, nested: { a: [1, 2] } }));
      await expect(createProxyFetcher({ fetch })(request())).resolves.toEqual({ id: 42, nested: { a: [1, 2] } });
    });
  });

  describe('given the headers it sends', () => {
    it('should send Accept: application/json and no Content-Type without a body', async () => {
      const { fetch, sent } = recordingFetch();
      await createProxyFetcher({ fetch })(request());
      expect(sent[0]?.headers.get('accept')).toBe('application/json');
      expect(sent[0]?.headers.has('content-type')).toBe(false);
    });

    it('should send the JSON body with Content-Type: application/json', async () => {
      const { fetch, sent } = recordingFetch();
      await createProxyFetcher({ fetch })(
        request({
          operation: 'createFlow',
          method: 'POST',
          path: '/api/v2/flows',
          body: { steps: ['compliance'] },
        }),
      );
      expect(sent[0]?.method).toBe('POST');
      expect(sent[0]?.headers.get('content-type')).toBe('application/json');
      expect(sent[0]?.body).toEqual({ steps: ['compliance'] });
    });

    it('should never add an Authorization header of its own', async () => {
      const { fetch, sent } = recordingFetch();
      await createProxyFetcher({ fetch })(request());
      expect(sent[0]?.headers.has('authorization')).toBe(false);
    });

    it("should pass the host's headers through unchanged, including the host backend's own Authorization", async () => {
      const { fetch, sent } = recordingFetch();
      const headers = { 'X-CSRF-Token': 'csrf-123', Authorization: 'Bearer merchant-session' };
      await createProxyFetcher({ fetch, headers })(request());
      expect(sent[0]?.headers.get('x-csrf-token')).toBe('csrf-123');
      expect(sent[0]?.headers.get('authorization')).toBe('Bearer merchant-session');
    });

    it('should call an async headers function once per request, so a refreshed token is used', async () => {
      const { fetch, sent } = recordingFetch();
      let token = 0;
      const headers = vi.fn(async () => {
        await Promise.resolve();
        token += 1;
        return { 'X-Session': `s${token}` };
      });
      const fetcher = createProxyFetcher({ fetch, headers });
      await fetcher(request());
      await fetcher(request());
      expect(headers).toHaveBeenCalledTimes(2);
      expect(sent.map((s) => s.headers.get('x-session'))).toEqual(['s1', 's2']);
    });

    it("should send the request's own headers (Idempotency-Key) over the host's", async () => {
      const { fetch, sent } = recordingFetch();
      await createProxyFetcher({ fetch, headers: { 'Idempotency-Key': 'host-value' } })(
        request({ headers: { 'Idempotency-Key': 'key-12345678' } }),
      );
      expect(sent[0]?.headers.get('idempotency-key')).toBe('key-12345678');
    });

    it('should fail with kind network and send nothing when the headers function throws', async () => {
      const { fetch } = recordingFetch();
      const error = await rejection(
        createProxyFetcher({
          fetch,
          headers: () => {
            throw new Error('session expired');
          },
        })(request()),
      );
      expect(error).toMatchObject({ kind: 'network', code: 'headers_failed', operation: 'getTransaction' });
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('given fetch throws (offline, DNS, CORS)', () => {
    it('should reject with kind network, the operation and the cause', async () => {
      const cause = new TypeError('Failed to fetch');
      const error = await rejection(
        createProxyFetcher({ fetch: () => Promise.reject(cause) })(request()),
      );
      expect(error).toMatchObject({ kind: 'network', operation: 'getTransaction' });
      expect(error.cause).toBe(cause);
    });
  });

  describe('given the proxy does not answer within timeoutMs', () => {
    it('should reject with kind timeout and abort the request', async () => {
      let signal: AbortSignal | undefined;
      const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return hangingFetch(input, init);
      };
      // The fetch never answers: only the deadline can end this call.
      const error = await rejection(createProxyFetcher({ fetch, timeoutMs: 30 })(request()));
      expect(error).toMatchObject({ kind: 'timeout', operation: 'getTransaction' });
      expect(signal?.aborted).toBe(true);
    });

    it('should time out a fetch that ignores its signal, too', async () => {
      const error = await rejection(
        createProxyFetcher({ fetch: () => new Promise<Response>(() => undefined), timeoutMs: 30 })(request()),
      );
      expect(error.kind).toBe('timeout');
    });

    it('should time out when the headers arrive but the body stalls', async () => {
      const stalledBody = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id": 4'));
        },
      });
      const fetch = () => Promise.resolve(new Response(stalledBody, { status: 200 }));
      const error = await rejection(createProxyFetcher({ fetch, timeoutMs: 30 })(request()));
      expect(error.kind).toBe('timeout');
    });
  });

  describe("given the caller's signal aborts", () => {
    it('should reject with kind aborted and abort the request in flight', async () => {
      let signal: AbortSignal | undefined;
      const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return hangingFetch(input, init);
      };
      const controller = new AbortController();
      const pending = rejection(createProxyFetcher({ fetch })(request({ signal: controller.signal })));
      await vi.waitFor(() => {
        expect(signal).toBeDefined();
      });
      controller.abort();
      const error = await pending;
      expect(error).toMatchObject({ kind: 'aborted', operation: 'getTransaction' });
      expect(signal?.aborted).toBe(true);
    });

    it('should send nothing when the signal is already aborted', async () => {
      const { fetch } = recordingFetch();
      const error = await rejection(createProxyFetcher({ fetch })(request({ signal: AbortSignal.abort() })));
      expect(error.kind).toBe('aborted');
      expect(fetch).not.toHaveBeenCalled();
    });

    it('should send nothing when the signal aborts while the host headers are computed', async () => {
      const { fetch } = recordingFetch();
      const controller = new AbortController();
      const headers = async () => {
        controller.abort();
        await Promise.resolve();
        return {};
      };
      const error = await rejection(createProxyFetcher({ fetch, headers })(request({ signal: controller.signal })));
      expect(error.kind).toBe('aborted');
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('given a non-2xx answer that is not the proxy error shape', () => {
    it.each([
      [404, 'Not Found'],
      [401, '<html>login</html>'],
      [500, 'Internal Server Error'],
      [503, ''],
    ])('should reject %i with kind http and that status', async (status, body) => {
      const fetch = () => Promise.resolve(new Response(body, { status, headers: { 'X-Request-Id': 'req_h1' } }));
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({ kind: 'http', status, operation: 'getTransaction', requestId: 'req_h1' });
    });

    it.each([
      ['a status that is not an integer', { kind: 'http', status: 404.5, message: 'Gone' }],
      ['a status that is a string', { kind: 'http', status: '404', message: 'Gone' }],
      ['an unknown kind', { kind: 'teapot', status: 404, message: 'Gone' }],
      ['no message', { kind: 'http', status: 404 }],
    ])('should not take the words of an error body with %s', async (_label, body) => {
      const fetch = () => Promise.resolve(Response.json({ error: body }, { status: 502 }));
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({ kind: 'http', status: 502, message: 'The payments proxy answered getTransaction with HTTP 502.' });
    });
  });

  describe('given a non-2xx answer in the proxy error shape', () => {
    it('should take kind, status, message, code and requestId from the body', async () => {
      const fetch = () =>
        Promise.resolve(
          Response.json(
            {
              error: {
                kind: 'http',
                status: 404,
                message: 'No transaction with this id.',
                operation: 'getTransaction',
                code: 'not_found',
                requestId: 'req_body',
              },
            },
            { status: 404, headers: { 'X-Request-Id': 'req_header' } },
          ),
        );
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({
        kind: 'http',
        status: 404,
        message: 'No transaction with this id.',
        code: 'not_found',
        operation: 'getTransaction',
        requestId: 'req_body',
      });
    });

    it("should keep the proxy's kind (an upstream timeout is a timeout) and take requestId from X-Request-Id", async () => {
      const fetch = () =>
        Promise.resolve(
          Response.json(
            { error: { kind: 'timeout', status: 504, message: 'Upstream did not answer.' } },
            { status: 504, headers: { 'X-Request-Id': 'req_header' } },
          ),
        );
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({
        kind: 'timeout',
        status: 504,
        message: 'Upstream did not answer.',
        operation: 'getTransaction',
        requestId: 'req_header',
      });
    });
  });

  describe('given a 429 with Retry-After', () => {
    /** The proxy's refusal past a subject's budget, in its one error shape. */
    const rateLimited = (headers: Record<string, string>) => () =>
      Promise.resolve(
        Response.json(
          { error: { kind: 'http', status: 429, code: 'rate_limited', message: 'Too many requests.', operation: 'getTransaction' } },
          { status: 429, headers },
        ),
      );

    it('should carry the wait in ms as retryAfterMs, with the body taken as is', async () => {
      const error = await rejection(createProxyFetcher({ fetch: rateLimited({ 'Retry-After': '2' }) })(request()));
      expect(error).toMatchObject({ kind: 'http', status: 429, code: 'rate_limited', retryAfterMs: 2_000 });
      // The wait is the header's, not part of the error body.
      expect(error.toJSON().error).not.toHaveProperty('retryAfterMs');
    });

    it('should carry it for an answer that is not the proxy error shape, too', async () => {
      const fetch = () => Promise.resolve(new Response('busy', { status: 503, headers: { 'Retry-After': '0' } }));
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({ kind: 'http', status: 503, retryAfterMs: 0 });
    });

    it.each([
      ['no header', {}],
      ['an HTTP date', { 'Retry-After': 'Wed, 21 Oct 2037 07:28:00 GMT' }],
      ['a negative number', { 'Retry-After': '-1' }],
      ['a fraction', { 'Retry-After': '1.5' }],
      ['words', { 'Retry-After': 'soon' }],
    ])('should leave retryAfterMs out for %s', async (_label, headers) => {
      const error = await rejection(createProxyFetcher({ fetch: rateLimited(headers) })(request()));
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBeUndefined();
    });
  });

  describe('given a 2xx answer that is not JSON', () => {
    it.each([
      ['an HTML page', '<!doctype html><p>Welcome</p>'],
      ['truncated JSON', '{"id": 1001, "amount": '],
      ['an empty body', ''],
    ])('should reject %s with kind invalid_response', async (_label, body) => {
      const fetch = () => Promise.resolve(new Response(body, { status: 200 }));
      const error = await rejection(createProxyFetcher({ fetch })(request()));
      expect(error).toMatchObject({ kind: 'invalid_response', status: 200, operation: 'getTransaction' });
    });
  });
});

describe('given no fetch option and MSW installed after the fetcher was created', () => {
  const server = setupServer(
    http.get('*/api/payments/api/v2/transactions/:id', ({ params }) => HttpResponse.json({ seen: params.id })),
  );
  const fetcher = createProxyFetcher();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => {
    server.close();
  });

  it('should look globalThis.fetch up at call time, so the interception applies', async () => {
    await expect(fetcher(request())).resolves.toEqual({ seen: '42' });
  });
});
