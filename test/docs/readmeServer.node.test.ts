// The README's server runs as written: its Express block, copied out of README.md unchanged but
// for the port (3000 there, a free one here, in its `listen`, its audience and what it prints), started with
// tsx against the sandbox on loopback. What a newcomer does next is done over HTTP: mint the
// page's session, read the granted transaction, confirm the granted intent with the page's
// Origin, create the granted flow, read the volume — and be refused what the session leaves out.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCredentials, sandboxIds } from '../../src/testing/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/testing/node.js';
import { root } from '../e2e/packedKit.js';
import { freePort } from '../support/freePort.js';
import { sleep } from '../support/sleep.js';

/** A project of its own beside the checkout: an ES module package whose `payments-kit` is this one. */
const workDir = path.join(root, 'node_modules/.cache/readme-server');

/** The README's server block: the one that starts Express. */
async function readmeServer(port: number): Promise<string> {
  const readme = await readFile(path.join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!).find((code) => code.includes("from 'express'"));
  if (block === undefined) throw new Error('README.md has no ts block importing express');
  // Its listen, its audience and the address it prints.
  expect(block.match(/\b3000\b/g), 'the README names its port').toHaveLength(3);
  return block.replaceAll(/\b3000\b/g, String(port));
}

let sandbox: SandboxServer | undefined;
let server: ChildProcess | undefined;
let output = '';
let origin: string;

beforeAll(async () => {
  const started = await startSandboxServer({ port: 0 });
  sandbox = started;
  const port = await freePort();
  origin = `http://127.0.0.1:${String(port)}`;
  await rm(workDir, { recursive: true, force: true });
  await mkdir(path.join(workDir, 'node_modules'), { recursive: true });
  await symlink(root, path.join(workDir, 'node_modules/payments-kit'));
  await writeFile(path.join(workDir, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(path.join(workDir, 'server.ts'), await readmeServer(port));
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=payments-kit:source', 'server.ts'], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PAYMENTS_SESSION_SECRET: 'the README server test session secret, 32+ bytes',
      PAYMENTS_BASE_URL: started.url,
      PAYMENTS_LEGACY_BASE_URL: started.url,
      PAYMENTS_CLIENT_ID: sandboxCredentials.clientId,
      PAYMENTS_API_KEY: sandboxCredentials.apiKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Until it prints its address, as the README says it will; tsx compiles first, so the bound is
  // the processes project's hook timeout on a busy machine, not a guess at the compile time.
  while (!output.includes(origin)) {
    if (child.exitCode !== null) throw new Error(`the README's server exited ${String(child.exitCode)}:\n${output}`);
    await sleep(100);
  }
}, 120_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await sandbox?.close();
  await rm(workDir, { recursive: true, force: true });
});

const session = async (): Promise<string> => {
  const answer = await fetch(`${origin}/payments-session`, { method: 'POST' });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
};

/** A call to the README's `/api/payments`, as the page's fetcher makes it. */
const call = async (token: string, route: string, body?: unknown, idempotencyKey?: string) =>
  fetch(`${origin}/api/payments${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'payments-session': token,
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("given the README's server, started as written", () => {
  it('should mint a session that reads the granted transaction and the volume, and refuses another transaction', async () => {
    const token = await session();
    const read = await call(token, `/api/v2/transactions/${sandboxIds.transactions.created}`);
    expect(read.status).toBe(200);
    expect(String(((await read.json()) as { id: unknown }).id)).toBe(sandboxIds.transactions.created);
    const volume = await call(token, '/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC');
    expect(volume.status).toBe(200);
    const other = await call(token, `/api/v2/transactions/${sandboxIds.transactions.completed}`);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: { code: 'not_granted' } });
  });

  it('should confirm the granted payment intent from the page, once, and create the granted flow on the sandbox', async () => {
    const token = await session();
    const confirm = () => call(token, `/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, { payment_method_id: 'pm_card_visa' }, 'readme-confirm-1');
    expect((await confirm()).status).toBe(200);
    // The same key again (a retry after a lost answer): replayed, not sent twice.
    const again = await confirm();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox?.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    const flow = await call(token, '/api/v2/flows', { steps: ['compliance', 'id-verification'] });
    expect(flow.status).toBe(200);
    // Development lists the sandbox's origin in flowOrigins: its link reaches the page.
    expect(await flow.json()).toMatchObject({ link: expect.stringContaining(new URL(sandbox!.url).origin) as unknown });
  });
});
