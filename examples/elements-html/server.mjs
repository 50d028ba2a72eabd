// `npm start`: this page and the kit's proxy on one origin, http://127.0.0.1:8080 (PORT, HOST).
// The proxy holds the API credentials; the page gets a payment session, minted per page view,
// in the provider's `session` attribute. The elements come from the package's standalone file,
// served from here under `Content-Security-Policy: default-src 'self'`.
// PAYMENTS_BASE_URL, PAYMENTS_LEGACY_BASE_URL, PAYMENTS_CLIENT_ID and PAYMENTS_API_KEY point it at
// an API (PAYMENTS_SESSION_SECRET too, to share sessions with other instances); without them it
// starts the kit's sandbox (payments-kit/testing/node) as the API.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerClientError, createPaymentsProxy, createPaymentsSession, toNodeHandler } from 'payments-kit/server/node';

const env = process.env;
const sandbox = env.PAYMENTS_BASE_URL ? undefined : await (await import('payments-kit/testing/node')).startSandboxServer();
const baseUrl = env.PAYMENTS_BASE_URL ?? sandbox.url;
const credentials = sandbox?.sandbox.credentials ?? { clientId: env.PAYMENTS_CLIENT_ID ?? '', apiKey: env.PAYMENTS_API_KEY ?? '' };
const sessionSecret = env.PAYMENTS_SESSION_SECRET ?? randomBytes(32).toString('base64');
// The deployment its sessions are for, the same where they are minted and where they are checked.
const sessionAudience = env.PAYMENTS_SESSION_AUDIENCE ?? 'payments-kit-elements-example';
// The hosted flow pages live on the API's origin: the only origin the page may frame.
const flowOrigins = (env.PAYMENTS_FLOW_ORIGINS ?? new URL(baseUrl).origin).split(/\s+/).filter(Boolean);

const proxy = createPaymentsProxy({
  baseUrl,
  legacyBaseUrl: env.PAYMENTS_LEGACY_BASE_URL ?? baseUrl,
  credentials,
  sessions: { secret: sessionSecret, audience: sessionAudience },
  flowOrigins,
});

// What this page's user may do, and nothing else: the proxy refuses the rest (403).
const grant = {
  transactions: ['1001', '1003', '1004', '1005', '404404'],
  paymentIntents: ['pi_succeeded', 'pi_processing', 'pi_missing'].map((id) => ({ id, paymentMethods: ['pm_card_visa'] })),
  flows: { steps: ['compliance', 'id-verification', 'payout'] },
  volume: true,
};

const headers = {
  // No inline script or style anywhere: the elements adopt their stylesheet (constructable
  // stylesheets), and the page's own script is a file.
  'content-security-policy': `default-src 'self'; frame-src ${flowOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};
// The page's files: public/ here, or the build of another page (PAGE_DIR, e.g. the Vue example's
// dist/). Any .html gets the session minted for that view; the package's standalone file is
// served beside them.
const pageDir = path.resolve(env.PAGE_DIR ?? fileURLToPath(new URL('public', import.meta.url)));
const standalone = fileURLToPath(import.meta.resolve('payments-kit/elements/standalone'));
// The catalogues other than English, one file each, for the pages in other languages (fr.html).
const messagesDir = path.join(path.dirname(fileURLToPath(import.meta.resolve('payments-kit/package.json'))), 'dist/messages');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

async function page(req, res) {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const catalogue = /^\/payments-kit\/messages\/([a-zA-Z-]+\.js)$/.exec(pathname)?.[1];
  const file =
    pathname === '/elements-standalone.js'
      ? standalone
      : catalogue !== undefined
        ? path.join(messagesDir, catalogue)
        : path.join(pageDir, pathname === '/' ? 'index.html' : pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    return;
  }
  const served = file === standalone || file.startsWith(pageDir + path.sep) || file.startsWith(messagesDir + path.sep);
  const body = served ? await readFile(file).catch(() => undefined) : undefined;
  if (body === undefined) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
  } else if (file.endsWith('.html')) {
    const { token } = await createPaymentsSession({ secret: sessionSecret, audience: sessionAudience, subject: 'demo-user', allow: grant });
    const html = body.toString('utf8').replaceAll('__PAYMENTS_SESSION__', token).replaceAll('__PAYMENTS_FLOW_ORIGINS__', flowOrigins.join(' '));
    res.writeHead(200, { ...headers, 'content-type': types['.html'] }).end(html);
  } else {
    res.writeHead(200, { ...headers, 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  }
}

// The proxy is routed on node:http's request, so it keeps its Node path (docs/server.md).
const proxyListener = toNodeHandler(proxy);
// The session for a page that asks for it (session.html: the provider's getSession). Same-origin
// fetches only: another site's page must not mint this user's session.
async function mintSession(req, res) {
  if (req.method !== 'POST' || req.headers['sec-fetch-site'] !== 'same-origin') {
    res.writeHead(403, { ...headers, 'content-type': 'text/plain' }).end('Forbidden');
    return;
  }
  const { token } = await createPaymentsSession({ secret: sessionSecret, audience: sessionAudience, subject: 'demo-user', allow: grant });
  res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify({ token }));
}

const server = createServer((req, res) => {
  if (req.url === '/api/payments' || req.url?.startsWith('/api/payments/')) proxyListener(req, res);
  else (req.url === '/payments-session' ? mintSession(req, res) : page(req, res)).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
server.on('clientError', answerClientError);
server.listen(Number(env.PORT ?? 8080), env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`payments-kit elements on plain HTML: http://${address}:${String(port)}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void (sandbox?.close() ?? Promise.resolve()).then(() => process.exit(0));
  });
}
