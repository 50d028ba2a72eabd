// Where the proxy sends its calls and what it says about them, through the real proxy over
// loopback HTTP on both entries (docs/api.md#base-addresses, docs/api.md#authentication): a base
// address pasted with the API's own trailing /api is refused at start with the fix; the legacy
// path prefix a deployment states is the one its calls take; an App id goes upstream as
// Api-App-Id, and never from the browser.
import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPaymentsProxyOptions, createPaymentsProxy, type PaymentsProxyOptions } from 'payments-kit/server';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { entries, errorBody, startStack, type Stack } from './harness.js';

const sandbox = createSandbox();
const valid: PaymentsProxyOptions = {
  baseUrl: 'https://api.payments.example',
  legacyBaseUrl: 'https://legacy.payments.example',
  credentials: sandbox.credentials,
  fetch: sandbox.fetch,
  authorize: () => true,
};

describe('given a base address that ends in /api, as the API documents it', () => {
  it.each([
    ['baseUrl', { baseUrl: 'https://api.dots.dev/api' }, '/api/v2/…'],
    ['baseUrl', { baseUrl: 'https://api.dots.dev/api/' }, '/api/v2/…'],
    ['baseUrl', { baseUrl: 'https://gateway.example/payments/api' }, '/api/v2/…'],
    ['legacyBaseUrl', { legacyBaseUrl: 'https://api.senddotssandbox.com/api' }, '/api/api/…'],
    ['legacyBaseUrl', { legacyBaseUrl: 'https://api.senddotssandbox.com/api', legacyPathPrefix: '/api' as const }, '/api/…'],
  ])('should refuse %s at start, naming the fix (%j)', (option, options, added) => {
    expect(() => {
      checkPaymentsProxyOptions({ ...valid, ...options });
    }).toThrow(`createPaymentsProxy: ${option} ends in /api, and the kit adds ${added} itself: drop the trailing /api`);
  });

  it('should answer the browser 500 proxy_misconfigured with the fix, naming no address', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const proxy = createPaymentsProxy({ ...valid, baseUrl: 'https://api.dots.dev/api' });
      const response = await proxy(new Request(`http://shop.test/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`));
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(errorBody(text)).toMatchObject({ code: 'proxy_misconfigured', message: expect.stringMatching(/baseUrl ends in \/api.*drop the trailing \/api/) as string });
      expect(text).not.toContain('dots.dev');
      expect(sandbox.calls).toHaveLength(0);
    } finally {
      logged.mockRestore();
    }
  });

  it('should take a path that merely contains api', () => {
    for (const baseUrl of ['https://api.example.com', 'https://example.com/apis', 'https://example.com/api/v9', 'https://example.com/my-api']) {
      expect(() => {
        checkPaymentsProxyOptions({ ...valid, baseUrl });
      }).not.toThrow();
    }
  });
});

describe('given legacyPathPrefix', () => {
  it.each([['/api/api/'], ['api'], ['/v1'], [''], [null]])('should refuse %j at start, naming the two layouts', (legacyPathPrefix) => {
    expect(() => {
      checkPaymentsProxyOptions({ ...valid, legacyPathPrefix: legacyPathPrefix as never });
    }).toThrow(/legacyPathPrefix must be "\/api\/api" \(the default\) or "\/api"/);
  });
});

