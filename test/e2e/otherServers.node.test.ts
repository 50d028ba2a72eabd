// End to end, docs/other-servers.md as a Python app lives it: the packed tarball installed into a
// copy of examples/python, `npx payments-kit proxy --sandbox` as its own process, and
// examples/python/app.py (standard library and Debian's python3-jwt) rendering the page with a
// session minted in Python (docs/session-token.md) and routing /api/payments/ and /payments-kit/
// to the proxy. Debian's Chromium loads the page under `default-src 'self'`, the standalone
// elements file checked against the integrity value the proxy printed, sees the transaction
// and confirms the payment intent.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { sandboxCredentials } from 'payments-kit/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, installExample, packedKit, seconds } from './packedKit.js';
import { launchChromium, watchPage, type PageWatch } from './watchPage.js';
import { sleep } from '../support/sleep.js';

const python = '/usr/bin/python3';
const sessionEnv = { PAYMENTS_SESSION_SECRET: 'the python page e2e session secret, 32+ bytes', PAYMENTS_SESSION_AUDIENCE: 'http://127.0.0.1:8000' };

interface Started {
  child: ChildProcess;
  output: () => string;
  /** The first match of `text` in the output, once printed; fails if the process exits first or nothing comes in `timeoutMs`. */
  printed: (text: RegExp, timeoutMs: number) => Promise<RegExpExecArray>;
  stop: () => Promise<number | null>;
}

/** Starts a program in a process group of its own (npx runs the proxy as its child), its output kept. */
function start(command: string, args: string[], cwd: string, env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd, env: cleanEnv({ HOST: '127.0.0.1', PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    output: () => output,
    printed: async (text, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = text.exec(output);
        if (found !== null) return found;
        if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited ${String(child.exitCode)}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${command} ${args.join(' ')} printed no ${String(text)} within ${String(timeoutMs)} ms:\n${output}`);
        await sleep(100);
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // To the whole group, as Ctrl-C in a terminal does: npx runs the program through a shell
        // that would not pass a signal sent to npx alone on to it.
        process.kill(-child.pid!, 'SIGINT');
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

let dir: string | undefined;
let proxy: Started | undefined;
let app: Started | undefined;
let browser: Browser | undefined;
let page: Page;
let watch: PageWatch;
let integrity: string;
let proxyUrl: string;
const csp: string[] = [];

beforeAll(async () => {
  if (!existsSync(python)) throw new Error(`${python} is missing: apt-get install -y python3 python3-jwt (.ci/run installs it).`);
  const begun = performance.now();
  const { tarball, timings } = await packedKit();
  const installed = await installExample('python', tarball);
  dir = installed.dir;
  timings.push(`npm install ${seconds(installed.install.ms)}`);
  // The command docs/other-servers.md gives, from the app's folder.
  proxy = start('npx', ['--no', 'payments-kit', 'proxy', '--sandbox'], dir, sessionEnv);
  proxyUrl = (await proxy.printed(/payments-kit proxy listening on (http:\/\/127\.0\.0\.1:\d+)/, 60_000))[1]!;
  integrity = (await proxy.printed(/elements-standalone\.js integrity="(sha384-[A-Za-z0-9+/=]+)"/, 10_000))[1]!;
  app = start(python, ['app.py'], dir, { ...sessionEnv, PAYMENTS_PROXY_URL: proxyUrl, PAYMENTS_ELEMENTS_INTEGRITY: integrity });
  const appUrl = (await app.printed(/Python checkout page: (http:\/\/127\.0\.0\.1:\d+)/, 30_000))[1]!;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  watch = watchPage(page, [sandboxCredentials.apiKey]);
  await page.exposeFunction('__reportCsp', (violation: string) => csp.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportCsp: (v: string) => Promise<void> }).__reportCsp(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto(appUrl);
  expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self';/);
  console.log(`Python page e2e: ${timings.join(', ')}, ready after ${seconds(performance.now() - begun)}`);
  // Pack (or a build when dist/ is stale), install, two processes and a cold Chromium on a busy two-core machine.
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await proxy?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('given a Python page beside `payments-kit proxy --sandbox`', { timeout: 60_000 }, () => {
  it('should load the elements from the proxy process, matching the integrity value it printed', async () => {
    const defined = await page.evaluate(() => customElements.get('payments-provider') !== undefined);
    expect(defined).toBe(true);
    await expect(page.locator('script[src="/payments-kit/elements-standalone.js"]').getAttribute('integrity')).resolves.toBe(integrity);
  });

  it('should show the transaction the Python session grants', async () => {
    const detail = page.locator('payments-transaction-detail');
    await detail.locator('.pk-transaction[data-state="success"]').getByRole('heading', { name: 'Transaction 1001' }).waitFor();
  });

  it('should confirm the payment intent and announce it', async () => {
    const confirm = page.locator('payments-confirm-button');
    await confirm.getByRole('button', { name: 'Pay $109.99' }).click();
    await confirm.getByText('Succeeded', { exact: true }).waitFor();
    await page.locator('#events').getByText('payments-confirmed: pi_succeeded succeeded').waitFor();
  });

  it('should send the Python-minted session with every call, and meet no error, CSP violation or exposed credential', async () => {
    await Promise.all(watch.pending);
    const proxied = watch.requests.filter((request) => new URL(request.url).pathname.startsWith('/api/payments/'));
    expect(proxied.length).toBeGreaterThanOrEqual(2);
    expect(proxied.filter((request) => !('payments-session' in request.headers))).toEqual([]);
    expect(watch.requests.filter((request) => 'authorization' in request.headers)).toEqual([]);
    expect(csp).toEqual([]);
    expect([...watch.consoleErrors, ...watch.pageErrors]).toEqual([]);
    expect(watch.exposures).toEqual([]);
    // Nothing refused: the proxy logged no error answer.
    expect(proxy!.output()).not.toMatch(/payments-kit proxy: \d{3} /);
  });

  it('should stop the proxy process on Ctrl-C, its port closed', async () => {
    await proxy!.stop();
    // npx's own end is npm's; the program's exit code (0) is checked in test/cli/proxyProcess.node.test.ts.
    expect(proxy!.output()).toContain('payments-kit proxy: SIGINT, finishing the requests in flight');
    expect(proxy!.output()).not.toContain('still in flight');
    await expect.poll(() => fetch(`${proxyUrl}/healthz`).then(() => 'listening', () => 'closed')).toBe('closed');
  });
});
