// The bench's servers, all on 127.0.0.1: the sandbox as the payments API, and one origin that
// serves the kit's proxy at /api/payments (in front of the sandbox, holding its credentials, as
// the demo does) together with the built bench page. Requests reaching the proxy are counted here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPaymentsProxy, serve } from '../../src/server/node.js';
import { startSandboxServer, type SandboxServer } from '../../src/testing/node.js';

export interface BenchServer {
  /** Origin of the page and the proxy. */
  url: string;
  sandbox: SandboxServer;
  /** Requests that reached the proxy so far (any method, any path under /api/payments). */
  proxyRequests: () => number;
  close: () => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function startBenchServer(pageDir: string): Promise<BenchServer> {
  const sandbox = await startSandboxServer();
  const proxy = createPaymentsProxy({
    baseUrl: sandbox.url,
    legacyBaseUrl: sandbox.url,
    credentials: sandbox.sandbox.credentials,
    basePath: '/api/payments',
  });
  let proxyRequests = 0;
  const server = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/payments' || pathname.startsWith('/api/payments/')) {
      proxyRequests += 1;
      return proxy(request);
    }
    return serveStatic(pageDir, pathname);
  });
  return {
    url: server.url,
    sandbox,
    proxyRequests: () => proxyRequests,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}

async function serveStatic(dir: string, pathname: string): Promise<Response> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = path.resolve(dir, relative);
  if (!file.startsWith(dir + path.sep)) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(file);
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    return new Response(body, { headers: { 'content-type': type, 'cache-control': 'no-store' } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
