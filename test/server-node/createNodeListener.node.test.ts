// The Node path of payments-kit/server/node: `toNodeHandler` and `serve` use the proxy's own
// node:http listener, which must answer exactly as the fetch handler does (every behavioural
// test of test/server runs against both, see test/server/harness.ts `entries`). Here: what only the Node
// path has — no Request or Response per request, the Request built for the hooks on demand,
// Express mounting, the browser going away, and unread bodies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentsError } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- node-http's own exports, which the test holds the Node entry's to
import * as adapters from '../../src/node-http/index.js';
import { createPaymentsProxy, serve, toNodeHandler } from 'payments-kit/server/node';
import { createSandbox, sandboxCredentials, sandboxIds } from 'payments-kit/testing';
import { allowAll, errorBody, rawRequest, startStack, type Stack } from '../server/harness.js';

const json = { 'content-type': 'application/json' };

describe("given payments-kit/server/node's proxy", () => {
  it('should still be a fetch handler', async () => {
    const sandbox = createSandbox();
    const proxy = createPaymentsProxy({ baseUrl: 'http://up.test', legacyBaseUrl: 'http://up.test', credentials: sandbox.credentials, fetch: sandbox.fetch, authorize: allowAll });
    const response = await proxy(new Request(`http://shop.test/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1001 });
  });
});

describe('given the Node path in front of a plain node:http upstream', () => {
  // A plain upstream (not the sandbox, which is a fetch handler itself), so that every
  // Request or Response made in this process is the proxy's.
  let upstream: Server;
  let upstreamUrl: string;
  let transaction: string;
  beforeAll(async () => {
    // The sandbox's own answer, served as fixed text.
    const sandbox = createSandbox();
    const answer = await sandbox.handle(
      new Request(`http://up.test/api/v2/transactions/${sandboxIds.transactions.created}`, { headers: { authorization: sandbox.authorization } }),
    );
    transaction = await answer.text();
    upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      res.setHeader('content-type', 'application/json');
      res.end(transaction);
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise<void>((done) => upstream.close(() => done()));
  });

  /** Counts the `Request`s and `Response`s constructed while `run` runs. */
  async function countWebObjects(run: () => Promise<void>): Promise<{ requests: number; responses: number }> {
    const counts = { requests: 0, responses: 0 };
    const { Request: OriginalRequest, Response: OriginalResponse } = globalThis;
    globalThis.Request = class extends OriginalRequest {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        counts.requests++;
      }
    };
    globalThis.Response = class extends OriginalResponse {
      constructor(...args: ConstructorParameters<typeof Response>) {
        super(...args);
        counts.responses++;
      }
    };
    try {
      await run();
    } finally {
      globalThis.Request = OriginalRequest;
      globalThis.Response = OriginalResponse;
    }
    return counts;
  }

  it('should answer without making a Request or a Response, and check the answer all the same', async () => {
    const proxy = createPaymentsProxy({ baseUrl: upstreamUrl, legacyBaseUrl: upstreamUrl, credentials: sandboxCredentials, authorize: allowAll });
    const server = await serve(proxy);
    try {
      const counts = await countWebObjects(async () => {
        for (let i = 0; i < 5; i++) {
          const answer = await rawRequest(server.url, { path: '/api/payments/api/v2/transactions/1001' });
          expect(answer.status).toBe(200);
          // The answer as the schema reads it (the same members, in the schema's order).
          expect(JSON.parse(answer.body)).toEqual(JSON.parse(transaction));
          expect(answer.headers).toMatchObject({
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            'content-length': String(Buffer.byteLength(answer.body)),
          });
        }
        // The same upstream answer, for an operation whose response schema it breaks: 502.
        const wrong = await rawRequest(server.url, { path: '/api/payments/api/api/metrics/transaction/volume' });
        expect(wrong.status).toBe(502);
        expect(errorBody(wrong.body).code).toBe('upstream_invalid_response');
      });
      expect(counts).toEqual({ requests: 0, responses: 0 });
    } finally {
      await server.close();
    }
  });

  it('should build the Request for the hooks on first use only: method, URL and headers, no body', async () => {
    const seen: Request[] = [];
    const proxy = createPaymentsProxy({
      baseUrl: upstreamUrl,
      legacyBaseUrl: upstreamUrl,
      credentials: sandboxCredentials,
      authorize: (context) => {
        if (context.operation === 'createFlow') return false; // decided without reading the request
        const { request } = context;
        seen.push(request, context.request);
        return request.headers.get('x-merchant-session') === 'ok';
      },
    });
    const server = await serve(proxy);
    try {
      const counts = await countWebObjects(async () => {
        const allowed = await rawRequest(server.url, {
          path: '/api/payments/api/v2/transactions/1001?x=1',
          headers: { 'x-merchant-session': 'ok', cookie: 'session=abc' },
        });
        const refused = await rawRequest(server.url, {
          method: 'POST',
          path: '/api/payments/api/v2/flows',
          headers: json,
          body: '{"steps":["payout"]}',
        });
        expect([allowed.status, refused.status]).toEqual([200, 403]);
      });
      expect(counts).toEqual({ requests: 1, responses: 0 });
      const [request, same] = seen;
      expect(same).toBe(request);
      expect(request?.method).toBe('GET');
      expect(request?.url).toBe(`${server.url}/api/payments/api/v2/transactions/1001?x=1`);
      expect(request?.headers.get('cookie')).toBe('session=abc');
      expect(request?.body).toBeNull();
      expect(request?.signal.aborted).toBe(false);
    } finally {
      await server.close();
    }
  });

  // The Node path travels with the proxy, not in a registry of the module that made it: another
  // copy of the kit's modules (a bundler's duplicate chunk, a second install) serves it too.
  it("should take the Node path through the kit's one toNodeHandler and serve, from any copy of their modules", async () => {
    const proxy = createPaymentsProxy({ baseUrl: upstreamUrl, legacyBaseUrl: upstreamUrl, credentials: sandboxCredentials, authorize: allowAll });
    expect(toNodeHandler).toBe(adapters.toNodeHandler);
    expect(serve).toBe(adapters.serve);
    vi.resetModules();
    const otherEntry = await import('../../src/server-node/index.js');
    const otherAdapters = await import('../../src/node-http/index.js');
    expect(otherAdapters.toNodeHandler).not.toBe(toNodeHandler);
    const served = await otherEntry.serve(proxy);
    const mounted = createServer();
    await new Promise<void>((done) => mounted.listen(0, '127.0.0.1', done));
    const mountedUrl = `http://127.0.0.1:${(mounted.address() as AddressInfo).port}`;
    mounted.on('request', otherAdapters.toNodeHandler(proxy, { origin: mountedUrl }));
    try {
      const counts = await countWebObjects(async () => {
        for (const url of [served.url, mountedUrl]) {
          const answer = await rawRequest(url, { path: '/api/payments/api/v2/transactions/1001' });
          expect(answer.status).toBe(200);
          // The answer as the schema reads it (the same members, in the schema's order).
          expect(JSON.parse(answer.body)).toEqual(JSON.parse(transaction));
        }
      });
      expect(counts).toEqual({ requests: 0, responses: 0 });
    } finally {
      mounted.closeAllConnections();
      await new Promise<void>((done) => mounted.close(() => done()));
      await served.close();
    }
  });

  it('should serve a handler without a Node path through the plain adapter', async () => {
    const proxy = createPaymentsProxy({ baseUrl: upstreamUrl, legacyBaseUrl: upstreamUrl, credentials: sandboxCredentials, authorize: allowAll });
    // A function around the proxy is another handler: it has no `nodeListener`, so its own code runs.
    const server = await serve((request) => proxy(request));
    try {
      const counts = await countWebObjects(async () => {
        const answer = await rawRequest(server.url, { path: '/api/payments/api/v2/transactions/1001' });
        expect(answer.status).toBe(200);
      });
      expect(counts).toEqual({ requests: 1, responses: 1 });
    } finally {
      await server.close();
    }
  });

  it('should type a Node path exactly', () => {
    const handler = () => Promise.resolve(new Response(null));
    // @ts-expect-error A `nodeListener` must make a node:http listener from an origin.
    toNodeHandler(Object.assign(handler, { nodeListener: () => 'not a listener' }));
  });
});

