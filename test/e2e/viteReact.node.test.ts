// End to end: examples/vite-react as docs/spa.md sets it up, installed from the packed tarball.
// server.ts (the proxy and the session route, run by tsx) on one port, Vite's dev server on
// another forwarding /api/payments and /payments-session to it with changeOrigin: false, and a
// sandbox this process serves as the upstream. Chromium loads the page from Vite: the read passes,
// and so does the confirm, which Vite's string shorthand would have had refused (403
// cross_site_refused; test/server/devServerProxy.node.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort.js';
import { cleanEnv, installExample, packedKit, seconds } from './packedKit.js';
import { holdInBrowser, launchChromium, watchPage, type PageWatch } from './watchPage.js';
import { sleep } from '../support/sleep.js';

interface Started {
  child: ChildProcess;
  log: () => string;
}

/** Starts a program of the installed app in its own process group, and waits until `url` answers. */
async function startProgram(dir: string, args: string[], env: Record<string, string>, url: string, timeoutMs: number): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: dir, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${String(child.exitCode)}:\n${log}`);
    // Any answer will do: the program is listening.
    if (await fetch(url, { method: 'HEAD' }).then(() => true, () => false)) return { child, log: () => log };
    await sleep(250);
  }
  throw new Error(`${args.join(' ')} did not answer ${url} within ${String(timeoutMs)} ms:\n${log}`);
}

async function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (child?.pid === undefined || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

const sandbox = createSandbox();
let appDir: string | undefined;
let sandboxServer: SandboxServer | undefined;
let server: Started | undefined;
let vite: Started | undefined;
let browser: Browser | undefined;
let page: Page;
let watch: PageWatch;
let pageUrl: string;
/** Lets go the transaction's later reads, held until the page's first read was counted. */
let releaseLaterReads: () => Promise<void>;

beforeAll(async () => {
  const timings: string[] = [];
  const packed = await packedKit();
  timings.push(...packed.timings);
  const installed = await installExample('vite-react', packed.tarball);
  appDir = installed.dir;
  timings.push(`npm install ${seconds(installed.install.ms)}`);

  sandboxServer = await startSandboxServer({ sandbox });
  const serverPort = await freePort();
  const serverUrl = `http://127.0.0.1:${String(serverPort)}`;
  const startedAt = performance.now();
  server = await startProgram(
    appDir,
    [path.join(appDir, 'node_modules/tsx/dist/cli.mjs'), 'server.ts'],
    {
      PORT: String(serverPort),
      PAYMENTS_BASE_URL: sandboxServer.url,
      PAYMENTS_LEGACY_BASE_URL: sandboxServer.url,
      PAYMENTS_CLIENT_ID: sandbox.credentials.clientId,
      PAYMENTS_API_KEY: sandbox.credentials.apiKey,
      PAYMENTS_SESSION_SECRET: 'vite-react-e2e-session-secret-of-32-bytes',
    },
    serverUrl,
    30_000,
  );
  const vitePort = await freePort();
  pageUrl = `http://127.0.0.1:${String(vitePort)}`;
  vite = await startProgram(
    appDir,
    [path.join(appDir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', String(vitePort), '--strictPort'],
    { SERVER_URL: serverUrl },
    pageUrl,
    30_000,
  );
  timings.push(`server.ts and vite ready ${seconds(performance.now() - startedAt)}`);
  console.log(`vite-react e2e: ${timings.join(', ')}`);

  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watch = watchPage(page, [sandbox.credentials.clientId, sandbox.credentials.apiKey]);
  // The transaction's transfer is `created`, still under way: the card reads it again 5 s after
  // its answer, then less often. A read the page sends once it has that answer is such a read:
  // held in the browser until the first test has counted, so a busy machine slow to draw the
  // answer cannot add one to the count. (The answer's event comes before the later request's on
  // the one connection to the browser; any read sent before the answer still goes through.)
  const isRead = (url: URL) => url.pathname.endsWith(`/transactions/${sandboxIds.transactions.created}`);
  let answered = false;
  page.on('response', (response) => {
    if (isRead(new URL(response.url()))) answered = true;
  });
  releaseLaterReads = await holdInBrowser(page, isRead, () => answered);
  await page.goto(pageUrl);
  await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await stop(vite);
  await stop(server);
  await sandboxServer?.close();
  if (appDir) await rm(appDir, { recursive: true, force: true });
}, 30_000);

// Vite compiles the page's modules on first load: generous bounds for two shared cores.
describe('given the Vite + React app of docs/spa.md beside its server', { timeout: 60_000 }, () => {
  it('should show the transaction, read through the dev server and the proxy', async () => {
    await page.getByRole('heading', { name: `Transaction ${sandboxIds.transactions.created}` }).waitFor({ timeout: 45_000 });
    // The heading is drawn over the skeleton too: count the read once the card shows its answer.
    await page.locator('.pk-transaction[data-state="success"]').getByText('Acme Supplies').waitFor({ timeout: 45_000 });
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
    await releaseLaterReads();
  });

  it('should confirm: its POST, with the page’s Origin, passes the proxy’s cross-site check', async () => {
    const confirm = page.locator('.pk-confirm');
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await confirm.getByText('Succeeded', { exact: true }).waitFor();
    const calls = sandbox.callsFor('confirmPaymentIntent');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toContain(sandboxIds.paymentIntents.succeeded);
    // A request's headers and a response's body are read after their events: wait for those reads.
    await Promise.all(watch.pending);
    // The confirm's own request: the page's module scripts carry an Origin too (the lazily loaded
    // chunk of the button's answer view among them, whatever its file is called).
    const confirms = watch.requests.filter((r) => new URL(r.url).pathname.endsWith(`/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`));
    expect(confirms.map((r) => r.headers.origin)).toEqual([pageUrl]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(watch.exposures).toEqual([]);
  });
});
