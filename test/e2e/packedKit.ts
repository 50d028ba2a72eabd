// What the end-to-end tests of the examples share: the package as `npm pack` ships it, an example
// copied outside the repository and installed on that tarball, and its processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsFresh as distIsFreshIn } from '../../scripts/distIsFresh.js';
import { installApp, mustSucceed, packedTarball, run, type Run } from '../../scripts/packKit.js';
import { withFileLock } from '../support/fileLock.js';
import { sleep } from '../support/sleep.js';

export { mustSucceed, run, type Run };

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The environment without NODE_ENV (vitest sets `test`; the programs want to choose) or any PAYMENTS_*. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1' };
  for (const [key, value] of Object.entries(process.env)) {
    if (key !== 'NODE_ENV' && !key.startsWith('PAYMENTS_')) env[key] = value;
  }
  return { ...env, ...extra };
}

const distIsFresh = () => distIsFreshIn(root);

/**
 * The package's tarball: dist/ built unless fresh, then packed (the prepack script then finds it
 * fresh and does not build again), once for every test file that
 * installs an example and for the consumer check (`packedTarball`). Returns its path and what was done.
 */
export async function packedKit(): Promise<{ tarball: string; timings: string[] }> {
  // The processes project runs two files at a time: the first to get here builds and packs, the
  // other waits and reuses what it made.
  return withFileLock('payments-kit-pack', async () => {
    const timings: string[] = [];
    if (await distIsFresh()) timings.push('package build: dist/ is fresh, reused');
    else timings.push(`package build ${seconds(mustSucceed('npm run build', await run('npm', ['run', 'build'], root, cleanEnv())).ms)}`);
    const packed = await packedTarball(root, cleanEnv());
    timings.push(packed.reused ? 'npm pack: tarball of this dist/ reused' : `npm pack ${seconds(packed.ms)}`);
    return { tarball: packed.tarball, timings };
  });
}

/**
 * A copy of `examples/<name>` in a temporary folder, without anything a local run may have left,
 * with `payments-kit` pointing at `tarball` and its dependencies installed (from npm's cache
 * first: everything but the tarball is what the root's `npm ci` already fetched).
 */
export async function installExample(name: string, tarball: string): Promise<{ dir: string; install: Run }> {
  const exampleDir = path.join(root, 'examples', name);
  const dir = await mkdtemp(path.join(tmpdir(), `payments-kit-${name}-`));
  await cp(exampleDir, dir, {
    recursive: true,
    filter: (source) => !/(^|\/)(node_modules|dist|\.next|next-env\.d\.ts|[^/]*\.tgz|[^/]*\.tsbuildinfo|\.env[^/]*\.local)$/.test(path.relative(exampleDir, source)),
  });
  await cp(tarball, path.join(dir, path.basename(tarball)));
  const manifestPath = path.join(dir, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['payments-kit'] = `file:./${path.basename(tarball)}`;
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  const install = await installApp(dir, cleanEnv());
  return { dir, install };
}

export interface ExampleServer {
  url: string;
  process: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `node server.mjs` of an installed example on 127.0.0.1 and a free port (PORT=0): its
 * URL is the first `http://127.0.0.1:…` it prints.
 */
export async function startExampleServer(dir: string, env: Record<string, string>, timeoutMs: number): Promise<ExampleServer> {
  return startProgram(['server.mjs'], dir, cleanEnv({ HOST: '127.0.0.1', PORT: '0', ...env }), timeoutMs);
}

/**
 * Starts `node <args>` in `cwd` with exactly `env`, a server that prints its address once it
 * listens: resolves with the first `http://127.0.0.1:…` it prints (a trailing `/` left out).
 */
export async function startProgram(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ExampleServer> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const name = args.join(' ');
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} printed no URL within ${String(timeoutMs)} ms:\n${log}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(log)?.[0];
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited ${String(code)}:\n${log}`));
    });
  });
  return {
    url,
    process: child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** What `next start` of the Next.js example reads at run time: the payments API and the payment sessions. */
export interface NextPaymentsEnv {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  sessionSecret: string;
  sessionAudience: string;
}

/**
 * Runs `next start` of an installed and built Next.js example on 127.0.0.1:`port` with its
 * PAYMENTS_* variables, in a process group of its own (so stopping the group ends what it
 * started), and resolves once `/icon.svg` answers. Its output is kept for the error messages.
 */
export async function startNextApp(appDir: string, port: number, payments: NextPaymentsEnv, timeoutMs: number): Promise<{ process: ChildProcess; log: () => string }> {
  const nextBin = path.join(appDir, 'node_modules/next/dist/bin/next');
  const child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: appDir,
    env: cleanEnv({
      PAYMENTS_BASE_URL: payments.baseUrl,
      PAYMENTS_LEGACY_BASE_URL: payments.baseUrl,
      PAYMENTS_CLIENT_ID: payments.clientId,
      PAYMENTS_API_KEY: payments.apiKey,
      PAYMENTS_SESSION_SECRET: payments.sessionSecret,
      PAYMENTS_SESSION_AUDIENCE: payments.sessionAudience,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const ready = `http://127.0.0.1:${String(port)}/icon.svg`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited ${String(child.exitCode)}:\n${log}`);
    if (await fetch(ready).then((r) => r.ok, () => false)) return { process: child, log: () => log };
    await sleep(250);
  }
  throw new Error(`next start did not answer ${ready} within ${String(timeoutMs)} ms:\n${log}`);
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
