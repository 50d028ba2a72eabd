// The package as an integrator gets it: `npm pack`, then `npm install` in an app outside the
// repository. Shared by the consumer check (scripts/checkConsumer.ts) and the examples'
// end-to-end tests (test/e2e/packedKit.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { distStamp } from './distIsFresh.js';

export interface Run {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  stdout: string;
  ms: number;
}

/** Runs a command to its end; never rejects on a non-zero exit (the caller decides). */
export async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output, stdout, ms: performance.now() - started };
}

export function mustSucceed(what: string, result: Run): Run {
  if (result.code !== 0) throw new Error(`${what} exited ${String(result.code)}:\n${result.output.slice(-4000)}`);
  return result;
}

export interface Packed {
  /** The tarball's path. */
  tarball: string;
  filename: string;
  /** How many files it holds. */
  files: number;
  /** Its size and the size of what it unpacks to, in bytes. */
  size: number;
  unpackedSize: number;
  ms: number;
}

/**
 * `npm pack` of the package at `root` into `destination` (its prepack script builds dist/ unless
 * fresh, writing only to stderr: stdout is npm's JSON).
 */
export async function packKit(root: string, destination: string, env: NodeJS.ProcessEnv = process.env): Promise<Packed> {
  const packed = mustSucceed('npm pack', await run('npm', ['pack', '--json', '--pack-destination', destination], root, env));
  const [result] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; size: number; unpackedSize: number; files: unknown[] }[];
  if (result === undefined) throw new Error('npm pack produced nothing');
  const { filename, size, unpackedSize, files } = result;
  return { tarball: path.join(destination, filename), filename, files: files.length, size, unpackedSize, ms: packed.ms };
}

/**
 * The tarball of the package at `root` as its dist/ is now: the one packed last, while it is newer
 * than dist/ and package.json, so that the examples' end-to-end tests and the consumer check
 * (`check:package`) pack once between two builds; else `npm pack` (which builds dist/ first
 * unless fresh). `reused` says which.
 */
export async function packedTarball(root: string, env: NodeJS.ProcessEnv = process.env): Promise<{ tarball: string; reused: boolean; ms: number }> {
  const cache = path.join(root, 'node_modules/.cache/payments-kit-pack');
  const existing = (await readdir(cache).catch(() => [])).find((name) => name.endsWith('.tgz'));
  if (existing !== undefined) {
    const tarball = path.join(cache, existing);
    const packedAt = (await stat(tarball)).mtimeMs;
    const builtAt = (await stat(distStamp(root)).catch(() => undefined))?.mtimeMs ?? Infinity;
    if (packedAt > builtAt && (await stat(path.join(root, 'package.json'))).mtimeMs < packedAt) return { tarball, reused: true, ms: 0 };
  }
  await mkdir(cache, { recursive: true });
  const packed = await packKit(root, cache, env);
  return { tarball: packed.tarball, reused: false, ms: packed.ms };
}

/**
 * `npm install` of the app at `dir`, whose package.json names the tarball: from npm's cache
 * first, since everything but the tarball is what the repository's own `npm ci` fetched.
 */
export async function installApp(dir: string, env: NodeJS.ProcessEnv = process.env, options: { ignoreScripts?: boolean } = {}): Promise<Run> {
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', ...(options.ignoreScripts === true ? ['--ignore-scripts'] : [])];
  return mustSucceed('npm install', await run('npm', args, dir, env));
}
