// `payments-kit proxy` as a process (src/cli/main.ts, run from its sources with tsx): refused
// configurations name their variables, the health route answers without the upstream, errors
// reach the log, SIGTERM lets a request in flight finish before exit 0, --sandbox serves reads
// and flows with no credentials, and two processes on one redis-server share the confirms' replays.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- readProxyConfig of cli/proxyConfig, which no entry exports
import { readProxyConfig } from '../../src/cli/proxyConfig.js';
// eslint-disable-next-line no-restricted-imports -- startProxyProcess of cli/startProxyProcess, which no entry exports
import { startProxyProcess } from '../../src/cli/startProxyProcess.js';
import { serve, type RunningServer } from 'payments-kit/server/node';
import { createPaymentsSession, type PaymentsGrant } from 'payments-kit/server';
import { createSandbox, sandboxCredentials, sandboxIds, transferIds } from 'payments-kit/testing';
import { cleanEnv, root } from '../e2e/packedKit.js';
import { startRedisServer, type RedisServer } from '../server-redis/redisServer.js';
import { sleep } from '../support/sleep.js';

const secret = 'the proxy process test session secret, 32+ bytes';
const audience = 'http://127.0.0.1:8000';
const transaction = sandboxIds.transactions.created;

interface CliProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const started: CliProcess[] = [];
const servers: RunningServer[] = [];

afterEach(async () => {
  for (const cli of started.splice(0)) {
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
    await cli.exited;
  }
  for (const server of servers.splice(0)) await server.close();
});

