// The demo's Node server: the kit's proxy at /api/payments (holding the credentials), the built
// demo page under a strict Content-Security-Policy, and — unless PAYMENTS_* variables point at a
// real upstream — the local sandbox as the payments API, on its own loopback origin. With
// PAYMENTS_REDIS_URL, the proxy keeps its idempotency state in that Redis (docs/many-instances.md)
// instead of in this process's memory.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { createPaymentsProxy, createPaymentsSession, toNodeHandler, type IdempotencyStore, type PaymentsGrant } from 'payments-kit/server/node';
import { createTransfersExport, transferOperations } from 'payments-kit/server/transfers';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { createPaymentsEvents } from 'payments-kit/server/webhooks';
import { manyTransferId, sandboxIds } from 'payments-kit/testing';
import { createCspReportRoute } from './cspReports.js';
import { FLOW_STEPS, INTENTS, LEGACY_IDS, PAYMENT_METHOD, TRANSFER_USER, V2_IDS } from './src/demoIds.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(here, 'dist');
const repoRoot = path.resolve(here, '../..');

export interface DemoOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Build the page first (Vite). Default true. */
  build?: boolean;
  /** Where the upstream settings come from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Seconds a payment session lasts. Default 900. */
  sessionSeconds?: number;
  /**
   * With the sandbox: after this many ms, the pending payouts the page shows (transaction 1002's
   * transfer, and the newest pending transfer of the listed user) complete, and their webhooks
   * reach the page's stream. Default 20 000; `0` never.
   */
  settlePendingAfterMs?: number;
}

