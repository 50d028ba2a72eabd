// Consumer check (part of `npm test`): the packed tarball (the one the examples' tests installed
// while dist/ is unchanged), install it into a throwaway app outside
// the repository, build that app with Vite, import `payments-kit/server` and `payments-kit/testing`
// from plain Node, render a component with `renderToString`, and type-check a TypeScript app
// against the published declarations — as an integrator would.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, statSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installApp, packedTarball } from './packKit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const react18 = JSON.parse(readFileSync(path.join(root, 'test/react18/deps/package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

const browserCompilerOptions = {
  module: 'esnext',
  moduleResolution: 'bundler',
  jsx: 'react-jsx',
  lib: ['es2022', 'dom', 'dom.iterable'],
  types: [],
};

/** A TypeScript browser app: every component, a hook's typed result, the stylesheet. */
const browserApp = `import { PaymentsProvider, TransactionDetail, ConfirmIntentButton, FlowLauncher, VolumeCard, useTransaction, isPaymentsError, type PaymentsError } from 'payments-kit';
import 'payments-kit/styles.css';

function Amount({ id }: { id: string }) {
  const { data, error } = useTransaction(id);
  const failure: PaymentsError | null = error;
  const amount: number | undefined = data?.amount;
  return <p>{isPaymentsError(failure) ? failure.kind : String(amount)}</p>;
}

export function App() {
  return (
    <PaymentsProvider locale="en-GB" theme="dark" timeZone="Europe/Madrid" getSession={() => fetch('/payments-session', { method: 'POST' }).then((r) => r.json() as Promise<{ token: string }>).then((b) => b.token)}>
      <TransactionDetail transactionId="1001" />
      <ConfirmIntentButton paymentIntentId="pi_succeeded" paymentMethodId="pm_card_visa" />
      <FlowLauncher steps={['compliance']} />
      <VolumeCard period="month" type="receive" tz="UTC" />
      <Amount id="1001" />
      {/* @ts-expect-error: ids are strings (the declarations are read, not any) */}
      <TransactionDetail transactionId={1001} />
    </PaymentsProvider>
  );
}
`;

/** A TypeScript page on the custom elements, no React code: tags, typed events, the standalone entry. */
const elementsApp = `import { PaymentsConfirmButtonElement, type PaymentsElementEventMap } from 'payments-kit/elements';
import { definePaymentsElements } from 'payments-kit/elements/standalone';

definePaymentsElements();
const button: PaymentsConfirmButtonElement = document.createElement('payments-confirm-button');
button.paymentIntentId = 'pi_succeeded';
button.amount = 10999;
const detail = document.querySelector('payments-transaction-detail');
if (detail) detail.transactionId = '1001';
document.createElement('payments-provider').getSession = () => Promise.resolve('token');
button.addEventListener('payments-confirmed', (event) => {
  const id: string = event.detail.id;
  console.log(id, event.detail.status);
});
document.querySelector('payments-provider')?.addEventListener('payments-error', (event) => console.log(event.detail.kind, event.detail.status));
const confirmed: PaymentsElementEventMap['payments-confirmed'] | undefined = undefined;
// @ts-expect-error: amounts are numbers of cents (the declarations are read, not any)
button.amount = '109.99';
// @ts-expect-error: payments-confirmed carries a payment intent, not an error
button.addEventListener('payments-confirmed', (event) => console.log(event.detail.kind));
export { confirmed };
`;

/** A TypeScript Node server: a payment session, and the proxy in front of the sandbox. */
const nodeServer = `import { createPaymentsProxy, createPaymentsSession, type PaymentsGrant, type PaymentsProxyOptions } from 'payments-kit/server';
import { flowOperations } from 'payments-kit/server/flows';
import { serve } from 'payments-kit/server/node';
import { transferOperations } from 'payments-kit/server/transfers';
import { createSandbox } from 'payments-kit/testing';

const sandbox = createSandbox();
const secret = 'a-secret-of-at-least-32-bytes-from-the-env';
const options: PaymentsProxyOptions = { baseUrl: 'http://sandbox.test', legacyBaseUrl: 'http://sandbox.test', credentials: sandbox.credentials, fetch: sandbox.fetch, sessions: { secret, audience: 'https://shop.example' }, operations: [transferOperations, flowOperations] };
const allow: PaymentsGrant = { transactions: ['1001'], paymentIntents: [{ id: 'pi_succeeded', paymentMethods: ['pm_card_visa'] }] };
const { token, expiresAt }: { token: string; expiresAt: string } = await createPaymentsSession({ secret, audience: 'https://shop.example', subject: 'user_1', allow });
const proxy = createPaymentsProxy(options);
const response: Response = await proxy(new Request('http://app.test/api/payments/api/v2/transactions/1001', { headers: { 'Payments-Session': token } }));
// @ts-expect-error: a grant names ids as strings
const wrong: PaymentsGrant = { transactions: [1001] };
export { response, serve, expiresAt, wrong };
`;