/** Runs `payments-kit proxy …` from the sources, on 127.0.0.1 and a free port unless `env` says otherwise. */
function runCli(args: string[], env: Record<string, string>): CliProcess {
  // tsx as Node's loader, not its CLI: the CLI runs the program in a child process of its own,
  // which the SIGKILL of the clean-up below would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=payments-kit:source', path.join(root, 'src/cli/main.ts'), ...args], {
    cwd: root,
    env: cleanEnv({ HOST: '127.0.0.1', PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const cli = { child, output: () => output, exited };
  started.push(cli);
  return cli;
}

/** Resolves once `text` is in the process's output; fails if the process exits first. */
async function printed(cli: CliProcess, text: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const found = text.exec(cli.output());
    if (found !== null) return found;
    if (cli.child.exitCode !== null) throw new Error(`payments-kit proxy exited ${String(cli.child.exitCode)}:\n${cli.output()}`);
    await sleep(50);
  }
}

async function listening(cli: CliProcess): Promise<string> {
  return (await printed(cli, /payments-kit proxy listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
}

/** The variables of a proxy in front of a sandbox (its default credentials) served at `upstream`. */
const upstreamEnv = (upstream: string) => ({
  PAYMENTS_BASE_URL: upstream,
  PAYMENTS_LEGACY_BASE_URL: upstream,
  PAYMENTS_CLIENT_ID: sandboxCredentials.clientId,
  PAYMENTS_API_KEY: sandboxCredentials.apiKey,
  PAYMENTS_SESSION_SECRET: secret,
  PAYMENTS_SESSION_AUDIENCE: audience,
});

const session = async (allow: PaymentsGrant) => (await createPaymentsSession({ secret, audience, subject: 'user_1', allow })).token;

describe('given a configuration it cannot run on', () => {
  it('should exit 2 naming every variable to set, and the sandbox as the way to start without credentials', async () => {
    const cli = runCli(['proxy'], {});
    await expect(cli.exited).resolves.toBe(2);
    for (const variable of ['PAYMENTS_BASE_URL', 'PAYMENTS_LEGACY_BASE_URL', 'PAYMENTS_CLIENT_ID', 'PAYMENTS_API_KEY', 'PAYMENTS_SESSION_SECRET', 'PAYMENTS_SESSION_AUDIENCE']) {
      expect(cli.output()).toContain(`set ${variable}:`);
    }
    expect(cli.output()).toContain('payments-kit proxy --sandbox');
  });

  it('should exit 2 naming PAYMENTS_SESSION_SECRET for a secret too short, and the usage for an unknown command', async () => {
    const short = runCli(['proxy', '--sandbox'], { PAYMENTS_SESSION_SECRET: 'short', PAYMENTS_SESSION_AUDIENCE: audience });
    const unknown = runCli(['serve'], {});
    await expect(Promise.all([short.exited, unknown.exited])).resolves.toEqual([2, 2]);
    expect(short.output()).toMatch(/sessions\.secret must be at least 32 bytes.*Set it with PAYMENTS_SESSION_SECRET\./);
    expect(unknown.output()).toContain('Unknown command: serve.');
    expect(unknown.output()).toContain('Usage: payments-kit proxy');
  });
});

describe('given an upstream of its own', () => {
  it('should answer /healthz without calling upstream, proxy a read under a session, and log a refusal', async () => {
    const sandbox = createSandbox();
    const upstream = await serve((request) => sandbox.handle(request));
    servers.push(upstream);
    const cli = runCli(['proxy'], upstreamEnv(upstream.url));
    const url = await listening(cli);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    await expect(health.json()).resolves.toEqual({ status: 'ok' });
    expect(sandbox.calls).toEqual([]);

    const read = await fetch(`${url}/api/payments/api/v2/transactions/${transaction}`, { headers: { 'payments-session': await session({ transactions: [transaction] }) } });
    expect(read.status).toBe(200);
    await expect(read.json()).resolves.toHaveProperty('id', 1001);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);

    // A refusal a developer causes is in the process's log, with what to change.
    const refused = await fetch(`${url}/api/payments/api/v2/transactions/${transaction}`);
    expect(refused.status).toBe(401);
    await printed(cli, /payments-kit proxy: 401 session_required getTransaction: .*Payments-Session header/);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
  });

  it('should let a request in flight finish on SIGTERM, then exit 0', async () => {
    const sandbox = createSandbox();
    let arrived!: () => void;
    const upstreamGotIt = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const upstream = await serve(async (request) => {
      arrived();
      await released;
      return sandbox.handle(request);
    });
    servers.push(upstream);
    const cli = runCli(['proxy'], upstreamEnv(upstream.url));
    const url = await listening(cli);

    const inFlight = fetch(`${url}/api/payments/api/v2/transactions/${transaction}`, { headers: { 'payments-session': await session({ transactions: [transaction] }) } });
    await upstreamGotIt;
    cli.child.kill('SIGTERM');
    await printed(cli, /SIGTERM, finishing the requests in flight/);
    // Signal handled, answer still held upstream: the process waits for it.
    expect(cli.child.exitCode).toBeNull();
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    await expect(answer.json()).resolves.toHaveProperty('id', 1001);
    await expect(cli.exited).resolves.toBe(0);
  });
});

describe('given --sandbox', () => {
  it('should read and create a flow on the embedded sandbox, its hosted pages allowed as flow links', async () => {
    const cli = runCli(['proxy', '--sandbox'], { PAYMENTS_SESSION_SECRET: secret, PAYMENTS_SESSION_AUDIENCE: audience });
    const url = await listening(cli);
    const sandboxUrl = (await printed(cli, /-> (http:\/\/127\.0\.0\.1:\d+) \(local sandbox\)/))[1]!;
    const token = await session({ transactions: [transaction], flows: { steps: ['compliance'] } });

    const read = await fetch(`${url}/api/payments/api/v2/transactions/${transaction}`, { headers: { 'payments-session': token } });
    expect(read.status).toBe(200);
    const flow = await fetch(`${url}/api/payments/api/v2/flows`, {
      method: 'POST',
      headers: { 'payments-session': token, 'content-type': 'application/json' },
      body: JSON.stringify({ steps: ['compliance'] }),
    });
    expect(flow.status).toBe(200);
    const { link } = (await flow.json()) as { link: string };
    expect(new URL(link).origin).toBe(sandboxUrl);

    cli.child.kill('SIGINT');
    await expect(cli.exited).resolves.toBe(0);
  });
});

describe('given startProxyProcess in this process', () => {
  // The upstream deadline far beyond the grace period below: the request is still in flight when it ends.
  const env = (upstream: string) => ({ ...upstreamEnv(upstream), PAYMENTS_TIMEOUT_MS: '120000', PORT: '0' });

  it('should close what is still in flight once the grace period is over, and say so', async () => {
    let arrived!: () => void;
    const upstreamGotIt = new Promise<void>((resolve) => (arrived = resolve));
    const upstream = await serve(() => {
      arrived();
      return new Promise<Response>(() => undefined);
    });
    servers.push(upstream);
    const running = await startProxyProcess(readProxyConfig({ env: env(upstream.url), sandbox: false }), { distDir: path.join(root, 'no-such-dist'), log: () => undefined });
    const inFlight = fetch(`${running.url}/api/payments/api/v2/transactions/${transaction}`, { headers: { 'payments-session': await session({ transactions: [transaction] }) } }).then(
      (response) => response.status,
      () => 'dropped',
    );
    await upstreamGotIt;
    await expect(running.shutdown(100)).resolves.toBe(false);
    await expect(inFlight).resolves.toBe('dropped');
  });

  it('should export a user\'s transfers as CSV under the proxy\'s path, through its session and grant', async () => {
    const sandbox = createSandbox();
    const upstream = await serve((request) => sandbox.handle(request));
    servers.push(upstream);
    const running = await startProxyProcess(readProxyConfig({ env: env(upstream.url), sandbox: false }), { distDir: path.join(root, 'no-such-dist'), log: () => undefined });
    try {
      const exportUrl = `${running.url}/api/payments/exports/transfers.csv`;
      const csv = await fetch(exportUrl, { headers: { 'payments-session': await session({ transfers: { userId: transferIds.users.many } }) } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (await csv.text()).trimEnd().split('\r\n');
      // The header and the user's 250 transfers, in pages of 100 through the proxy.
      expect(lines).toHaveLength(251);
      expect(lines[0]).toMatch(/^id,created,user_id,/);
      expect(sandbox.callsFor('listTransfers')).toHaveLength(3);

      // Closed like the list: no session, or a session without the grant, sends nothing upstream.
      expect((await fetch(exportUrl)).status).toBe(401);
      expect((await fetch(exportUrl, { headers: { 'payments-session': await session({ transactions: [transaction] }) } })).status).toBe(403);
      expect((await fetch(exportUrl, { method: 'POST', headers: { 'payments-session': await session({ transfers: { userId: transferIds.users.many } }) } })).status).toBe(404);
      expect(sandbox.callsFor('listTransfers')).toHaveLength(3);
    } finally {
      await running.shutdown(5_000);
    }
  });

  it('should serve the package\'s standalone file and catalogues with their integrity value as ETag, 304 when unchanged', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'payments-kit-dist-'));
    try {
      const source = 'export const elements = true;\n';
      await writeFile(path.join(distDir, 'elements-standalone.js'), source);
      await mkdir(path.join(distDir, 'messages'));
      await writeFile(path.join(distDir, 'messages/fr.js'), 'export const fr = {};\n');
      const running = await startProxyProcess(readProxyConfig({ env: env('http://127.0.0.1:1'), sandbox: false }), { distDir, log: () => undefined });
      try {
        const integrity = `sha384-${createHash('sha384').update(source).digest('base64')}`;
        expect(running.elementsIntegrity).toBe(integrity);
        const file = await fetch(`${running.url}/payments-kit/elements-standalone.js`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(file.headers.get('etag')).toBe(`"${integrity}"`);
        await expect(file.text()).resolves.toBe(source);
        const again = await fetch(`${running.url}/payments-kit/elements-standalone.js`, { headers: { 'if-none-match': `"${integrity}"` } });
        expect(again.status).toBe(304);
        expect((await fetch(`${running.url}/payments-kit/messages/fr.js`)).status).toBe(200);
        // Only the files read at start: no path reaches the disk.
        expect((await fetch(`${running.url}/payments-kit/..%2fpackage.json`)).status).toBe(404);
        expect((await fetch(`${running.url}/payments-kit/messages/xx.js`)).status).toBe(404);
        expect((await fetch(`${running.url}/payments-kit/elements-standalone.js`, { method: 'POST' })).status).toBe(405);
      } finally {
        await running.shutdown(5_000);
      }
    } finally {
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('given two proxy processes with PAYMENTS_REDIS_URL on one redis-server', () => {
  let redis: RedisServer | undefined;
  afterEach(async () => {
    await redis?.stop();
    redis = undefined;
  });

  it('should replay a confirm sent through one from the other, with one upstream call, and say Redis is shared when it starts', async () => {
    redis = await startRedisServer();
    const sandbox = createSandbox();
    const upstream = await serve((request) => sandbox.handle(request));
    servers.push(upstream);
    const env = { ...upstreamEnv(upstream.url), PAYMENTS_REDIS_URL: redis.url };
    const [first, second] = [runCli(['proxy'], env), runCli(['proxy'], env)];
    const urls = await Promise.all([listening(first), listening(second)]);
    await printed(first, /shared: +confirms and rate limits in Redis at 127\.0\.0\.1:\d+/);

    const intent = sandboxIds.paymentIntents.succeeded;
    const token = await session({ paymentIntents: [intent] });
    const key = crypto.randomUUID();
    const confirm = (url: string) =>
      fetch(`${url}/api/payments/api/v2/payment-intents/${intent}/confirm`, {
        method: 'POST',
        headers: { 'payments-session': token, 'idempotency-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method_id: sandboxIds.paymentMethod }),
      });
    const sent = await confirm(urls[0]);
    expect(sent.status).toBe(200);
    const replayed = await confirm(urls[1]);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    await expect(replayed.json()).resolves.toEqual(await sent.json());
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
  });

  it('should exit naming PAYMENTS_REDIS_URL when the address is not a Redis URL', async () => {
    const cli = runCli(['proxy', '--sandbox'], { PAYMENTS_SESSION_SECRET: secret, PAYMENTS_SESSION_AUDIENCE: audience, PAYMENTS_REDIS_URL: 'http://127.0.0.1:6379' });
    await expect(cli.exited).resolves.toBe(2);
    expect(cli.output()).toContain('PAYMENTS_REDIS_URL must start with redis:// or rediss://');
  });
});
