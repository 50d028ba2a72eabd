// A lock between the test processes that share one checkout: two files that run at once in
// different workers, and need one build of something, take turns.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lock } from 'proper-lockfile';

const cacheDir = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));

/**
 * Runs `work` while holding the lock `name` (proper-lockfile, in node_modules/.cache). A lock
 * whose holder is gone (a run killed midway) goes stale and is taken over.
 */
export async function withFileLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  await mkdir(cacheDir, { recursive: true });
  const release = await lock(cacheDir, {
    lockfilePath: path.join(cacheDir, `${name}.lock`),
    // A build takes a minute or two on a busy machine: wait for it, checking each second.
    retries: { retries: 600, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}
