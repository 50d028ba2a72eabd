// The demo as its end-to-end tests start it: built once per test run, whichever of its files
// runs first (they may run at once, in two workers), then started on that build.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildDemo, startDemo, type Demo, type DemoOptions } from '../../examples/dashboard/server.js';
import { withFileLock } from '../support/fileLock.js';

/** Names the build of this run: vitest.config.ts sets it once, and every worker inherits it. */
const testRun = process.env.PK_TEST_RUN ?? `process ${String(process.pid)}`;
const builtFor = fileURLToPath(new URL('../../node_modules/.cache/payments-kit-demo-build', import.meta.url));

/** `startDemo` on a build of the demo made from this run's sources. */
export async function startBuiltDemo(options: Omit<DemoOptions, 'build'> = {}): Promise<Demo> {
  await withFileLock('payments-kit-demo-build', async () => {
    if ((await readFile(builtFor, 'utf8').catch(() => '')) === testRun) return;
    await buildDemo();
    await writeFile(builtFor, testRun);
  });
  return startDemo({ ...options, build: false });
}
