// The bench page for the diagnostic scripts (bench/retained.ts, bench/renderProfile.ts): built
// unminified, so that a heap snapshot or a CPU profile names constructors and functions, served
// with the bench's proxy and sandbox, and opened in Chromium with `window.paymentsBench` ready.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildBenchPage } from './build.js';
import { startBenchServer, type BenchServer } from './server.js';

export interface DiagnosticPage {
  page: Page;
  server: BenchServer;
  /** Closes the browser and the servers, and removes the built page. */
  close: () => Promise<void>;
}

export async function openDiagnosticPage(name: string): Promise<DiagnosticPage> {
  const pageDir = await mkdtemp(path.join(tmpdir(), `payments-kit-${name}-`));
  await buildBenchPage(pageDir, { minify: false });
  const server = await startBenchServer(pageDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // --expose-gc: the page collects garbage before each timed sample, as in the bench.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--js-flags=--expose-gc'],
  });
  const close = async () => {
    await browser.close();
    await server.close();
    await rm(pageDir, { recursive: true, force: true });
  };
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => window.paymentsBench !== undefined);
    return { page, server, close };
  } catch (error) {
    await close();
    throw error;
  }
}
