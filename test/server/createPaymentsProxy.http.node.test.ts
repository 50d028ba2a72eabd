// The proxy on a real node:http server on 127.0.0.1, with the sandbox (also on real HTTP) as
// its upstream, over the wire — for each way the proxy runs: payments-kit/server's fetch handler
// (adapted with Request and Response) with its fetch client or the undici one, and
// payments-kit/server/node's Node path (node:http in and out, no Request or Response) with its
// default undici client or the fetch one. Every behaviour must be the same on all four.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serve, createUndiciUpstream } from 'payments-kit/server/node';
import { createFetchUpstream, type UpstreamClient } from 'payments-kit/server';
import { sandboxIds } from 'payments-kit/testing';
import { errorBody, upstreamHeadersOf, rawRequest, startStack, type Entry, type Stack } from './harness.js';

const json = { 'content-type': 'application/json' };

const setups: [string, Entry, UpstreamClient | undefined][] = [
  ['payments-kit/server, its default fetch upstream', 'fetch', undefined],
  ['payments-kit/server, the undici upstream', 'fetch', createUndiciUpstream()],
  ['payments-kit/server/node (Node path), its default undici upstream', 'node', undefined],
  ['payments-kit/server/node (Node path), the fetch upstream', 'node', createFetchUpstream()],
];

// Long enough that "timeout + 10 %" leaves a margin (150 ms) that a loaded 2-core CI machine
// does not eat; only the hang test waits for it.
const TIMEOUT_MS = 1500;

