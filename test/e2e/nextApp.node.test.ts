// End to end: examples/next-app-router as an integrator gets it. The package is built (or its
// fresh dist/ reused) and packed; a copy of the app outside the repository installs the tarball;
// `next build` runs with no PAYMENTS_* variable (as CI builds do, without the runtime's secrets);
// `next start` then runs with them pointing at a sandbox this process serves, so its upstream
// calls can be counted; Debian's Chromium drives the page through playwright-core.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createPaymentsSession } from 'payments-kit/server';
import { messagesEn } from 'payments-kit/messages';
import { createSandbox, sandboxIds, volumeFor } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import type { Browser, Page, Request } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOf, compileBlocks } from '../docs/docBlocks.js';
import { freePort } from '../support/freePort.js';
import { cleanEnv, installExample, mustSucceed, packedKit, run, seconds, startNextApp, type Run } from './packedKit.js';
import { launchChromium, watchPage, type PageWatch } from './watchPage.js';

// Credentials of this run only: if any form of them reaches the browser, it came from the
// proxy's runtime environment, and nothing else could have guessed them.
const credentials = { clientId: `next_e2e_${randomUUID().slice(0, 8)}`, apiKey: `key_${randomUUID()}` };
const secrets = [
  credentials.clientId,
  credentials.apiKey,
  `${credentials.clientId}:${credentials.apiKey}`,
  Buffer.from(`${credentials.clientId}:${credentials.apiKey}`).toString('base64'),
];
const sandbox = createSandbox({ credentials });
const sessionSecret = `next-e2e-session-secret-${randomUUID()}`;
const sessionAudience = 'next-e2e';
const buildEnv = cleanEnv();

let appDir: string | undefined;
let build: Run;
let sandboxServer: SandboxServer | undefined;
let next: ChildProcess | undefined;
let appUrl: string;
let browser: Browser | undefined;
let page: Page;
let documentHtml: string;
const started = performance.now();
let watch: PageWatch;
/** What Chromium asked /api/payments for while the page loaded and hydrated. */
let proxyCallsOnLoad: string[];
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