/** Runs the README's Express server (transpiled, as `npx tsx server.ts` would) on the sandbox and calls it. */
const readmeServerRun = `import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import ts from 'typescript';
import { startSandboxServer } from 'payments-kit/testing/node';

const sandbox = await startSandboxServer();
Object.assign(process.env, {
  PAYMENTS_BASE_URL: sandbox.url,
  PAYMENTS_LEGACY_BASE_URL: sandbox.url,
  PAYMENTS_CLIENT_ID: sandbox.sandbox.credentials.clientId,
  PAYMENTS_API_KEY: sandbox.sandbox.credentials.apiKey,
  PAYMENTS_SESSION_SECRET: 'a-secret-of-at-least-32-bytes-from-the-env',
});
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const source = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
if (!source.includes('3000')) throw new Error("README's server no longer listens on 3000: update this check");
const { outputText } = ts.transpileModule(source.replaceAll('3000', String(port)), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
writeFileSync(new URL('./server.mjs', import.meta.url), outputText);
await import('./server.mjs');
const base = 'http://127.0.0.1:' + port;
let minted;
for (let attempt = 0; attempt < 100 && minted === undefined; attempt++) {
  minted = await fetch(base + '/payments-session', { method: 'POST' }).catch(() => new Promise((resolve) => setTimeout(resolve, 50)));
}
const { token } = await minted.json();
const read = await fetch(base + '/api/payments/api/v2/transactions/1001', { headers: { 'payments-session': token } });
const confirm = await fetch(base + '/api/payments/api/v2/payment-intents/pi_succeeded/confirm', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': 'readme-server-0001', 'payments-session': token },
  body: '{"payment_method_id":"pm_card_visa"}',
});
const intent = await confirm.json();
if (read.status !== 200 || confirm.status !== 200 || intent.status !== 'succeeded') {
  throw new Error("README's server: read " + read.status + ', confirm ' + confirm.status + ' ' + JSON.stringify(intent));
}
// Bound to 127.0.0.1 only: another address of this machine is refused, where it has one.
const other = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
if (other) {
  const reached = await fetch('http://' + other.address + ':' + port + '/payments-session', { method: 'POST' }).then(() => true, () => false);
  if (reached) throw new Error("README's server answers on " + other.address + ', not only on 127.0.0.1');
}
console.log("README's server, run as written on the sandbox: session minted, getTransaction 200, confirmPaymentIntent 200" + (other ? ', not reachable on ' + other.address : ''));
process.exit(0);
`;

const app = mkdtempSync(path.join(tmpdir(), 'payments-kit-consumer-'));
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