export interface Demo {
  url: string;
  /** The sandbox, when no real upstream is configured. */
  sandbox: SandboxServer | undefined;
  /** Where the proxy keeps its idempotency state: `redis` with PAYMENTS_REDIS_URL, else `memory`. */
  idempotencyStore: 'memory' | 'redis';
  /** CSP violation reports the page sent (`report-uri`): the first 100, each at most 16 KiB. */
  cspReports: unknown[];
  /** With the sandbox: completes the pending payouts the page shows now, as `settlePendingAfterMs` does later. */
  settlePending: () => Promise<void>;
  close: () => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Builds the demo's page into examples/dashboard/dist/ (Vite, production), as `npm start` does first. */
export async function buildDemo(): Promise<void> {
  const { build } = await import('vite');
  // Always the production bundle, the one `npm start` serves: Vite lets a NODE_ENV already set
  // in the environment win over the build's mode, and test runners set NODE_ENV=test.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(here, 'vite.config.ts'), logLevel: 'warn' });
    // elements.html loads the elements as the package's standalone file: built with the
    // package's own config, beside the dashboard's files.
    await build({
      configFile: path.join(repoRoot, 'vite.standalone.config.ts'),
      root: repoRoot,
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: false, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const env = options.env ?? process.env;
  // The secret that signs payment sessions: from the environment on many instances (they must
  // share it), else a fresh one per start.
  const sessionSecret = env.PAYMENTS_SESSION_SECRET ?? randomBytes(32).toString('base64');
  // The deployment its sessions are for: a token minted for another deployment is refused, even
  // one signed with the same secret.
  const sessionAudience = env.PAYMENTS_SESSION_AUDIENCE ?? 'payments-kit-demo';
  // Pushed status: the payments API's webhooks in (/api/payments-webhooks), each page's stream of
  // its changes out (/api/payments-events). The sandbox posts its own, signed with this secret.
  const webhookSecret = env.PAYMENTS_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64')}`;
  const paymentsEvents = createPaymentsEvents({ webhookSecret, sessions: { secret: sessionSecret, audience: sessionAudience } });
  const sandbox = env.PAYMENTS_BASE_URL ? undefined : await startSandboxServer({ webhooks: { handler: paymentsEvents.webhook, secret: webhookSecret } });
  const settleAfter = options.settlePendingAfterMs ?? 20_000;
  const settlePending = async () => {
    if (!sandbox) return;
    const transactionTransfer = String(sandbox.sandbox.data.transactions.get(sandboxIds.transactions.pending)?.transfer?.id);
    await Promise.all([transactionTransfer, manyTransferId(3)].map((id) => sandbox.sandbox.completeTransfer(id).catch(() => undefined)));
  };
  const settling = sandbox && settleAfter > 0 ? setTimeout(() => void settlePending(), settleAfter) : undefined;
  const baseUrl = env.PAYMENTS_BASE_URL ?? (sandbox as SandboxServer).url;
  const legacyBaseUrl = env.PAYMENTS_LEGACY_BASE_URL ?? baseUrl;
  const credentials = sandbox
    ? sandbox.sandbox.credentials
    : { clientId: env.PAYMENTS_CLIENT_ID ?? '', apiKey: env.PAYMENTS_API_KEY ?? '' };
  if (!credentials.clientId || !credentials.apiKey) {
    throw new Error('PAYMENTS_BASE_URL is set: set PAYMENTS_CLIENT_ID and PAYMENTS_API_KEY too.');
  }
  // Flow links are embedded from the upstream's hosted pages: only that origin may be framed.
  const flowOrigins = (env.PAYMENTS_FLOW_ORIGINS ?? new URL(baseUrl).origin).split(/\s+/).filter(Boolean);

  if (options.build !== false) await buildDemo();

  const redis = env.PAYMENTS_REDIS_URL ? await connectRedisStore(env.PAYMENTS_REDIS_URL) : undefined;
  const proxy = createPaymentsProxy({
    baseUrl,
    legacyBaseUrl,
    credentials,
    basePath: '/api/payments',
    sessions: { secret: sessionSecret, audience: sessionAudience },
    flowOrigins,
    idempotencyStore: redis?.store,
    operations: [transferOperations],
  });
  // The CSV of the page's transfers: every page walked through the proxy above, under the session.
  const exportTransfers = createTransfersExport(proxy);
  const cspReports = createCspReportRoute();
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${flowOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    'report-uri /__csp-report',
  ].join('; ');
  const pageHeaders = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-store',
  };

  // The page's own routes, as a fetch handler.
  const pageListener = toNodeHandler(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/__csp-report' && request.method === 'POST') return cspReports.handle(request);
    if (url.pathname === '/api/payments-export/transfers.csv' && request.method === 'GET') return exportTransfers(request);
    if (url.pathname === '/api/payments-webhooks' && request.method === 'POST') return paymentsEvents.webhook(request);
    if (url.pathname === '/api/payments-events' && request.method === 'GET') return paymentsEvents.stream(request);
    if (url.pathname === '/demo-session' && request.method === 'POST') {
      // A real dashboard mints the session for the user its own login cookie names, with the
      // resources that user may see; the demo has one user, who may use what the page shows.
      const session = await createPaymentsSession({
        secret: sessionSecret,
        audience: sessionAudience,
        subject: 'demo-user',
        allow: demoGrant,
        expiresIn: options.sessionSeconds,
      });
      return Response.json(session, { headers: pageHeaders });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    if (url.pathname === '/elements.html') {
      // The custom elements' page gets its session in the provider's `session` attribute, and the
      // origins its flow link may have in the launcher's `allowed-origins`, as the React page
      // gets them from /demo-config.json.
      const { token } = await createPaymentsSession({ secret: sessionSecret, audience: sessionAudience, subject: 'demo-user', allow: demoGrant, expiresIn: options.sessionSeconds });
      const html = (await readFile(path.join(here, 'elements.html'), 'utf8'))
        .replace('__PAYMENTS_SESSION__', token)
        .replace('__PAYMENTS_FLOW_ORIGINS__', escapeAttribute(flowOrigins.join(' ')));
      return new Response(html, { headers: { ...pageHeaders, 'content-type': 'text/html; charset=utf-8' } });
    }
    if (url.pathname === '/elements.css') {
      const css = await readFile(path.join(here, 'elements.css'), 'utf8');
      return new Response(css, { headers: { ...pageHeaders, 'content-type': 'text/css; charset=utf-8' } });
    }
    if (url.pathname === '/demo-config.json') {
      return Response.json({ flowOrigins }, { headers: pageHeaders });
    }
    return serveStatic(url.pathname, pageHeaders);
  });
  // The proxy is routed on node:http's request, not called from inside the fetch handler above,
  // so it keeps its Node path (docs/server.md: "beside your own routes").
  const proxyListener = toNodeHandler(proxy);
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname === '/api/payments' || pathname.startsWith('/api/payments/')) proxyListener(req, res);
    else pageListener(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  await once(server.listen(options.port ?? 0, host), 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`,
    sandbox,
    idempotencyStore: redis ? 'redis' : 'memory',
    cspReports: cspReports.reports,
    settlePending,
    close: async () => {
      clearTimeout(settling);
      paymentsEvents.close();
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
      redis?.close();
      await sandbox?.close();
    },
  };
}

/** What the demo page may do: read the transactions it lists, confirm its intents with its card, start its flow, list its user's transfers. */
const demoGrant: PaymentsGrant = {
  transactions: V2_IDS,
  legacyTransactions: LEGACY_IDS,
  paymentIntents: Object.keys(INTENTS).map((id) => ({ id, paymentMethods: [PAYMENT_METHOD] })),
  flows: { steps: [...FLOW_STEPS] },
  volume: true,
  transfers: { userId: TRANSFER_USER },
};

/** The Redis idempotency store on a client configured as docs/many-instances.md says. */
async function connectRedisStore(url: string): Promise<{ store: IdempotencyStore; close: () => void }> {
  const [{ createClient }, { createRedisIdempotencyStore }] = await Promise.all([import('redis'), import('payments-kit/server/redis')]);
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      // Once connected, reconnect for ever (confirms answer 503 meanwhile); at start, give up
      // after a few tries so a wrong PAYMENTS_REDIS_URL stops the demo with a clear error.
      reconnectStrategy: (retries) =>
        connected || retries < 4 ? Math.min(100 * 2 ** retries, 2000) : new Error('PAYMENTS_REDIS_URL: cannot reach Redis.'),
    },
  });
  client.on('error', (error: Error) => {
    console.warn(`payments-kit demo: redis: ${error.message}`);
  });
  await client.connect();
  connected = true;
  return {
    store: createRedisIdempotencyStore({ client }),
    close: () => {
      client.destroy();
    },
  };
}

async function serveStatic(pathname: string, headers: Record<string, string>): Promise<Response> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = path.resolve(distDir, relative);
  if (!file.startsWith(distDir + path.sep)) return new Response('Not found', { status: 404, headers });
  try {
    const body = await readFile(file);
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    return new Response(body, { headers: { ...headers, 'content-type': type } });
  } catch {
    return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain' } });
  }
}

/** A value written into a double-quoted HTML attribute (the flow origins come from the environment). */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
