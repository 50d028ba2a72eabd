// `npm pack` and `npm publish` run this first: a fresh clone has no dist/, and a tarball without
// it holds only package.json and the README. A dist/ built from the current sources is kept
// (the end-to-end tests build just before they pack, and `check:package`, which runs this too,
// comes after them in `npm test`). The build's output goes to stderr, so that `npm pack --json`
// still prints only its JSON on stdout.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsFresh } from './distIsFresh.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (await distIsFresh(root)) {
  console.error('prepack: dist/ is newer than its sources, packed as it is');
} else {
  console.error('prepack: building dist/ (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