describe.each(entries)('with %s', (_label, entry) => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  /**
   * The proxy in front of the sandbox, its upstream calls recorded as sent. With the v1 layout
   * the sandbox (which serves the spec's `/api/api/…`) is reached through a rewrite, so that what
   * the test reads is the URL the proxy chose.
   */
  async function start(options: Partial<PaymentsProxyOptions>) {
    const sent: { url: string; headers: Headers }[] = [];
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      sent.push({ url: request.url, headers: request.headers });
      const url = new URL(request.url);
      if (options.legacyPathPrefix === '/api' && !url.pathname.startsWith('/api/v2/')) url.pathname = `/api${url.pathname}`;
      return fetch(new Request(url, request));
    };
    stack = await startStack({ ...options, fetch: recording }, entry);
    return { stack, sent };
  }
  const volumePath = '/api/api/metrics/transaction/volume?period=day&type=receive';
  const legacyPath = `/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}`;

  describe('given the default legacy path prefix', () => {
    it('should send the legacy operations to the paths the API reference lists, /api/api/…', async () => {
      const { stack, sent } = await start({});
      expect((await fetch(`${stack.base}${legacyPath}`)).status).toBe(200);
      expect((await fetch(`${stack.base}${volumePath}`)).status).toBe(200);
      expect(sent.map((call) => new URL(call.url).pathname)).toEqual([legacyPath, new URL(volumePath, 'http://x').pathname]);
    });
  });

  describe("given legacyPathPrefix '/api', the v1 OpenAPI file's layout", () => {
    it('should send the legacy operations to /api/transactions/… and /api/metrics/…, and the v2 ones as before', async () => {
      const { stack, sent } = await start({ legacyPathPrefix: '/api' });
      const legacy = await fetch(`${stack.base}${legacyPath}`);
      expect(legacy.status).toBe(200);
      expect(await legacy.json()).toMatchObject({ success: true, transaction: { id: 1 } });
      expect((await fetch(`${stack.base}${volumePath}`)).status).toBe(200);
      expect((await fetch(`${stack.base}/api/v2/transactions/${sandboxIds.transactions.created}`)).status).toBe(200);
      expect(sent.map((call) => new URL(call.url).pathname + new URL(call.url).search)).toEqual([
        `/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}`,
        '/api/metrics/transaction/volume?period=day&type=receive',
        `/api/v2/transactions/${sandboxIds.transactions.created}`,
      ]);
    });
  });

  describe('given credentials.appId (an organisation key acting for an App)', () => {
    it('should send Api-App-Id with every call, whatever App the browser names', async () => {
      const { stack, sent } = await start({ credentials: { ...createSandbox().credentials, appId: 'app_7f3c' } });
      const headers = { 'api-app-id': 'app_of_someone_else' };
      expect((await fetch(`${stack.base}/api/v2/transactions/${sandboxIds.transactions.created}`, { headers })).status).toBe(200);
      expect((await fetch(`${stack.base}${legacyPath}`, { headers })).status).toBe(200);
      const flow = await fetch(`${stack.base}/api/v2/flows`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ steps: ['compliance'] }),
      });
      expect(flow.status).toBe(200);
      expect(sent.map((call) => call.headers.get('api-app-id'))).toEqual(['app_7f3c', 'app_7f3c', 'app_7f3c']);
      expect(stack.sandbox.calls.map((call) => call.headers['api-app-id'])).toEqual(['app_7f3c', 'app_7f3c', 'app_7f3c']);
    });

    it('should send none without it, even when the browser sends one', async () => {
      const { stack, sent } = await start({});
      const response = await fetch(`${stack.base}/api/v2/transactions/${sandboxIds.transactions.created}`, { headers: { 'api-app-id': 'app_1' } });
      expect(response.status).toBe(200);
      expect(sent[0]?.headers.has('api-app-id')).toBe(false);
    });
  });
});

describe('given an appId that cannot be a header value', () => {
  const withAppId = (appId: unknown): PaymentsProxyOptions => ({ ...valid, credentials: { ...sandbox.credentials, appId: appId as string } });

  it.each([[''], ['app\n1'], ['a'.repeat(256)], [42]])('should refuse %j at start', (appId) => {
    expect(() => {
      checkPaymentsProxyOptions(withAppId(appId));
    }).toThrow(/credentials\.appId/);
  });

  // Each of these passed the start-up check, and then every call answered 502: fetch's Headers
  // refuse characters past U+00FF, and trim spaces at either end (another App id than the one given).
  it.each([
    ['a character past U+00FF', 'app_ś7f3c'],
    ['CJK characters', '应用_7f3c'],
    ['a byte-order mark pasted from a file', '\ufeffapp_7f3c'],
    ['a line separator', 'app_7f3c\u2028'],
    ['a C1 control character (NEL)', 'app\u00857f3c'],
    ['DEL', 'app\u007f7f3c'],
    ['a tab', 'app\t7f3c'],
    ['a NUL', 'app\u00007f3c'],
    ['a carriage return', 'app_7f3c\r'],
    ['a Latin-1 letter (sent as one byte whose meaning the API must guess)', 'app_é7f3c'],
    ['a leading space', ' app_7f3c'],
    ['a trailing space', 'app_7f3c '],
  ])('should refuse an appId with %s at start, naming the option and the fix', (_label, appId) => {
    expect(() => {
      checkPaymentsProxyOptions(withAppId(appId));
    }).toThrow(/^createPaymentsProxy: credentials\.appId .*printable ASCII.*paste/);
  });

  it('should take every appId it accepts into a header unchanged, on both HTTP stacks (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.stringMatching(/^[\x20-\x7e]{1,12}$/)), (appId) => {
        let accepted = true;
        try {
          checkPaymentsProxyOptions(withAppId(appId));
        } catch (error) {
          expect((error as Error).message).toMatch(/credentials\.appId/);
          accepted = false;
        }
        if (!accepted) return;
        // What fetch would send, and what node:http (and undici's checks) would let through.
        expect(new Headers({ 'api-app-id': appId }).get('api-app-id')).toBe(appId);
        expect(() => {
          validateHeaderValue('api-app-id', appId);
        }).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it.each(entries)('should answer the browser 500 proxy_misconfigured on %s, with nothing upstream and the App id not echoed', async (_label, entry) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stack = await startStack({ credentials: { ...createSandbox().credentials, appId: 'app_ś7f3c' } }, entry);
    try {
      const response = await fetch(`${stack.base}/api/v2/transactions/${sandboxIds.transactions.created}`);
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(errorBody(text)).toMatchObject({ code: 'proxy_misconfigured', message: expect.stringMatching(/credentials\.appId/) as string });
      expect(text).not.toContain('7f3c');
      expect(stack.sandbox.calls).toHaveLength(0);
    } finally {
      logged.mockRestore();
      await stack.close();
    }
  });
});
