// An SPA's first hour (docs/spa.md): the page on Vite's dev server, which forwards /api/payments
// to the kit's proxy beside it. Vite's string shorthand sets changeOrigin: true, so Host becomes
// the proxy's own: reads pass (a browser sends no Origin on a same-origin GET), a confirm (a POST,
// with Origin) is refused 403 cross_site_refused. The refusal's developer message says what was
// compared and how to allow it; changeOrigin: false passes. Real Vite, real proxy, real sockets.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ProxyOptions, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIds } from 'payments-kit/testing';
import { SESSION_AUDIENCE as AUDIENCE, SESSION_SECRET as SECRET, mintSession } from '../support/sessions.js';
import { entries, errorBody, rawRequest, startStack, type Stack } from './harness.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'payments-kit-vite-proxy-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function startVite(proxy: string | ProxyOptions): Promise<{ vite: ViteDevServer; url: string }> {
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null, proxy: { '/api/payments': proxy } },
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (url === undefined) throw new Error('Vite printed no local URL');
  return { vite, url };
}

describe.each(entries)('given %s behind a Vite dev server', (_, entry) => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined }, entry);
    token = await mintSession({ transactions: '*', paymentIntents: [{ id: sandboxIds.paymentIntents.succeeded, paymentMethods: [sandboxIds.paymentMethod] }] });
  });
  afterAll(() => stack.close());

  /** What the page's fetches send to its own dev server: Origin on the POST only, as a browser does. */
  const read = (url: string) =>
    rawRequest(url, { path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`, headers: { 'payments-session': token, 'sec-fetch-site': 'same-origin' } });
  const confirm = (url: string, key: string) =>
    rawRequest(url, {
      method: 'POST',
      path: `/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`,
      headers: { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', 'idempotency-key': key, 'payments-session': token },
      body: JSON.stringify({ payment_method_id: sandboxIds.paymentMethod }),
    });

  describe("and Vite's string shorthand (changeOrigin: true)", () => {
    let vite: ViteDevServer;
    let url: string;
    beforeAll(async () => {
      ({ vite, url } = await startVite(stack.server.url));
    });
    afterAll(() => vite.close());

    it('should pass reads, and refuse the confirm with a message naming the Origin, the Host and both ways out', async () => {
      expect((await read(url)).status).toBe(200);
      const refused = await confirm(url, `dev-proxy-${entry}-shorthand-01`);
      expect(refused.status).toBe(403);
      const error = errorBody(refused.body);
      expect(error.code).toBe('cross_site_refused');
      expect(error.message).toContain(`Origin ${url}`);
      expect(error.message).toContain(`Host ${new URL(stack.server.url).host}`);
      expect(error.message).toContain(`list ${url} in allowedOrigins`);
      expect(error.message).toContain('changeOrigin: false');
      expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(0);
    });
  });

  describe('and changeOrigin: false, as docs/spa.md sets it', () => {
    let vite: ViteDevServer;
    let url: string;
    beforeAll(async () => {
      ({ vite, url } = await startVite({ target: stack.server.url, changeOrigin: false }));
    });
    afterAll(() => vite.close());

    it('should pass the confirm', async () => {
      const answer = await confirm(url, `dev-proxy-${entry}-keep-host-01`);
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'succeeded' });
    });
  });
});