try {
  // The tarball the examples' end-to-end tests installed, when dist/ has not changed since.
  const packed = await packedTarball(root);
  const filename = path.basename(packed.tarball);
  copyFileSync(packed.tarball, path.join(app, filename));
  console.log(`${packed.reused ? 'tarball of this dist/ reused' : 'packed'}: ${filename}, ${(statSync(packed.tarball).size / 1024).toFixed(1)} KB`);

  const dep = (name: string) => rootPkg.devDependencies[name] ?? '*';
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: {
        'payments-kit': `file:./${filename}`,
        react: dep('react'),
        'react-dom': dep('react-dom'),
        '@tanstack/react-query': dep('@tanstack/react-query'),
        vite: dep('vite'),
        '@vitejs/plugin-react': dep('@vitejs/plugin-react'),
        typescript: dep('typescript'),
        '@types/react': dep('@types/react'),
        '@types/react-dom': dep('@types/react-dom'),
        '@types/node': dep('@types/node'),
        hono: dep('hono'),
        '@hono/node-server': dep('@hono/node-server'),
        express: dep('express'),
        '@types/express': dep('@types/express'),
      },
    }),
  );
  await installApp(app, process.env, { ignoreScripts: true });

  // 0. The Custom Elements Manifest names files the package holds (editors and linters open them).
  const installed = path.join(app, 'node_modules/payments-kit');
  const manifestText = readFileSync(path.join(installed, 'dist/custom-elements.json'), 'utf8');
  const named = [...new Set([...manifestText.matchAll(/"(?:path|module)": "([^"]+)"/g)].map((match) => match[1] ?? ''))];
  const missing = named.filter((file) => !existsSync(path.join(installed, file)));
  if (named.length === 0 || missing.length > 0) throw new Error(`dist/custom-elements.json names files the package lacks: ${missing.join(', ') || '(none named)'}`);
  console.log(`custom-elements.json: the ${named.length} files it names are in the package`);

  // 0b. The catalogues as files of their own, for pages without a bundler: no import in them, and
  //     each the same words as payments-kit/messages exports.
  writeFileSync(
    path.join(app, 'catalogues.mjs'),
    `import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import * as entry from 'payments-kit/messages';
// Every language of the package's own list but English, the file named by its tag, the export by
// the tag without its hyphen ('pt-BR': messagesPtBR).
const files = entry.messagesLocales.filter((locale) => locale !== 'en');
for (const file of files) {
  const name = 'messages' + file.charAt(0).toUpperCase() + file.slice(1).replace('-', '');
  if (entry[name] !== entry.messagesByLocale[file]) throw new Error(name + ' is not messagesByLocale[' + JSON.stringify(file) + ']');
  const url = new URL('./node_modules/payments-kit/dist/messages/' + file + '.js', import.meta.url);
  if (/(^|[;\\n}])\\s*import[\\s{*('"]/.test(readFileSync(url, 'utf8'))) throw new Error('dist/messages/' + file + '.js imports something');
  const module = await import(url.href);
  const exported = Object.values(module);
  if (exported.length !== 1 || !isDeepStrictEqual(exported[0], entry[name])) throw new Error('dist/messages/' + file + '.js is not ' + name);
}
console.log('dist/messages: ' + files.length + ' catalogues, each self-contained and the same as payments-kit/messages');
`,
  );
  console.log(run('node', ['catalogues.mjs'], app).trim());

  // 1. A browser app built with Vite, importing the components and the stylesheet.
  mkdirSync(path.join(app, 'src'));
  writeFileSync(path.join(app, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/src/main.js"></script>');
  writeFileSync(
    path.join(app, 'src/main.js'),
    `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentsProvider, TransactionDetail, ConfirmIntentButton, FlowLauncher, VolumeCard } from 'payments-kit';
import 'payments-kit/styles.css';
createRoot(document.getElementById('root')).render(
  h(PaymentsProvider, null,
    h(TransactionDetail, { transactionId: '1001' }),
    h(ConfirmIntentButton, { paymentIntentId: 'pi_succeeded', paymentMethodId: 'pm_card_visa' }),
    h(FlowLauncher, { steps: ['compliance'] }),
    h(VolumeCard, { period: 'month', type: 'receive', tz: 'UTC' })));
`,
  );
  run(path.join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], app);
  const assets = run('ls', ['dist/assets'], app).trim().split('\n');
  if (!assets.some((f) => f.endsWith('.js')) || !assets.some((f) => f.endsWith('.css'))) {
    throw new Error(`vite build produced no JS or CSS: ${assets.join(', ')}`);
  }
  console.log(`vite build of a consumer app: ${assets.join(', ')}`);

  // 2. The server entry and the sandbox from plain Node: a proxied request end to end.
  writeFileSync(
    path.join(app, 'server.mjs'),
    `import { createPaymentsProxy, createPaymentsSession } from 'payments-kit/server';
import { createSandbox } from 'payments-kit/testing';
const sandbox = createSandbox();
const secret = 'a-secret-of-at-least-32-bytes-from-the-env';
const proxy = createPaymentsProxy({ baseUrl: 'http://sandbox.test', legacyBaseUrl: 'http://sandbox.test', credentials: sandbox.credentials, fetch: sandbox.fetch, sessions: { secret, audience: 'https://shop.example' } });
const { token } = await createPaymentsSession({ secret, audience: 'https://shop.example', subject: 'user_1', allow: { transactions: ['1001'] } });
const url = 'http://app.test/api/payments/api/v2/transactions/1001';
const response = await proxy(new Request(url, { headers: { 'payments-session': token } }));
const body = await response.json();
if (response.status !== 200 || body.id !== 1001) throw new Error('proxy answered ' + response.status + ' ' + JSON.stringify(body));
const anonymous = await proxy(new Request(url));
if (anonymous.status !== 401) throw new Error('proxy answered a call without a session ' + anonymous.status);
console.log('payments-kit/server in plain Node: proxied getTransaction with a session -> 200, without -> 401');
`,
  );
  console.log(run('node', ['server.mjs'], app).trim());

  // 2a. What a server component prefetches with: payments-kit/queries carries no 'use client'
  //     in any file it loads (the root entry does), and reads through the proxy in-process.
  writeFileSync(
    path.join(app, 'prefetch.mjs'),
    `import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { createInProcessFetch, createPaymentsProxy, createPaymentsSession } from 'payments-kit/server';
import { createProxyFetcher, dehydratePayments, prefetchPayments } from 'payments-kit/queries';
import { createSandbox } from 'payments-kit/testing';
const dist = new URL('./node_modules/payments-kit/dist/', import.meta.url);
const directive = (file) => /^\\s*['"]use client['"]/.test(readFileSync(file, 'utf8'));
const seen = new Set();
const visit = (file) => {
  if (seen.has(file.href)) return;
  seen.add(file.href);
  if (directive(file)) throw new Error('payments-kit/queries loads a use client module: ' + file.pathname);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from ['"](\\.[^'"]+)['"]/g)) visit(new URL(specifier, file));
};
visit(new URL('queries.js', dist));
if (!directive(new URL('index.js', dist))) throw new Error('dist/index.js lost its use client directive');
const sandbox = createSandbox();
const secret = 'a-secret-of-at-least-32-bytes-from-the-env';
const proxy = createPaymentsProxy({ baseUrl: 'http://sandbox.test', legacyBaseUrl: 'http://sandbox.test', credentials: sandbox.credentials, fetch: sandbox.fetch, sessions: { secret, audience: 'https://shop.example' } });
const { token } = await createPaymentsSession({ secret, audience: 'https://shop.example', subject: 'user_1', allow: { transactions: ['1001'], volume: true } });
const queryClient = new QueryClient();
await prefetchPayments(queryClient, createProxyFetcher({ fetch: createInProcessFetch(proxy, { session: token }) }), { transactions: ['1001', '1002'], volumes: [{ period: 'month' }] });
const states = dehydratePayments(queryClient).queries.map((query) => query.state.status + ' ' + (query.state.error?.code ?? '')).sort();
if (JSON.stringify(states) !== JSON.stringify(['error not_granted', 'success ', 'success '])) throw new Error('prefetch gave ' + JSON.stringify(states));
console.log('payments-kit/queries: ' + seen.size + ' files without use client; prefetched in-process: 2 reads, 1 not granted');
`,
  );
  console.log(run('node', ['prefetch.mjs'], app).trim());

  // 2b. The Hono-on-Node and Express mountings as docs/server.md (and, for Express, the README)
  //     write them, in front of the sandbox's own HTTP server: a read and a confirm through each,
  //     and node's own parser errors in the kit's error shape on the Express server
  //     (answerClientError).
  writeFileSync(
    path.join(app, 'frameworks.mjs'),
    `import { serve as serveHono } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { connect } from 'node:net';
import { answerClientError, createPaymentsProxy, createPaymentsSession, toNodeHandler } from 'payments-kit/server/node';
import { startSandboxServer } from 'payments-kit/testing/node';

const sandbox = await startSandboxServer();
process.env.PAYMENTS_SESSION_SECRET = 'a-secret-of-at-least-32-bytes-from-the-env';
const paymentsProxy = createPaymentsProxy({
  baseUrl: sandbox.url,
  legacyBaseUrl: sandbox.url,
  credentials: sandbox.sandbox.credentials,
  sessions: { secret: process.env.PAYMENTS_SESSION_SECRET, audience: 'https://shop.example' },
});
const { token } = await createPaymentsSession({
  secret: process.env.PAYMENTS_SESSION_SECRET,
  audience: 'https://shop.example',
  subject: 'user_1',
  allow: { transactions: ['1001'], paymentIntents: [{ id: 'pi_succeeded', paymentMethods: ['pm_card_visa'] }] },
});

const hono = new Hono();
hono.all('/api/payments/*', (c) => paymentsProxy(c.req.raw));
const honoServer = serveHono({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => honoServer.once('listening', resolve));

const app = express();
app.use('/api/payments', toNodeHandler(paymentsProxy));
app.use(express.json());
const expressServer = app.listen(0, '127.0.0.1').on('clientError', answerClientError);
await new Promise((resolve) => expressServer.once('listening', resolve));

for (const [name, server] of [['Hono on Node', honoServer], ['Express', expressServer]]) {
  const base = 'http://127.0.0.1:' + server.address().port + '/api/payments';
  const anonymous = await fetch(base + '/api/v2/transactions/1001');
  const read = await fetch(base + '/api/v2/transactions/1001', { headers: { 'payments-session': token } });
  const confirm = await fetch(base + '/api/v2/payment-intents/pi_succeeded/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'readme-' + name.length + '-0001', 'payments-session': token },
    body: '{"payment_method_id":"pm_card_visa"}',
  });
  const intent = await confirm.json();
  if (anonymous.status !== 401 || read.status !== 200 || (await read.json()).id !== 1001 || confirm.status !== 200 || intent.status !== 'succeeded') {
    throw new Error(name + ': without a session ' + anonymous.status + ', read ' + read.status + ', confirm ' + confirm.status + ' ' + JSON.stringify(intent));
  }
  console.log('Mounting snippet, ' + name + ': without a session 401; with one, getTransaction 200, confirmPaymentIntent 200');
}
const raw = await new Promise((resolve) => {
  const socket = connect(expressServer.address().port, '127.0.0.1', () => socket.write('BROKEN\\r\\n\\r\\n'));
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  socket.on('close', () => resolve(text));
});
if (!raw.startsWith('HTTP/1.1 400') || !raw.includes('"kind":"invalid_request"') || !/cache-control: no-store/i.test(raw)) {
  throw new Error('Express with answerClientError answered a malformed request with: ' + raw.slice(0, 200));
}
console.log('Mounting snippet, Express: a malformed request gets 400 in the kit\\'s error shape');
honoServer.close();
expressServer.close();
await sandbox.close();
`,
  );
  console.log(run('node', ['frameworks.mjs'], app).trim());

  // 3. Server-side rendering of every component.
  writeFileSync(
    path.join(app, 'ssr.mjs'),
    `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { PaymentsProvider, TransactionDetail, ConfirmIntentButton, FlowLauncher, VolumeCard } from 'payments-kit';
const html = renderToString(h(PaymentsProvider, null,
  h(TransactionDetail, { transactionId: '1001' }),
  h(ConfirmIntentButton, { paymentIntentId: 'pi_succeeded', paymentMethodId: 'pm_card_visa' }),
  h(FlowLauncher, { steps: ['compliance'] }),
  h(VolumeCard, { period: 'month', type: 'receive', tz: 'UTC' })));
for (const cls of ['pk-transaction', 'pk-confirm', 'pk-flow', 'pk-volume']) {
  if (!html.includes(cls)) throw new Error('renderToString output lacks ' + cls + ': ' + html.slice(0, 300));
}
console.log('renderToString in plain Node: ' + html.length + ' characters, all four components');
`,
  );
  console.log(run('node', ['ssr.mjs'], app).trim());

  // 4. TypeScript apps against the published declarations, strict and with `skipLibCheck: false`
  //    (so a declaration that names a dev-only or too-new type fails here, not in an integrator's
  //    build): a browser app under `moduleResolution: bundler` with ES2022 and DOM and without
  //    Node's types, on React 19's types and again on React 18's; and a Node server under `nodenext`.
  //    The files that share their compiler options are checked as one program: with
  //    `skipLibCheck` off most of a check is the libraries' declarations, read once per program.
  writeFileSync(path.join(app, 'src/app.tsx'), browserApp);
  writeFileSync(path.join(app, 'src/elements.ts'), elementsApp);
  writeFileSync(path.join(app, 'server.ts'), nodeServer);

  // 4b. The README's own code, extracted from README.md as an integrator copies it: the Express
  //     server and the page of "A minimal setup", and the Next.js route handler, type-checked
  //     with nothing declared beside them (the server's stand-in for authentication is its own).
  const readme = readmeCode();
  mkdirSync(path.join(app, 'readme'));
  writeFileSync(path.join(app, 'readme/server.ts'), readme.server);
  writeFileSync(path.join(app, 'readme/route.ts'), readme.route);
  writeFileSync(path.join(app, 'readme/page.tsx'), readme.page);
  // ...and run as written on the sandbox, with the environment the README names: it answers on
  // 127.0.0.1 only, mints a session, and a read and a confirm pass through its proxy. Only its
  // port is moved to a free one.
  writeFileSync(path.join(app, 'readme/run.mjs'), readmeServerRun);
  console.log(run('node', ['readme/run.mjs'], app).trim());
  // docs/spa.md's Vite config (the dev server's proxy) and its page, as written there.
  const spa = spaCode();
  mkdirSync(path.join(app, 'spa'));
  writeFileSync(path.join(app, 'spa/vite.config.ts'), spa.viteConfig);
  writeFileSync(path.join(app, 'spa/Payments.tsx'), spa.page);

  const browserFiles = ['src/app.tsx', 'src/elements.ts', 'readme/page.tsx', 'spa/Payments.tsx'];
  typeCheck(app, 'bundler', browserCompilerOptions, browserFiles);
  // `nodenext` implies `esModuleInterop`, which the README's Express server's default import needs.
  typeCheck(app, 'nodenext', { module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] }, ['server.ts', 'readme/server.ts', 'readme/route.ts']);
  typeCheck(app, 'spa-vite-config', { module: 'esnext', moduleResolution: 'bundler', types: ['node'] }, 'spa/vite.config.ts');

  const app18 = path.join(app, 'react18');
  mkdirSync(path.join(app18, 'src'), { recursive: true });
  writeFileSync(
    path.join(app18, 'package.json'),
    JSON.stringify({
      name: 'consumer-react18',
      private: true,
      type: 'module',
      dependencies: {
        'payments-kit': `file:../${filename}`,
        ...react18.devDependencies,
        '@tanstack/react-query': dep('@tanstack/react-query'),
        typescript: dep('typescript'),
      },
    }),
  );
  await installApp(app18, process.env, { ignoreScripts: true });
  writeFileSync(path.join(app18, 'src/app.tsx'), browserApp);
  writeFileSync(path.join(app18, 'src/elements.ts'), elementsApp);
  typeCheck(app18, 'bundler-react18', browserCompilerOptions, ['src/app.tsx', 'src/elements.ts']);
  console.log('consumer check passed');
} finally {
  rmSync(app, { recursive: true, force: true });
}

/** Runs the app's own `tsc` on one file with strict options plus `compilerOptions`. */
function typeCheck(dir: string, name: string, compilerOptions: Record<string, unknown>, files: string | string[]) {
  const file = typeof files === 'string' ? files : files.join(' + ');
  writeFileSync(
    path.join(dir, `tsconfig.${name}.json`),
    JSON.stringify({
      compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, target: 'es2022', ...compilerOptions },
      files: typeof files === 'string' ? [files] : files,
    }),
  );
  try {
    run(path.join(dir, 'node_modules/.bin/tsc'), ['-p', `tsconfig.${name}.json`], dir);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc (${name}) refused the consumer's ${file}:\n${stdout}${stderr}`, { cause: error });
  }
  console.log(`tsc --strict (${name}, skipLibCheck off): ${file} type-checks against the package`);
}