beforeAll(async () => {
  const timings: string[] = [];

  // 1. The package, as `npm pack` ships it; 2. the example, copied without anything a local run
  // may have left, on the tarball.
  const packed = await packedKit();
  timings.push(...packed.timings);
  const installed = await installExample('next-app-router', packed.tarball);
  appDir = installed.dir;
  timings.push(`npm install ${seconds(installed.install.ms)}`);

  // 3. `next build` without secrets. Its result is asserted below; nothing else can run without it.
  const nextBin = path.join(appDir, 'node_modules/next/dist/bin/next');
  build = await run(process.execPath, [nextBin, 'build'], appDir, buildEnv);
  timings.push(`next build ${seconds(build.ms)}`);
  mustSucceed('next build', build);

  // 4. The sandbox (this process) and `next start` with the PAYMENTS_* variables pointing at it.
  sandboxServer = await startSandboxServer({ sandbox });
  const port = await freePort();
  appUrl = `http://127.0.0.1:${String(port)}`;
  const startedAt = performance.now();
  // Its own process group, so afterAll ends it and anything it started.
  const started = await startNextApp(
    appDir,
    port,
    { baseUrl: sandboxServer.url, clientId: credentials.clientId, apiKey: credentials.apiKey, sessionSecret, sessionAudience },
    30_000,
  );
  next = started.process;
  timings.push(`next start ready ${seconds(performance.now() - startedAt)}`);
  console.log(`next-app e2e: ${timings.join(', ')}`);

  // 5. Chromium, listening to everything the browser receives.
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watch = watchPage(page, secrets);
  // The first `.grid` the parser inserts is the server's: hydration must keep that very node
  // (after a mismatch React discards the server's HTML and renders the client's instead).
  await page.addInitScript(() => {
    const seen = window as unknown as { __serverGrid?: Element | null };
    const observer = new MutationObserver(() => {
      seen.__serverGrid ??= document.querySelector('.grid');
      if (seen.__serverGrid) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const requested: Request[] = [];
  page.on('request', (request) => requested.push(request));
  const response = await page.goto(appUrl);
  documentHtml = (await response?.text()) ?? '';
  await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
  // Loaded and hydrated, and quiet for 500 ms: a read the page sent by then is one the prefetch
  // should have made unnecessary, with one exception. The transaction's transfer is `created`,
  // still under way: the card reads it again 5 s after it mounted, which a busy machine may reach
  // before the page is quiet. The card mounts after the navigation began, so a read of it started
  // 5 s or more after that may be this later read, and is left out; any other is a read on load.
  await page.waitForLoadState('networkidle');
  const onLoad = requested.slice(); // every one has its answer: quiet means none is on its way
  const liveReadsFrom = (await page.evaluate(() => performance.timeOrigin)) + 5_000;
  proxyCallsOnLoad = onLoad
    .map((request) => ({ url: new URL(request.url()), startedAt: request.timing().startTime }))
    .filter(({ url }) => url.pathname.startsWith('/api/payments/'))
    .filter(({ url, startedAt }) => !(url.pathname.endsWith(`/transactions/${sandboxIds.transactions.created}`) && startedAt >= liveReadsFrom))
    .map(({ url }) => url.pathname + url.search);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  if (next?.pid !== undefined && next.exitCode === null) {
    const exited = once(next, 'exit');
    process.kill(-next.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (next?.pid !== undefined) process.kill(-next.pid, 'SIGKILL');
    }, 5_000);
    await exited;
    clearTimeout(timer);
  }
  await sandboxServer?.close();
  if (appDir) await rm(appDir, { recursive: true, force: true });
  console.log(`next-app e2e: whole file ${seconds(performance.now() - started)}`);
}, 30_000);

describe('given examples/next-app-router installed from the packed tarball', { timeout: 30_000 }, () => {
  it('should build with no PAYMENTS_* variable: the route modules load, log the missing setting and do not throw', () => {
    expect(Object.keys(buildEnv).filter((key) => key.startsWith('PAYMENTS_'))).toEqual([]);
    expect(build.code).toBe(0);
    // Next imports the route modules while collecting page data: the proxy logs, then serves 500s.
    expect(build.output).toContain('payments-kit: createPaymentsProxy:');
    expect(build.output).toMatch(/ƒ \/api\/payments\/\[\.\.\.path\]/);
    expect(build.output).toMatch(/ƒ \/api\/payments-edge\/\[\.\.\.path\]/);
    expect(build.output).toMatch(/ƒ \/(\s|$)/m); // the page renders per request, with the runtime's env
  });

  // Here, not in test/docs/codeBlocks.node.test.ts: this install is the one place `next` and its
  // types are, at the version the example pins. The guide's blocks are compiled as a file of this
  // app would be (its tsconfig.json, and the next-env.d.ts `next build` wrote), against the packed
  // kit's published types. A whole-program type check of Next's and the kit's declarations takes
  // whatever the machine gives it (seconds when idle, far more beside a build): its bound is
  // sized for a busy machine, above this block's 30 s.
  it("should compile every ts and tsx block of docs/nextjs.md as written, against Next's own types and the packed kit", { timeout: 120_000 }, async () => {
    const nextEnv = path.join(appDir!, 'next-env.d.ts');
    expect(ts.sys.fileExists(nextEnv), 'next build writes next-env.d.ts').toBe(true);
    const { config } = ts.readConfigFile(path.join(appDir!, 'tsconfig.json'), (file) => ts.sys.readFile(file)) as { config: unknown };
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, appDir!);
    const blocks = blocksOf('docs/nextjs.md');
    expect(blocks.filter((block) => block.code.includes("from 'next/")).length, 'the guide imports next/…').toBeGreaterThan(0);
    expect(await compileBlocks(blocks, path.join(appDir!, 'doc-blocks'), { ...options, incremental: false }, [nextEnv])).toEqual([]);
  });

  it('should server-render all five components and hydrate onto the same nodes', async () => {
    for (const className of ['pk-transaction', 'pk-volume', 'pk-confirm', 'pk-flow', 'pk-transfers']) expect(documentHtml).toContain(className);
    await page.locator('.pk-transaction[data-state="success"]').waitFor();
    const kept = await page.evaluate(() => {
      const seen = window as unknown as { __serverGrid?: Element | null };
      return seen.__serverGrid != null && seen.__serverGrid === document.querySelector('.grid');
    });
    expect(kept).toBe(true);
  });

  it('should hold the transaction, the volume and the transfers in the server HTML, prefetched in-process, and read none on load', () => {
    const text = documentHtml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Transaction ${sandboxIds.transactions.created}`);
    expect(text).toContain('$1,250.00');
    expect(text).toContain('Acme Supplies');
    expect(text).toContain(money(volumeFor('month', 'receive', 'UTC')));
    expect(documentHtml).not.toContain('data-state="loading"');
    // The transfer list's first page: five completed transfers, prefetched as the list asks for it.
    expect(documentHtml.match(/role="option"/g)).toHaveLength(5);
    expect(proxyCallsOnLoad).toEqual([]);
  });

  it('should render a transaction outside the grant as not granted in the server HTML', async () => {
    // No JavaScript: the HTML as the server sent it.
    const html = await (await fetch(`${appUrl}/outside-grant`)).text();
    expect(html).toContain('pk-transaction');
    expect(html).toContain('data-state="error"');
    expect(html).not.toContain('data-state="loading"');
    expect(html.replace(/&#x27;/g, "'")).toContain(messagesEn.notGrantedTitle);
    expect(sandbox.callsFor('getTransaction').filter((call) => call.path.endsWith('/1004'))).toEqual([]);
  });

  it('should show the sandbox transaction and the month volume through /api/payments', async () => {
    await page.getByRole('heading', { name: `Transaction ${sandboxIds.transactions.created}` }).waitFor();
    await page.locator('.pk-transaction').getByText('$1,250.00').first().waitFor();
    await page.locator('.pk-transaction').getByText('Acme Supplies').waitFor();
    const volume = money(volumeFor('month', 'receive', 'UTC'));
    await page.locator('.pk-volume').getByText(volume, { exact: true }).waitFor();
    expect(sandbox.callsFor('getTransaction').length).toBeGreaterThan(0);
    expect(sandbox.callsFor('getTransactionVolume').length).toBeGreaterThan(0);
    // What reached the sandbox carried the runtime's credentials: the env of `next start`, not of the build.
    const basic = `basic ${Buffer.from(`${credentials.clientId}:${credentials.apiKey}`).toString('base64')}`;
    expect(sandbox.callsFor('getTransaction')[0]!.headers.authorization?.toLowerCase()).toBe(basic.toLowerCase());
  });

  it('should send one confirm upstream for a burst of 20 clicks and show the outcome', async () => {
    const confirm = page.locator('.pk-confirm');
    const button = confirm.getByRole('button', { name: 'Confirm payment' });
    await button.waitFor();
    const box = (await button.boundingBox())!;
    await Promise.all(Array.from({ length: 20 }, () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)));
    await confirm.getByText('Succeeded', { exact: true }).waitFor();
    await confirm.getByText('$109.99').waitFor();
    const calls = sandbox.callsFor('confirmPaymentIntent');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toContain(sandboxIds.paymentIntents.succeeded);
    expect(calls[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("should start a flow and load the sandbox's hosted page in the iframe", async () => {
    const flow = page.locator('.pk-flow');
    await flow.getByRole('button', { name: 'Start' }).click();
    const iframe = flow.locator('iframe.pk-flow-frame');
    await iframe.waitFor();
    expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(sandboxServer!.url);
    await flow.frameLocator('iframe.pk-flow-frame').getByRole('heading', { name: 'Set up your account' }).waitFor();
    await expect(flow.locator('.pk-progress__label').textContent()).resolves.toBe('Step 1 of 3');
    expect(sandbox.callsFor('createFlow')).toHaveLength(1);
  });

  it('should send the session the server page minted with every call to /api/payments', async () => {
    // A request's headers are read after its event: wait for those reads.
    await Promise.all(watch.pending);
    const proxyCalls = watch.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/payments/'));
    // The reads on load were the server's (in-process); the confirm, the flow and the reads after the confirm were the page's.
    expect(proxyCalls.length).toBeGreaterThan(1);
    expect(proxyCalls.filter((r) => !('payments-session' in r.headers)).map((r) => r.url)).toEqual([]);
  });

  it('should refuse both routes to a caller without a session (401), and answer the edge route with one', async () => {
    // A transaction the page does not show: the page's own transaction is live (its transfer is
    // `created`) and read again every few seconds, so its reads would join the count at any time.
    const id = sandboxIds.transactions.completed;
    const upstreamReads = () => sandbox.callsFor('getTransaction').filter((call) => call.path.endsWith(`/${id}`));
    const before = upstreamReads().length;
    const { token } = await createPaymentsSession({ secret: sessionSecret, audience: sessionAudience, subject: 'user_1', allow: { transactions: [id] } });
    // From this process, not the page: the browser would log each 401 as a console error.
    const read = async (route: string, headers: Record<string, string>) => {
      const response = await fetch(`${appUrl}${route}/api/v2/transactions/${id}`, { headers });
      return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as { id?: number; error?: { code?: string } } };
    };
    const answers = {
      node: await read('/api/payments', {}),
      edge: await read('/api/payments-edge', {}),
      edgeWithSession: await read('/api/payments-edge', { 'payments-session': token }),
    };
    expect(answers.node).toMatchObject({ status: 401, body: { error: { code: 'session_required' } } });
    expect(answers.edge).toMatchObject({ status: 401, body: { error: { code: 'session_required' } } });
    expect(answers.edgeWithSession).toEqual({ status: 200, cache: 'no-store', body: expect.objectContaining({ id: Number(id) }) as unknown });
    expect(upstreamReads()).toHaveLength(before + 1);
  });

  it('should never expose the credentials, send an Authorization header, log an error or warn about hydration', async () => {
    await page.waitForTimeout(300); // late reports and listeners
    await Promise.all(watch.pending);
    expect(watch.requests.length).toBeGreaterThan(10);
    expect(watch.requests.filter((r) => 'authorization' in r.headers).map((r) => r.url)).toEqual([]);
    expect(watch.exposures).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    // React's production build reports a mismatch as an uncaught "Minified React error #418".
    const hydration = /hydrat|did not match|#418|#423|#425/i;
    expect([...watch.consoleMessages, ...watch.pageErrors].filter((text) => hydration.test(text))).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });
});
