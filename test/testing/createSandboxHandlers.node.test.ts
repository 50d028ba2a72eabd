import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { createSandboxHandlers } from 'payments-kit/testing/msw';

const sandbox = createSandbox();
const seen: Request[] = [];
const server = setupServer(...createSandboxHandlers(sandbox, { onRequest: (r) => seen.push(r) }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sandbox.reset();
  seen.length = 0;
});
afterAll(() => server.close());

describe('given MSW handlers over a sandbox', () => {
  it('should answer the proxy path from the sandbox with the sandbox credentials added', async () => {
    const response = await fetch(`http://app.test/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1001 });
    expect(sandbox.calls[0]!.headers.authorization).toBe(sandbox.authorization);
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });

  it('should drop the browser’s own credentials and cookies before the sandbox sees them', async () => {
    await fetch('http://app.test/api/payments/api/v2/payment-intents/pi_succeeded/confirm', {
      method: 'POST',
      headers: { authorization: 'Bearer merchant-session', cookie: 'sid=1', 'x-forwarded-for': '1.2.3.4', 'content-type': 'application/json', 'idempotency-key': 'key-abcdefgh' },
      body: JSON.stringify({ payment_method_id: 'pm_1' }),
    });
    const [call] = sandbox.calls;
    expect(call!.headers.authorization).toBe(sandbox.authorization);
    expect(call!.headers.cookie).toBeUndefined();
    expect(call!.headers['x-forwarded-for']).toBeUndefined();
    expect(call!.headers['idempotency-key']).toBe('key-abcdefgh');
    expect(call!.body).toEqual({ payment_method_id: 'pm_1' });
  });

  it('should honour a custom base path and the query string', async () => {
    const custom = setupServer(...createSandboxHandlers(sandbox, { basePath: '/backend/pay/' }));
    server.close();
    custom.listen({ onUnhandledRequest: 'error' });
    try {
      const response = await fetch('http://app.test/backend/pay/api/api/metrics/transaction/volume?period=day&type=send&tz=EST');
      expect(await response.json()).toMatchObject({ success: true });
      expect(sandbox.calls[0]!.path).toBe('/api/api/metrics/transaction/volume?period=day&type=send&tz=EST');
    } finally {
      custom.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });

  it('should turn an injected network fault into a network error', async () => {
    sandbox.inject({ kind: 'network' }, { times: 1 });
    await expect(fetch('http://app.test/api/payments/api/v2/transactions/1001')).rejects.toThrow(TypeError);
  });

  it('should abort a hanging request when the caller aborts', async () => {
    sandbox.inject({ kind: 'hang' });
    const controller = new AbortController();
    const pending = fetch('http://app.test/api/payments/api/v2/transactions/1001', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toThrow();
  });
});