/** The first code block of `language` in the `## heading` section of a Markdown file; fails when either is gone. */
function sectionBlock(file: string, heading: string, language: string): string {
  const text = readFileSync(path.join(root, file), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`${file} has no "## ${heading}" section.`);
  const end = text.indexOf('\n## ', start + 1);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text.slice(start, end === -1 ? undefined : end));
  if (match?.[1] === undefined) throw new Error(`${file}'s "${heading}" has no \`\`\`${language} block.`);
  return match[1];
}

/** docs/spa.md's vite.config.ts and page. */
function spaCode(): { viteConfig: string; page: string } {
  return { viteConfig: sectionBlock('docs/spa.md', "The dev server's proxy", 'ts'), page: sectionBlock('docs/spa.md', 'The page', 'tsx') };
}

/**
 * The README's code blocks that an integrator copies: the first `ts` and `tsx` blocks of "A
 * minimal setup" and the first `ts` block of "Next.js". Fails when a section or block is gone,
 * so a rewritten README cannot drop out of this check unnoticed.
 */
function readmeCode(): { server: string; page: string; route: string } {
  return {
    server: sectionBlock('README.md', 'A minimal setup', 'ts'),
    page: sectionBlock('README.md', 'A minimal setup', 'tsx'),
    route: sectionBlock('README.md', 'Next.js', 'ts'),
  };
}
