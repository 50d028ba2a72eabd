// The demo as its end-to-end tests start it: built when its sources are newer than its last
// build, by whichever of its files runs first (they may run at once, in two workers), then
// started on that build.
import { stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemo, startDemo, type Demo, type DemoOptions } from '../../examples/dashboard/server.js';
import { buildInputs, newestMtime } from '../../scripts/distIsFresh.js';
import { withFileLock } from '../support/fileLock.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the demo's build reads: its page, and what the kit's build reads. */
const inputs = [
  ...buildInputs,
  'examples/dashboard/src',
  'examples/dashboard/index.html',
  'examples/dashboard/elements.html',
  'examples/dashboard/elements.css',
  'examples/dashboard/vite.config.ts',
].map((input) => path.join(root, input));
/** Written after each build, dated when it started: the build is fresh while that is after every input's change. */
const builtAt = path.join(root, 'node_modules/.cache/payments-kit-demo-build');

/** `startDemo` on a build of the demo made from the sources as they are now. */
export async function startBuiltDemo(options: Omit<DemoOptions, 'build'> = {}): Promise<Demo> {
  await withFileLock('payments-kit-demo-build', async () => {
    const built = (await stat(builtAt).catch(() => undefined))?.mtimeMs ?? 0;
    if (built > (await newestMtime(inputs))) return;
    // Dated before the build, so that a source saved while it ran makes the next test build again.
    const startedAt = new Date();
    await buildDemo();
    await writeFile(builtAt, startedAt.toISOString());
    await utimes(builtAt, startedAt, startedAt);
  });
  return startDemo({ ...options, build: false });
}
