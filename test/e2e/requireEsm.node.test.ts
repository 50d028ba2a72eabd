// A CommonJS project (no "type": "module"), installed from the packed tarball: `require()` of the
// server and testing entries works on the Node versions the kit supports (≥ 20.19 loads ES
// modules with require), and so does `npx tsx server.ts`, which compiles `import` to `require`
// there. Before the entries had a `default` condition, both failed with a misleading
// ERR_PACKAGE_PATH_NOT_EXPORTED (docs/getting-started.md#commonjs). The same project bundles
// every entry of the package as a workspace holds it, without a warning.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, mustSucceed, packedKit, root, run } from './packedKit.js';

/** Mints a session, and reads a transaction through the proxy in front of the in-memory sandbox. */
const serverSource = (load: string) => `${load}
const sandbox = createSandbox();
const secret = 'a-secret-of-at-least-32-bytes-from-the-env';
const proxy = createPaymentsProxy({ baseUrl: 'http://sandbox.test', legacyBaseUrl: 'http://sandbox.test', credentials: sandbox.credentials, fetch: sandbox.fetch, sessions: { secret, audience: 'https://shop.example' } });
createPaymentsSession({ secret, audience: 'https://shop.example', subject: 'user_1', allow: { transactions: ['1001'] } })
  .then(({ token }) => proxy(new Request('http://app.test/api/payments/api/v2/transactions/1001', { headers: { 'payments-session': token } })))
  .then(async (response) => console.log('getTransaction ' + response.status + ' ' + (await response.json()).id + ' ' + typeof toNodeHandler + ' ' + typeof startSandboxServer));
`;

let dir: string;

beforeAll(async () => {
  const { tarball } = await packedKit();
  dir = await mkdtemp(path.join(tmpdir(), 'payments-kit-cjs-'));
  // No "type": CommonJS, as `npm init` writes it.
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, dependencies: { 'payments-kit': `file:${tarball}` } }));
  mustSucceed('npm install', await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], dir, cleanEnv()));
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('given a CommonJS project on the packed kit', () => {
  it('should require() the server and testing entries and proxy a read through them', async () => {
    await writeFile(
      path.join(dir, 'server.js'),
      serverSource(`const { createPaymentsProxy, createPaymentsSession, toNodeHandler } = require('payments-kit/server/node');
const { createSandbox } = require('payments-kit/testing');
const { startSandboxServer } = require('payments-kit/testing/node');
require('payments-kit/server');`),
    );
    const result = await run(process.execPath, ['server.js'], dir, cleanEnv());
    expect(result.output).not.toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('getTransaction 200 1001 function function');
  });

  it('should run a server.ts with imports through `npx tsx server.ts`', async () => {
    await writeFile(
      path.join(dir, 'server.ts'),
      serverSource(`import { createPaymentsProxy, createPaymentsSession, toNodeHandler } from 'payments-kit/server/node';
import { createSandbox } from 'payments-kit/testing';
import { startSandboxServer } from 'payments-kit/testing/node';`),
    );
    const result = await run(path.join(root, 'node_modules/.bin/tsx'), ['server.ts'], dir, cleanEnv());
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('getTransaction 200 1001 function function');
  });
});

describe('given the packed kit in a workspace that bundles it', () => {
  // esbuild is what tsup, serverless bundlers and Vite's dependency scan use. Outside
  // node_modules, where a workspace links a package, it warns of an import left bare of a module
  // the package declares free of side effects: what a build leaves where it inlined a constant, or
  // dropped the only use of an import.
  // The package as a workspace holds it, its dependencies in the project's node_modules above.
  let kit: string;
  beforeAll(async () => {
    const { tarball } = await packedKit();
    const workspace = path.join(dir, 'workspace');
    await mkdir(workspace, { recursive: true });
    mustSucceed('tar', await run('tar', ['-xzf', tarball, '-C', workspace], dir, cleanEnv()));
    kit = path.join(workspace, 'package');
  });

  it.each(['node', 'browser'] as const)('should bundle every entry for %s without a warning', async (platform) => {
    const manifest = JSON.parse(await readFile(path.join(kit, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; peerDependencies: Record<string, string> };
    const entries = Object.keys(manifest.exports)
      .filter((key) => !/\.css$|package\.json$/.test(key))
      .map((key) => key.replace(/^\./, 'payments-kit'))
      .filter((entry) => platform === 'node' || !/\/(server|testing\/node)(\/|$)/.test(entry));
    expect(entries).toContain('payments-kit/elements');
    const result = await build({
      // Imported by the package's own name from inside it (a self-reference), as its workspace does.
      stdin: { contents: entries.map((entry, index) => `export * as entry${index} from '${entry}';`).join('\n'), resolveDir: kit, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform,
      external: Object.keys(manifest.peerDependencies),
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((warning) => `${warning.text} (${warning.location?.file ?? ''})`)).toEqual([]);
  });
});
