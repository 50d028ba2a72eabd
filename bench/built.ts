// The package as integrators run it: bench:proxy and the Redis bench load the server entries from
// dist/ (what `npm run build` writes), not from src/ through tsx. tsx transforms src/ with
// esbuild's keepNames, which wraps every function the proxy creates per request in a naming call;
// dist/ has none of that. `npm run bench:proxy` and `npm run bench` build first.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as ServerEntry from '../src/server/index.js';
import type * as ServerNodeEntry from '../src/server-node/index.js';
import type * as ServerRedisEntry from '../src/server-redis/index.js';
import type * as TestingNodeEntry from '../src/testing/node.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time of any file under `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Throws unless dist/ holds a build at least as new as every file of src/. `npm run bench` checks
 * once when it starts and spawns bench/proxy.ts minutes later with BENCH_BUILD_CHECKED=1: a source
 * saved meanwhile (a working tree others edit) would otherwise void the run's last figure, though
 * every figure of the run was measured on the build checked at its start.
 */
export function assertBuilt(): void {
  if (process.env.BENCH_BUILD_CHECKED === '1') return;
  const marker = path.join(root, 'dist', 'server-node.js');
  let built: number;
  try {
    built = statSync(marker).mtimeMs;
  } catch {
    built = -1;
  }
  if (built < newest(path.join(root, 'src'))) {
    throw new Error('The benchmark runs the built package: dist/ is missing or older than src/. Run `npm run build` first (npm run bench:proxy and npm run bench do).');
  }
}

async function load<T>(file: string): Promise<T> {
  return (await import(new URL(`../dist/${file}`, import.meta.url).href)) as T;
}

export const builtServer = () => load<typeof ServerEntry>('server.js');
export const builtServerNode = () => load<typeof ServerNodeEntry>('server-node.js');
export const builtServerRedis = () => load<typeof ServerRedisEntry>('server-redis.js');
export const builtTestingNode = () => load<typeof TestingNodeEntry>('testing-node.js');