describe.each(setups)('with %s', (_setup, entry, upstreamFetch) => {
  const allowedUpstreamHeaders = upstreamHeadersOf(upstreamFetch && entry === 'node' ? 'fetch' : upstreamFetch ? 'node' : entry);

  describe('given the proxy on 127.0.0.1 in front of the sandbox', () => {
    let stack: Stack;
    beforeAll(async () => {
      // No rate limits: 200 confirms of one client are the point of some tests here
      // (test/server/abuseLimits.node.test.ts covers the limits).
      stack = await startStack({ timeoutMs: TIMEOUT_MS, upstream: upstreamFetch, rateLimits: false }, entry);
    });
    afterAll(async () => {
      await stack.close();
    });
    afterEach(() => {
      stack.sandbox.reset();
    });

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${stack.base}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

    describe('given each of the five operations', () => {
      it('should answer getLegacyTransaction with the legacy envelope', async () => {
        const response = await fetch(`${stack.base}/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ success: true, transaction: { id: 1 } });
        expect(stack.sandbox.calls.map((c) => c.path)).toEqual(['/api/api/transactions/get/transaction/1']);
      });

      it('should answer getTransaction with the v2 transaction', async () => {
        const response = await fetch(`${stack.base}/api/v2/transactions/${sandboxIds.transactions.created}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ id: 1001, transfer: { status: 'created' } });
      });

      it('should confirm a payment intent, sending the validated Idempotency-Key upstream', async () => {
        const response = await post(
          `/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`,
          { payment_method_id: sandboxIds.paymentMethod },
          { 'idempotency-key': 'key-happy-path-0001' },
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ id: 'pi_succeeded', status: 'succeeded' });
        const [call] = stack.sandbox.calls;
        expect(call?.headers['idempotency-key']).toBe('key-happy-path-0001');
        expect(call?.body).toEqual({ payment_method_id: sandboxIds.paymentMethod });
      });

      it('should create a flow from the validated fields only', async () => {
        const response = await post('/api/v2/flows', {
          steps: ['compliance', { name: 'redirect', redirect_url: 'https://merchant.example/done', color: 'red' }],
          user_id: 'usr_1',
          is_admin: true,
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ steps: ['compliance', 'redirect'], user_id: 'usr_1' });
        // Unknown fields (top level and inside a step) are not forwarded (docs/server.md).
        expect(stack.sandbox.calls[0]?.body).toEqual({
          steps: ['compliance', { name: 'redirect', redirect_url: 'https://merchant.example/done' }],
          user_id: 'usr_1',
        });
      });

      it('should read the volume metric with only the defined query parameters', async () => {
        const response = await fetch(`${stack.base}/api/api/metrics/transaction/volume?period=month&type=credit&tz=utc&admin=1`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ success: true });
        expect(stack.sandbox.calls[0]?.path).toBe('/api/api/metrics/transaction/volume?period=month&type=credit&tz=UTC');
      });
    });

    describe('given a browser that sends credentials, cookies and forwarding headers', () => {
      it('should send upstream only Accept, Content-Type, the server Authorization and Idempotency-Key', async () => {
        const hostile = {
          authorization: 'Basic ZXZpbDpldmls',
          cookie: 'session=browser-secret',
          'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
          'x-forwarded-for': '10.0.0.1',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'http',
          forwarded: 'for=10.0.0.1',
          'x-real-ip': '10.0.0.2',
          connection: 'keep-alive, x-hop',
          'keep-alive': 'timeout=5',
          te: 'trailers',
          'x-hop': 'hop-value',
          'x-api-key': 'browser-key',
          'x-http-method-override': 'DELETE',
          'x-original-url': '/admin',
          // Same-origin, as the dashboard's own page sends it (other origins are refused: sessions.node.test.ts).
          origin: stack.server.url,
          referer: 'https://evil.example/page',
          'idempotency-key': 'key-header-test-001',
          'content-type': 'application/json',
        };
        const responses = await Promise.all([
          rawRequest(stack.server.url, { path: '/api/payments/api/v2/transactions/1001', headers: hostile }),
          rawRequest(stack.server.url, {
            method: 'POST',
            path: '/api/payments/api/v2/payment-intents/pi_succeeded/confirm',
            headers: hostile,
            body: JSON.stringify({ payment_method_id: 'pm_card_visa' }),
          }),
        ]);
        expect(responses.map((r) => r.status)).toEqual([200, 200]);
        expect(stack.sandbox.calls).toHaveLength(2);
        const values = Object.values(hostile).filter((v) => !['application/json', 'key-header-test-001'].includes(v));
        for (const call of stack.sandbox.calls) {
          for (const [name, value] of Object.entries(call.headers)) {
            expect(allowedUpstreamHeaders, `${name} reached upstream`).toContain(name);
            expect(values).not.toContain(value);
          }
          expect(call.headers.authorization).toBe(stack.sandbox.authorization);
        }
      });
    });

    describe('given an upstream that hangs', () => {
      it('should abort it and answer 504 once the timeout has passed', async () => {
        stack.sandbox.inject({ kind: 'hang' }, { operation: 'getTransaction' });
        const started = performance.now();
        const response = await fetch(`${stack.base}/api/v2/transactions/1001`);
        const elapsed = performance.now() - started;
        expect(response.status).toBe(504);
        expect(errorBody(await response.text())).toMatchObject({ code: 'upstream_timeout', operation: 'getTransaction' });
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
        // Rules out a deadline several times too long, not a slow machine: the answer comes at
        // about TIMEOUT_MS, and three times that is the margin a busy two-core machine keeps.
        expect(elapsed).toBeLessThan(TIMEOUT_MS * 3);
      });
    });

    describe('given an upstream that redirects', () => {
      it('should not follow the redirect and answer 502', async () => {
        const elsewhere: string[] = [];
        const target = await serve((request) => {
          elsewhere.push(request.url);
          return Promise.resolve(new Response('{}', { headers: json }));
        });
        try {
          stack.sandbox.inject({ kind: 'redirect', location: `${target.url}/steal` });
          const response = await fetch(`${stack.base}/api/v2/transactions/1001`);
          expect(response.status).toBe(502);
          const error = errorBody(await response.text());
          expect(error).toMatchObject({ code: 'upstream_redirect', operation: 'getTransaction' });
          expect(JSON.stringify(error)).not.toContain(target.url);
          expect(elsewhere).toEqual([]);
        } finally {
          await target.close();
        }
      });
    });

    describe('given upstream failures', () => {
      it.each([
        [{ kind: 'malformed-json' } as const, 502, 'upstream_invalid_response'],
        [{ kind: 'wrong-shape' } as const, 502, 'upstream_invalid_response'],
        [{ kind: 'network' } as const, 502, 'upstream_error'],
        [{ kind: 'status', status: 500 } as const, 502, 'upstream_error'],
        [{ kind: 'status', status: 503, body: { error: { message: 'down' } } } as const, 502, 'upstream_error'],
        [{ kind: 'status', status: 422, body: { message: 'payment method declined' } } as const, 422, 'upstream_rejected'],
        [{ kind: 'status', status: 404 } as const, 404, 'not_found'],
      ])('should answer %j with %i', async (fault, status, code) => {
        stack.sandbox.inject(fault);
        const response = await fetch(`${stack.base}/api/v2/transactions/1001`);
        expect(response.status).toBe(status);
        const text = await response.text();
        expect(errorBody(text)).toMatchObject({ status, code, operation: 'getTransaction' });
        expect(text).not.toContain(stack.upstream.url);
        expect(text).not.toContain(stack.sandbox.credentials.apiKey);
      });

      it('should pass the legacy envelope refusal through as sent, and only for the envelope operations', async () => {
        const legacyPath = `${stack.base}/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}`;
        stack.sandbox.inject({ kind: 'success-false' }, { times: 1 });
        const refused = await fetch(legacyPath);
        expect(refused.status).toBe(200);
        expect(await refused.json()).toEqual({ success: false });

        // `success: true` without its transaction is not the refusal: it breaks the shape.
        stack.sandbox.inject({ kind: 'status', status: 200, body: { success: true } }, { times: 1 });
        const empty = await fetch(legacyPath);
        expect(empty.status).toBe(502);
        expect(errorBody(await empty.text())).toMatchObject({ code: 'upstream_invalid_response', operation: 'getLegacyTransaction' });

        // A v2 operation has no envelope: `{ success: false }` there is a wrong shape.
        stack.sandbox.inject({ kind: 'success-false' }, { times: 1 });
        const v2 = await fetch(`${stack.base}/api/v2/transactions/1001`);
        expect(v2.status).toBe(502);
        expect(errorBody(await v2.text())).toMatchObject({ code: 'upstream_invalid_response', operation: 'getTransaction' });
      });

      it('should carry upstream 4xx words only when they are a short plain string', async () => {
        stack.sandbox.inject({ kind: 'status', status: 400, body: { message: `see ${stack.upstream.url}/debug?key=${stack.sandbox.credentials.apiKey}` } });
        const response = await fetch(`${stack.base}/api/v2/transactions/1001`);
        const text = await response.text();
        expect(response.status).toBe(400);
        expect(errorBody(text).message).toBe('The payments API refused getTransaction (status 400).');
        expect(text).not.toContain(stack.sandbox.credentials.apiKey);
      });
    });

    describe('given bodies the proxy refuses', () => {
      const confirmPath = '/api/payments/api/v2/payment-intents/pi_succeeded/confirm';
      const send = (headers: Record<string, string>, body: string) =>
        rawRequest(stack.server.url, { method: 'POST', path: confirmPath, headers: { 'idempotency-key': 'key-body-cases-01', ...headers }, body });

      it('should answer 413 to a declared length over maxBodyBytes, and keep the connection usable', async () => {
        const response = await send(json, JSON.stringify({ payment_method_id: 'x'.repeat(20_000) }));
        expect(response.status).toBe(413);
        expect(errorBody(response.body)).toMatchObject({ code: 'body_too_large', operation: 'confirmPaymentIntent' });
        const next = await rawRequest(stack.server.url, { path: '/api/payments/api/v2/transactions/1001' });
        expect(next.status).toBe(200);
      });

      it('should answer 413 to a chunked body that grows past maxBodyBytes', async () => {
        const response = await send({ ...json, 'transfer-encoding': 'chunked' }, `{"payment_method_id":"${'y'.repeat(40_000)}"}`);
        expect(response.status).toBe(413);
      });

      it('should answer 413 to a 500 KB body, not reset the connection mid-upload', async () => {
        const response = await send(json, JSON.stringify({ payment_method_id: 'z'.repeat(500_000) }));
        expect(response.status).toBe(413);
        const next = await rawRequest(stack.server.url, { path: '/api/payments/api/v2/transactions/1001' });
        expect(next.status).toBe(200);
      });

      it('should answer 415 to a POST that is not JSON', async () => {
        const response = await send({ 'content-type': 'text/plain' }, '{"payment_method_id":"pm_card_visa"}');
        expect(response.status).toBe(415);
        expect(errorBody(response.body).code).toBe('unsupported_media_type');
      });

      it('should answer 400 to invalid JSON', async () => {
        const response = await send(json, '{"payment_method_id":');
        expect(response.status).toBe(400);
        expect(errorBody(response.body)).toMatchObject({ kind: 'invalid_request', code: 'invalid_request' });
      });

      it('should answer 400 naming the field that fails its schema', async () => {
        const response = await send(json, JSON.stringify({ payment_method_id: 42 }));
        expect(response.status).toBe(400);
        expect(errorBody(response.body).message).toContain('body.payment_method_id');
      });

      it('should never have called upstream for any of them', () => {
        expect(stack.sandbox.calls).toEqual([]);
      });
    });

    describe('given 200 concurrent confirms with one Idempotency-Key', () => {
      it('should call upstream once and give every caller the same body', async () => {
        const responses = await Promise.all(
          Array.from({ length: 200 }, () =>
            rawRequest(stack.server.url, {
              method: 'POST',
              path: '/api/payments/api/v2/payment-intents/pi_succeeded/confirm',
              headers: { ...json, 'idempotency-key': 'key-concurrent-0001' },
              body: JSON.stringify({ payment_method_id: 'pm_card_visa' }),
            }),
          ),
        );
        expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
        expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
        expect(new Set(responses.map((r) => r.body)).size).toBe(1);
        expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(199);
      });

      it('should replay later requests with the key, and refuse it with another body (409)', async () => {
        const confirm = (paymentMethod: string) =>
          post('/api/v2/payment-intents/pi_succeeded/confirm', { payment_method_id: paymentMethod }, { 'idempotency-key': 'key-replay-000001' });
        const first = await confirm('pm_card_visa');
        const again = await confirm('pm_card_visa');
        const other = await confirm('pm_other_card');
        expect(first.status).toBe(200);
        expect(again.status).toBe(200);
        expect(await again.text()).toBe(await first.text());
        expect(other.status).toBe(409);
        expect(errorBody(await other.text()).code).toBe('idempotency_conflict');
        expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      });
    });
  });

  describe('given an authorize hook that refuses', () => {
    let stack: Stack;
    const seen: string[] = [];
    beforeAll(async () => {
      stack = await startStack(
        {
          upstream: upstreamFetch,
          authorize: ({ operation, request }) => {
            seen.push(operation);
            if (operation === 'createFlow') throw new Error('session lookup failed');
            return request.headers.get('x-merchant-session') === 'ok';
          },
        },
        entry,
      );
    });
    afterAll(async () => {
      await stack.close();
    });

    it('should answer 403 without calling upstream when it returns false or throws', async () => {
      const denied = await fetch(`${stack.base}/api/v2/transactions/1001`);
      const thrown = await fetch(`${stack.base}/api/v2/flows`, { method: 'POST', headers: json, body: '{"steps":["payout"]}' });
      const allowed = await fetch(`${stack.base}/api/v2/transactions/1001`, { headers: { 'x-merchant-session': 'ok' } });
      expect([denied.status, thrown.status, allowed.status]).toEqual([403, 403, 200]);
      expect(errorBody(await denied.text())).toMatchObject({ code: 'forbidden', operation: 'getTransaction' });
      expect(errorBody(await thrown.text()).message).not.toContain('session lookup failed');
      expect(stack.sandbox.calls).toHaveLength(1);
      expect(seen).toEqual(['getTransaction', 'createFlow', 'getTransaction']);
    });
  });
});
