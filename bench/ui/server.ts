// The bench's servers, all on 127.0.0.1: the sandbox as the payments API, and one origin that
// serves the kit's proxy at /api/payments (in front of the sandbox, holding its credentials, as
// the demo does) together with the built bench page. Requests reaching the proxy are counted here.
// As in the demo, the proxy is routed on node:http's request, so it takes its Node path, the one
// a merchant's Node server gets (docs/server.md).
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createMemoryIdempotencyStore, createPaymentsProxy, toNodeHandler } from '../../src/server-node/index.js';
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

export async function startBenchServer(pageDir: string, options: { apiLatencyMs?: number } = {}): Promise<BenchServer> {
  // `apiLatencyMs`: each call the sandbox answers waits this long, as across a network.
  const sandbox = await startSandboxServer({ latencyMs: options.apiLatencyMs });
  const proxy = createPaymentsProxy({
    baseUrl: sandbox.url,
    legacyBaseUrl: sandbox.url,
    credentials: sandbox.sandbox.credentials,
    basePath: '/api/payments',
    // Opened and unlimited, on loopback only: this measures the components in the browser, not
    // who may call or how often.
    authorize: () => true,
    rateLimits: false,
    // The sandbox's flow links point at itself, which the proxy hands out only when listed.
    flowOrigins: [sandbox.url],
    // The page is one subject (its address) confirming one intent with a fresh key per cycle:
    // 1 050 confirms with the default cycles and warm-up, past the default store's bounds of one
    // subject. These take 20 000 (BENCH_CYCLES up to about 19 000), and no share of the room
    // stops them first (half of 100 000 with fairShare 1).
    idempotencyStore: createMemoryIdempotencyStore({ maxEntries: 100_000, maxEntriesPerSubject: 20_000, maxEntriesPerIntent: 20_000, fairShare: 1 }),
  });
  let proxyRequests = 0;
  const proxyListener = toNodeHandler(proxy);
  const pageListener = toNodeHandler((request) => serveStatic(pageDir, new URL(request.url).pathname));
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname === '/api/payments' || pathname.startsWith('/api/payments/')) {
      proxyRequests += 1;
      proxyListener(req, res);
    } else {
      pageListener(req, res);
    }
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    sandbox,
    proxyRequests: () => proxyRequests,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
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