describe('given the Node path mounted in an Express-like app', () => {
  let stack: Stack;
  let app: Server;
  let appUrl: string;
  const failures: unknown[] = [];
  beforeAll(async () => {
    stack = await startStack({}, 'node');
    const listener = toNodeHandler(stack.proxy);
    // What `app.use('/api/payments', listener)` hands over: the URL without the mount path,
    // `originalUrl` with it, and `next`.
    app = createServer((req, res) => {
      const originalUrl = req.url ?? '/';
      if (!originalUrl.startsWith('/api/payments/')) {
        res.statusCode = 418;
        res.end();
        return;
      }
      Object.assign(req, { originalUrl, url: originalUrl.slice('/api/payments'.length) });
      listener(req, res, (error?: unknown) => {
        failures.push(error);
        res.statusCode = 599;
        res.end();
      });
    });
    await new Promise<void>((done) => app.listen(0, '127.0.0.1', done));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    app.closeAllConnections();
    await new Promise<void>((done) => app.close(() => done()));
    await stack.close();
  });

  it('should route on originalUrl, keeping the mount path, and answer without calling next', async () => {
    const ok = await rawRequest(appUrl, { path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}` });
    const unknown = await rawRequest(appUrl, { path: '/api/payments/api/v2/users' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ id: 1001 });
    expect(unknown.status).toBe(404);
    expect(failures).toEqual([]);
  });
});

describe('given a browser that goes away', () => {
  let stack: Stack;
  const errors: PaymentsError[] = [];
  const signals: AbortSignal[] = [];
  beforeAll(async () => {
    stack = await startStack(
      {
        timeoutMs: 5000,
        authorize: ({ request }) => {
          signals.push(request.signal);
          return true;
        },
        onError: (error) => errors.push(error),
      },
      'node',
    );
  });
  afterAll(async () => {
    await stack.close();
  });

  it('should stop the upstream read at once (not at the timeout) and abort the Request of the hooks', async () => {
    stack.sandbox.inject({ kind: 'hang' }, { operation: 'getTransaction' });
    const socket = connect({ host: '127.0.0.1', port: stack.server.port });
    await new Promise<void>((done) => socket.once('connect', done));
    socket.write('GET /api/payments/api/v2/transactions/1001 HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => stack.sandbox.calls.length).toBe(1);
    socket.destroy();
    await expect.poll(() => errors.length).toBe(1);
    // Stopped by the client leaving: a read stopped at the 5 s timeout would report upstream_timeout.
    expect(errors[0]).toMatchObject({ code: 'upstream_error', operation: 'getTransaction' });
    expect(errors[0]?.cause).toMatchObject({ name: 'AbortError' });
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('given bodies the Node path does not read to their end', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, 'node');
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
  });

  /** Sends one request with `size` body bytes on a fresh connection; the status and whether the server closed it. */
  async function sendLarge(path: string, size: number): Promise<{ status: number; closedByServer: boolean }> {
    const socket = connect({ host: '127.0.0.1', port: stack.server.port });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined); // the server may reset it mid-upload
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: key-large-body-01\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) {
      if (!socket.write(chunk.subarray(0, Math.min(chunk.length, size - sent)))) {
        await new Promise<void>((done) => {
          socket.once('drain', done);
          socket.once('close', done);
        });
      }
    }
    // The server closes it at once; the client gives up after 10 s, not 1.5 s: a busy machine can
    // be seconds late delivering the close.
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const closedByServer = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((done) => (giveUp = setTimeout(() => done(false), 10_000))),
    ]);
    clearTimeout(giveUp);
    socket.destroy();
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]), closedByServer };
  }

  it('should answer 413 to a body of 3 MiB and close the connection instead of reading it all', async () => {
    const result = await sendLarge('/api/payments/api/v2/payment-intents/pi_succeeded/confirm', 3 * 1024 * 1024);
    expect(result).toEqual({ status: 413, closedByServer: true });
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should answer 404 to a POST body at an unknown path and keep the connection usable', async () => {
    const refused = await rawRequest(stack.server.url, { method: 'POST', path: '/api/payments/api/v2/users', headers: json, body: '{"a":1}'.repeat(1000) });
    expect(refused.status).toBe(404);
    const next = await rawRequest(stack.server.url, { path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}` });
    expect(next.status).toBe(200);
  });

  it('should answer TRACE 405 in the error shape, as the plain adapter does', async () => {
    const fetchStack = await startStack({}, 'fetch');
    try {
      for (const url of [stack.server.url, fetchStack.server.url]) {
        const trace = await rawRequest(url, { method: 'TRACE', path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}` });
        expect(trace.status).toBe(405);
        expect(errorBody(trace.body)).toMatchObject({ code: 'method_not_allowed' });
        expect(trace.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      }
    } finally {
      await fetchStack.close();
    }
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should answer 405 to HEAD with the headers and no body', async () => {
    const head = await rawRequest(stack.server.url, { method: 'HEAD', path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}` });
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('GET');
    expect(head.headers['cache-control']).toBe('no-store');
    expect(head.body).toBe('');
  });
});
