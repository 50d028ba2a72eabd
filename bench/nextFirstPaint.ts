// npm run bench:next — data on first paint in Next.js: navigation start → the transaction's
// formatted amount and the volume figure on screen, for examples/next-app-router's home page
// (prefetched on the server through the proxy in-process) against its /client-fetched page (the
// same panel, read by the browser through /api/payments after hydration), measured side by side
// in one run and printed with the machine's load average. Not part of `npm test`.
//
// How: the example as integrators get it (test/e2e/packedKit.ts: the package built unless dist/
// is fresh, packed, the example copied outside the repository and installed on the tarball),
// `next build`, then `next start` on 127.0.0.1 with its PAYMENTS_* variables pointing at a
// sandbox this process serves. Debian's Chromium loads the two pages in turn through
// playwright-core, each load in a new browser context (a first visit: no HTTP or code cache
// carried over). A script injected before the page's own finds the moment both texts are in the
// DOM, then waits for the frame that paints them (a requestAnimationFrame, then a task queued
// from it, which runs after that frame); the figure is performance.now() there, whose origin is
// the navigation's start.
//
// Environment (defaults in brackets): BENCH_NEXT_LOADS [30] measured loads per page after
// BENCH_NEXT_WARMUP [5] per page; CHROMIUM_PATH overrides /usr/bin/chromium.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createSandbox, volumeFor } from '../src/testing/index.js';
import { startSandboxServer, type SandboxServer } from '../src/testing/node.js';
import { cleanEnv, installExample, mustSucceed, packedKit, run, seconds, startNextApp } from '../test/e2e/packedKit.js';
import { launchChromium } from '../test/e2e/watchPage.js';
import { freePort } from '../test/support/freePort.js';
import { summarize, type Summary } from './ui/stats.js';

const LOADS = Number(process.env.BENCH_NEXT_LOADS ?? 30);
const WARMUP = Number(process.env.BENCH_NEXT_WARMUP ?? 5);

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** What "data on screen" means: each selector's text holds its figure (the sandbox's transaction 1001, the month's volume). */
const DATA: [selector: string, text: string][] = [
  ['.pk-transaction', '$1,250.00'],
  ['.pk-volume', money(volumeFor('month', 'receive', 'UTC'))],
];
const SIDES = [
  { name: 'prefetched', route: '/' },
  { name: 'client-fetched', route: '/client-fetched' },
] as const;

interface Load {
  /** ms from navigation start to both texts in the DOM. */
  inDom: number;
  /** ms from navigation start to the end of the frame that painted them. */
  painted: number;
  /** Requests the page sent to /api/payments until the data was on screen and read back. */
  proxyReads: number;
}

/**
 * Runs in each page before its own scripts. Plain source, not a function of this file: tsx keeps
 * function names with a helper the page does not have.
 */
const watchForData = `(() => {
  const data = ${JSON.stringify(DATA)};
  const shown = () => data.every(([selector, text]) => document.querySelector(selector)?.textContent.includes(text) === true);
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    const inDom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (window.__dataOnScreen = { inDom, painted: performance.now() });
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript({ content: watchForData });
    const page = await context.newPage();
    let proxyReads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/payments/')) proxyReads += 1;
    });
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => (window as unknown as { __dataOnScreen?: unknown }).__dataOnScreen, undefined, { timeout: 30_000 });
    const { inDom, painted } = (await handle.jsonValue()) as { inDom: number; painted: number };
    return { inDom, painted, proxyReads };
  } finally {
    await context.close();
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

const ms = (summary: Summary) => `${summary.median.toFixed(1)} ms (p10–p90 ${summary.p10.toFixed(1)}–${summary.p90.toFixed(1)})`;
const load1 = () => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = load1();
  let appDir: string | undefined;
  let sandboxServer: SandboxServer | undefined;
  let next: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const packed = await packedKit();
    const installed = await installExample('next-app-router', packed.tarball);
    appDir = installed.dir;
    const nextBin = path.join(appDir, 'node_modules/next/dist/bin/next');
    const build = mustSucceed('next build', await run(process.execPath, [nextBin, 'build'], appDir, cleanEnv()));
    console.log(`${packed.timings.join(', ')}, npm install ${seconds(installed.install.ms)}, next build ${seconds(build.ms)}`);

    const credentials = { clientId: 'bench_next', apiKey: `key_${randomUUID()}` };
    sandboxServer = await startSandboxServer({ sandbox: createSandbox({ credentials }) });
    const origin = `http://127.0.0.1:${String(await freePort())}`;
    const nextApp = await startNextApp(
      appDir,
      Number(new URL(origin).port),
      {
        baseUrl: sandboxServer.url,
        clientId: credentials.clientId,
        apiKey: credentials.apiKey,
        sessionSecret: `bench-next-session-secret-${randomUUID()}`,
        sessionAudience: 'bench-next',
      },
      30_000,
    );
    next = nextApp.process;

    // Each page what it claims to be: the data in the prefetched page's HTML only.
    for (const side of SIDES) {
      const html = await (await fetch(origin + side.route)).text();
      const holdsData = DATA.every(([, text]) => html.includes(text));
      if (holdsData !== (side.name === 'prefetched')) throw new Error(`${side.route}: its server HTML ${holdsData ? 'holds' : 'lacks'} the data, unlike a ${side.name} page`);
    }

    browser = await launchChromium();
    const loads = new Map<string, Load[]>(SIDES.map((side) => [side.name, []]));
    for (let round = 0; round < WARMUP + LOADS; round += 1) {
      // Alternating, and each round in the other order, so drift on the machine falls on both.
      for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
        const measured = await load(browser, origin + side.route);
        if (round >= WARMUP) loads.get(side.name)!.push(measured);
      }
    }

    const painted = new Map(SIDES.map((side) => [side.name, summarize(loads.get(side.name)!.map((l) => l.painted), 1)]));
    const prefetched = painted.get('prefetched')!;
    const clientFetched = painted.get('client-fetched')!;
    console.log(`\nnavigation start → transaction amount and volume figure painted (${String(LOADS)} loads per page after ${String(WARMUP)}, alternating; median, p10–p90)`);
    for (const side of SIDES) {
      const measured = loads.get(side.name)!;
      const inDom = summarize(measured.map((l) => l.inDom), 1);
      const reads = [...new Set(measured.map((l) => l.proxyReads))].join('/');
      console.log(`  ${side.name.padEnd(15)} ${side.route.padEnd(16)} ${ms(painted.get(side.name)!)}; in the DOM ${ms(inDom)}; reads to /api/payments on load: ${reads}`);
    }
    console.log(`  ratio of medians, prefetched / client-fetched: ${(prefetched.median / clientFetched.median).toFixed(2)}`);
    console.log(`\nmachine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(cpus().length)} cores; load average (1 min) ${loadAtStart} at the start, ${load1()} at the end; Node ${process.version}, Chromium ${browser.version()}; ${seconds(performance.now() - started)}`);
  } finally {
    await browser?.close();
    if (next) await stopGroup(next);
    await sandboxServer?.close();
    if (appDir) await rm(appDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
