// createNodeFetch, the proxy's upstream client on node:http: fetch semantics where the proxy
// relies on them (status, headers, body, abort, timeout, redirects never followed, network
// failure as TypeError), keep-alive reuse, and the text step the proxy calls (UPSTREAM_TEXT).
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../../src/node/createNodeFetch.js';
import { UPSTREAM_TEXT, UpstreamTimeout, upstreamTextOf, type StopSignal, type UpstreamText } from '../../src/node/upstreamText.js';

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];
const routes = new Map<string, Route>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, url: req.url, headers: req.headers, body, socket: req.socket });
      const route = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (route) route(req, res, body);
      else {
        res.statusCode = 404;
        res.end('no route');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});
afterEach(() => {
  seen.length = 0;
  routes.clear();
});

const route = (path: string, handler: Route) => routes.set(path, handler);

/**
 * A route that answers `body` to the first request on a connection and closes the socket on the
 * next one, as when the server's keep-alive timeout closes an idle socket just as the client
 * reuses it.
 */
function routeClosingReusedSockets(path: string, body: string): void {
  const requestsOn = new WeakMap<Socket, number>();
  route(path, (req, res) => {
    const count = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, count);
    if (count > 1) req.socket.destroy();
    else res.end(body);
  });
}

describe('given createNodeFetch as a fetch', () => {
  const nodeFetch = createNodeFetch();

  it('should return the status, headers and body as a standard Response', async () => {
    route('/ok', (_req, res) => {
      res.statusCode = 201;
      res.statusMessage = 'Created';
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.setHeader('x-several', ['one', 'two']);
      res.end('{"id":"é"}');
    });
    const response = await nodeFetch(`${origin}/ok?x=1`);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('Created');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-several')).toBe('one, two');
    expect(await response.json()).toEqual({ id: 'é' });
    expect(seen[0]?.url).toBe('/ok?x=1');
  });

  it('should send the method, the given headers and the body, adding only Host, Connection and Content-Length', async () => {
    route('/echo', (_req, res) => res.end('ok'));
    const response = await nodeFetch(`${origin}/echo`, {
      method: 'post',
      headers: { Accept: 'application/json', 'content-type': 'application/json', authorization: 'Basic eDp5' },
      body: '{"a":1}',
    });
    expect(await response.text()).toBe('ok');
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe('{"a":1}');
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual(
      ['accept', 'authorization', 'connection', 'content-length', 'content-type', 'host'].sort(),
    );
    expect(request?.headers['content-length']).toBe('7');
  });

  it('should accept a Request, Headers and byte bodies', async () => {
    route('/bytes', (_req, res) => res.end());
    await (await nodeFetch(new Request(`${origin}/bytes`, { method: 'PUT', headers: new Headers({ 'x-a': '1' }), body: 'req-body' }))).text();
    await (await nodeFetch(`${origin}/bytes`, { method: 'POST', body: new TextEncoder().encode('bytes') })).text();
    expect(seen.map((s) => [s.method, s.body, s.headers['x-a']])).toEqual([
      ['PUT', 'req-body', '1'],
      ['POST', 'bytes', undefined],
    ]);
  });

  it('should give a null body for 204 and for HEAD', async () => {
    route('/empty', (_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    route('/head', (_req, res) => {
      res.setHeader('content-length', '5');
      res.end('hello');
    });
    expect((await nodeFetch(`${origin}/empty`)).body).toBeNull();
    const head = await nodeFetch(`${origin}/head`, { method: 'HEAD' });
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe('5');
  });

  it('should keep the connection alive between requests', async () => {
    route('/ka', (_req, res) => res.end('ok'));
    for (let i = 0; i < 3; i++) await (await nodeFetch(`${origin}/ka`)).text();
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
  });

  describe('given a redirect', () => {
    it('should return it as is with redirect: manual, and never follow it', async () => {
      route('/moved', (_req, res) => {
        res.statusCode = 302;
        res.setHeader('location', `${origin}/elsewhere`);
        res.end();
      });
      const response = await nodeFetch(`${origin}/moved`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${origin}/elsewhere`);
      expect(seen.map((s) => s.url)).toEqual(['/moved']);
    });

    it.each(['follow', 'error', undefined] as const)('should reject with a TypeError with redirect: %s, without following', async (redirect) => {
      route('/moved', (_req, res) => {
        res.statusCode = 307;
        res.setHeader('location', `${origin}/elsewhere`);
        res.end();
      });
      await expect(nodeFetch(`${origin}/moved`, redirect ? { redirect } : {})).rejects.toThrow(TypeError);
      expect(seen.map((s) => s.url)).toEqual(['/moved']);
    });
  });

  describe('given a failure', () => {
    it('should reject with a TypeError when nothing listens', async () => {
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((done) => closed.close(() => done()));
      const failure = await nodeFetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
    });

    it('should reject with a TypeError when the server drops the connection', async () => {
      route('/drop', (req) => req.socket.destroy());
      await expect(nodeFetch(`${origin}/drop`, { method: 'POST', body: 'x' })).rejects.toThrow(TypeError);
    });

    it('should error the body with a TypeError when the connection drops mid-body', async () => {
      route('/half', (req, res) => {
        res.setHeader('content-length', '100');
        res.write('partial');
        setTimeout(() => req.socket.destroy(), 20);
      });
      const response = await nodeFetch(`${origin}/half`);
      await expect(response.text()).rejects.toThrow(TypeError);
    });

    it('should refuse other schemes and URLs with credentials', async () => {
      await expect(nodeFetch('file:///etc/passwd')).rejects.toThrow(TypeError);
      await expect(nodeFetch(`http://user:pass@127.0.0.1:1/`)).rejects.toThrow(TypeError);
    });

    it('should send a GET again on a new socket when a pooled one was closed by the server, never a POST', async () => {
      routeClosingReusedSockets('/flaky', 'ok');
      const flakyFetch = createNodeFetch({ maxSockets: 1 });
      expect(await (await flakyFetch(`${origin}/flaky`)).text()).toBe('ok');
      expect(await (await flakyFetch(`${origin}/flaky`)).text()).toBe('ok');
      expect(seen).toHaveLength(3);
      await expect(flakyFetch(`${origin}/flaky`, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
      expect(seen).toHaveLength(4);
    });
  });

  describe('given a signal', () => {
    it('should reject at once with the reason of an aborted signal, sending nothing', async () => {
      const reason = new Error('gone');
      await expect(nodeFetch(`${origin}/never`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      expect(seen).toEqual([]);
    });

    it('should reject with the timeout reason while waiting for the answer, and close the socket', async () => {
      let closed = false;
      route('/slow', (req) => req.socket.once('close', () => (closed = true)));
      const started = performance.now();
      const failure = await nodeFetch(`${origin}/slow`, { signal: AbortSignal.timeout(100) }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DOMException);
      expect((failure as DOMException).name).toBe('TimeoutError');
      expect(performance.now() - started).toBeLessThan(1000);
      await expect.poll(() => closed).toBe(true);
    });

    it('should error the body with the reason when aborted mid-body', async () => {
      route('/trickle', (_req, res) => {
        res.setHeader('content-length', '100');
        res.write('start');
      });
      const controller = new AbortController();
      const response = await nodeFetch(`${origin}/trickle`, { signal: controller.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      controller.abort(new Error('user left'));
      await expect(reader.read()).rejects.toThrow('user left');
    });
  });
});

describe('given the text step the proxy calls', () => {
  const nodeFetch = createNodeFetch();
  const text = upstreamTextOf(nodeFetch) as UpstreamText;
  const request = (url: string): Parameters<UpstreamText>[0] => ({
    url,
    method: 'GET',
    headers: { accept: 'application/json' },
    body: undefined,
    signal: undefined,
    timeoutMs: 2000,
    maxBytes: 1024,
  });
  const call = (path: string, extra: Partial<Parameters<UpstreamText>[0]> = {}) => text({ ...request(`${origin}${path}`), ...extra });

  it('should be offered under UPSTREAM_TEXT, and not by the built-in fetch', () => {
    expect(typeof (nodeFetch as unknown as Record<symbol, unknown>)[UPSTREAM_TEXT]).toBe('function');
    expect(upstreamTextOf(globalThis.fetch)).toBeUndefined();
  });

  it('should read a 2xx or 4xx body as text, and not read a 3xx or 5xx one', async () => {
    route('/json', (_req, res) => res.end('{"ok":true}'));
    route('/refused', (_req, res) => {
      res.statusCode = 422;
      res.end('{"message":"no"}');
    });
    route('/moved', (_req, res) => {
      res.statusCode = 301;
      res.setHeader('location', '/elsewhere');
      res.end();
    });
    route('/broken', (_req, res) => {
      res.statusCode = 503;
      res.end('down');
    });
    expect(await call('/json')).toEqual({ status: 200, text: '{"ok":true}' });
    expect(await call('/refused')).toEqual({ status: 422, text: '{"message":"no"}' });
    expect(await call('/moved')).toEqual({ status: 301 });
    expect(await call('/broken')).toEqual({ status: 503 });
    expect(seen.map((s) => s.url)).toEqual(['/json', '/refused', '/moved', '/broken']);
  });

  it('should send a POST body with its length', async () => {
    route('/confirm', (_req, res) => res.end('{}'));
    await call('/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"é":1}' });
    expect(seen[0]?.body).toBe('{"é":1}');
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength('{"é":1}')));
    // Nothing added but Host, Connection and Content-Length; Host as node:http writes it.
    expect(Object.keys(seen[0]?.headers ?? {}).sort()).toEqual(['connection', 'content-length', 'content-type', 'host']);
    expect(seen[0]?.headers.host).toBe(new URL(origin).host);
    expect(seen[0]?.headers.connection).toBe('keep-alive');
  });

  it('should stop reading past maxBytes and answer tooLarge', async () => {
    route('/big', (_req, res) => res.end('x'.repeat(5000)));
    expect(await call('/big', { maxBytes: 1000 })).toEqual({ status: 200, tooLarge: true });
  });

  it('should reject a body that is not UTF-8 with a TypeError', async () => {
    route('/latin1', (_req, res) => res.end(Buffer.from([0x7b, 0xe9, 0x7d])));
    await expect(call('/latin1')).rejects.toThrow(TypeError);
  });

  it('should reject with UpstreamTimeout past the deadline, head or body', async () => {
    route('/silent', () => undefined);
    route('/stalls', (_req, res) => {
      res.setHeader('content-length', '100');
      res.write('{');
    });
    const started = performance.now();
    await expect(call('/silent', { timeoutMs: 100 })).rejects.toBeInstanceOf(UpstreamTimeout);
    await expect(call('/stalls', { timeoutMs: 100 })).rejects.toBeInstanceOf(UpstreamTimeout);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("should reject with the caller's reason when its signal aborts", async () => {
    route('/silent', () => undefined);
    const controller = new AbortController();
    const pending = call('/silent', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('browser left')), 20);
    await expect(pending).rejects.toThrow('browser left');
  });

  it('should take any StopSignal, not only an AbortSignal, and stop listening once settled', async () => {
    route('/silent', () => undefined);
    route('/json', (_req, res) => res.end('{}'));
    const listeners = new Set<() => void>();
    const signal: StopSignal = {
      aborted: false,
      reason: new Error('connection closed'),
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
    };
    expect(await call('/json', { signal })).toEqual({ status: 200, text: '{}' });
    expect(listeners.size).toBe(0);
    const pending = call('/silent', { signal });
    await expect.poll(() => listeners.size).toBe(1);
    for (const listener of listeners) listener();
    await expect(pending).rejects.toThrow('connection closed');
    expect(listeners.size).toBe(0);
  });

  it('should reject with a TypeError when nothing listens, or the connection drops mid-body', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const refused = await text({ ...request(`http://127.0.0.1:${port}/`) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
    route('/half', (req, res) => {
      res.setHeader('content-length', '100');
      res.write('{"partial":');
      setTimeout(() => req.socket.destroy(), 20);
    });
    await expect(call('/half')).rejects.toThrow(TypeError);
  });

  it('should send a GET again on a new socket when a pooled one was closed by the server, never a POST', async () => {
    routeClosingReusedSockets('/flaky', '{}');
    const flaky = upstreamTextOf(createNodeFetch({ maxSockets: 1 })) as UpstreamText;
    expect(await flaky(request(`${origin}/flaky`))).toEqual({ status: 200, text: '{}' });
    expect(await flaky(request(`${origin}/flaky`))).toEqual({ status: 200, text: '{}' });
    expect(seen).toHaveLength(3);
    await expect(flaky({ ...request(`${origin}/flaky`), method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(4);
  });
});

describe('given payments-kit/server, which edge runtimes import', () => {
  it('should reach no node: module at run time from src/server/index.ts', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
    const visited = new Set<string>();
    const nodeImports: string[] = [];
    const visit = (file: string) => {
      if (visited.has(file)) return;
      visited.add(file);
      const source = readFileSync(file, 'utf8');
      // Runtime imports and re-exports only: `import type` / `export type` vanish at build time.
      for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
        const specifier = match[1] as string;
        if (specifier.startsWith('node:')) nodeImports.push(`${file.slice(root.length)} → ${specifier}`);
        else if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(root, 'server/index.ts'));
    expect(visited.size).toBeGreaterThan(5);
    expect(nodeImports).toEqual([]);
    // …while the node entry does reach node:http, through createNodeFetch.
    expect(readdirSync(join(root, 'server'))).toContain('node.ts');
  });
});
