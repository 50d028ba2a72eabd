// npm run bench:proxy — what the proxy costs: autocannon on loopback, the proxy in front of the
// sandbox vs. the sandbox directly, in one run. The sandbox and the proxy each run in their own
// process, as they would in production, with autocannon in this one.
//
// Goals: ≤ 0.5 ms p50 added (sequential probe, one keep-alive connection) and a throughput ratio
// ≥ 0.75 (proxied vs. direct, BENCH_CONNECTIONS connections). Then, printed beside them: the
// proxy's resident memory after 100 000 confirms with answers of 400 B and 4 000 with answers of 200 KB
// against the memory store's byte budget (each in a fresh process), and reads' latency while
// 64 confirms abandoned by their browser wait on a slow upstream (BENCH_ABANDONED), and the
// confirm latency the Redis idempotency store adds over the memory store (bench/redisStore.ts).
//
// What runs is the package as integrators run it: the server entries and the sandbox's server are
// loaded from dist/ (bench/built.ts), which `npm run bench:proxy` builds first.
//
// Fairness and stability: every target is served by the same processes for the whole run,
// both are warmed up under the same load first (the JIT needs seconds of traffic on 2 cores),
// then each round measures direct and proxied back to back, alternating which goes first, and
// the figures reported are medians over the rounds (the ratio is taken within each round, so
// that a neighbour's load on the machine mostly cancels out).
//
// The proxy measured is closed, as the kit ships it: every request carries a payment session
// (`Payments-Session`), verified and checked against its grant. Each round also loads the same
// proxy opened with `authorize: () => true` (no session check), so the session's own CPU per
// request reads as the difference, in the same run (BENCH_OPEN=0 leaves it out).
//
// Beside the kit's proxy, each round also loads a bare passthrough (node:http in, undici's
// `Pool.request` out, no routing, checks, deadline or redaction) in front of the same sandbox: a
// reference for what Node's HTTP alone costs on this machine, so the kit's own share of the proxy's
// CPU reads as the difference (BENCH_PASSTHROUGH=0 leaves it out).
//
// The throughput proxies count every request against a budget too large to meet, so the rate
// limits' cost is in the figures and their refusals are not. Last, fairness: a second client's
// read p50 alone and while a first client (another process, 256 connections) saturates its limits,
// on a proxy with the default limits, in the same run.
//
// Environment: BENCH_DURATION_S (per load run, default 5), BENCH_ROUNDS (5), BENCH_WARMUP_S
// (10 per target), BENCH_CONNECTIONS (32), BENCH_PROBE (1000 sequential requests per target and
// round), BENCH_CLIENT (`node`: the proxy of payments-kit/server/node, upstream calls on
// node:http — the default; `fetch`: the proxy of payments-kit/server with the built-in fetch),
// BENCH_PIN (`1`: pin autocannon to CPU 0 and both servers to the other CPUs, with taskset),
// BENCH_RESULT_FILE (a path: the final figures are also written there as JSON, see
// `ProxyBenchResult`; `npm run bench` reads them so).
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { arch, availableParallelism, cpus as cpuList, loadavg, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createPaymentsSession } from '../src/server/index.js';
import { createSandbox, sandboxCredentials, sandboxIds } from '../src/testing/index.js';
import { assertBuilt, builtServer, builtServerNode, builtTestingNode } from './built.js';
import { benchRedisStore, type RedisStoreBenchResult } from './redisStore.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PROBE = Number(process.env.BENCH_PROBE ?? 1000);
const CLIENT = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'node';
const PIN = process.env.BENCH_PIN === '1';
const RESULT_FILE = process.env.BENCH_RESULT_FILE;
const ABANDONED = Number(process.env.BENCH_ABANDONED ?? 64);
const PASSTHROUGH = process.env.BENCH_PASSTHROUGH !== '0';
const OPEN = process.env.BENCH_OPEN !== '0';
/** Signs the bench's payment sessions; the proxy processes verify with it. */
const SESSION_SECRET = 'bench-proxy-session-secret-of-32-bytes-or-more';
const SESSION_AUDIENCE = 'bench-proxy';
const GOALS = { p50AddedMs: 0.5, throughputRatio: 0.75 };
const PATH = `/api/v2/transactions/${sandboxIds.transactions.created}`;
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
/** The upstream a proxy role forwards to (`--upstream=`). */
const upstreamArg = process.argv.find((arg) => arg.startsWith('--upstream='))?.slice('--upstream='.length) ?? '';
/** What the sandbox requires, and what a direct request (or the passthrough) sends it. */
const sandboxAuthorization = `Basic ${Buffer.from(`${sandboxCredentials.clientId}:${sandboxCredentials.apiKey}`).toString('base64')}`;

async function serveRole(): Promise<void> {
  if (role === 'memory') {
    await memoryRole();
    return;
  }
  if (role === 'passthrough') {
    await passthroughRole();
    return;
  }
  if (role === 'flooder') {
    await flooderRole();
    return;
  }
  // Served by payments-kit/server/node's `serve` either way: a proxy of that entry on its Node
  // path, one of payments-kit/server (the fetch client) through the plain adapter.
  const { serve } = await builtServerNode();
  if (role === 'sandbox') {
    const { startSandboxServer } = await builtTestingNode();
    const server = await startSandboxServer();
    console.log(`READY ${server.url}`);
    return;
  }
  const { createPaymentsProxy } = CLIENT === 'node' ? await builtServerNode() : await builtServer();
  // `--open`: the reference without a session check, opened as only a merchant would open it.
  const access = process.argv.includes('--open') ? { authorize: () => true } : { sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE } };
  // `--limits=default`: the kit's default limits. Otherwise every request is counted against a
  // budget the load never meets: the counting's cost is measured, its refusals are not.
  const rateLimits = process.argv.includes('--limits=default')
    ? {}
    : { reads: { requests: 1_000_000_000, perSeconds: 60 }, confirms: { requests: 1_000_000_000, perSeconds: 60 }, inFlight: { pool: 4096, perSubject: 4096, queue: 0 } };
  const server = await serve(createPaymentsProxy({ baseUrl: upstreamArg, legacyBaseUrl: upstreamArg, credentials: sandboxCredentials, ...access, rateLimits }));
  console.log(`READY ${server.url}`);
}

/**
 * The reference: the least a Node proxy does per request — node:http parses the request, undici's
 * `Pool.request` forwards it with the credentials, the answer goes back whole, with its length.
 * Not a proxy anyone should run: it checks nothing.
 */
async function passthroughRole(): Promise<void> {
  const { Pool } = await import('undici');
  const pool = new Pool(upstreamArg, { connections: 64 });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').slice('/api/payments'.length);
    pool
      .request({ path, method: 'GET', headers: { accept: 'application/json', 'accept-encoding': 'identity', authorization: sandboxAuthorization } })
      .then(async ({ statusCode, body }) => {
        const text = await body.text();
        res.writeHead(statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      })
      .catch(() => {
        res.writeHead(502).end();
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log(`READY http://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
}

const cpus = availableParallelism();

/** What one `--role=memory` process reports: the proxy after `answers` confirms of `answerBytes` each. */
interface MemoryFigures {
  answers: number;
  answerBytes: number;
  rssMiB: number;
  heapUsedMiB: number;
  store: { entries: number; bytes: number };
  budgetBytes: number;
}

/**
 * A proxy of payments-kit/server/node with its default memory store, made to confirm
 * BENCH_MEMORY_ANSWERS intents with fresh keys, each answered (by an upstream client in this
 * process, so only the proxy's own memory is measured) with a payment intent of about
 * BENCH_MEMORY_BYTES bytes. Prints its figures as JSON after a full GC.
 */
async function memoryRole(): Promise<void> {
  const answers = Number(process.env.BENCH_MEMORY_ANSWERS);
  const answerBytes = Number(process.env.BENCH_MEMORY_BYTES);
  const { createMemoryIdempotencyStore, createPaymentsProxy } = await builtServerNode();
  const store = createMemoryIdempotencyStore();
  const padding = 'x'.repeat(Math.max(0, answerBytes - 150));
  const proxy = createPaymentsProxy({
    baseUrl: 'http://upstream.invalid',
    legacyBaseUrl: 'http://upstream.invalid',
    credentials: sandboxCredentials,
    // Open and unlimited: this measures the store's memory, not who may call or how often. Each
    // confirm comes from a user of its own, who holds nothing and so is let in until the store is
    // at its own bound (it then refuses new keys with 503 and keeps what it holds).
    authorize: () => true,
    rateLimits: false,
    rateLimitKey: ({ request }) => request.headers.get('x-user') ?? '',
    idempotencyStore: store,
    upstream: {
      request: (call) =>
        Promise.resolve({
          ok: true,
          status: 200,
          retryAfter: undefined,
          body: JSON.stringify({ id: /([^/]+)\/confirm$/.exec(call.url)?.[1], amount: 4999, currency: 'usd', status: 'succeeded', metadata: { note: padding } }),
        }),
    },
  });
  for (let i = 0; i < answers; i++) {
    const response = await proxy(
      new Request(`http://shop.test/api/payments/api/v2/payment-intents/pi_${i}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-memory-${String(i).padStart(8, '0')}`, 'x-user': `user-${String(i)}` },
        body: '{"payment_method_id":"pm_card_visa"}',
      }),
    );
    if (response.status !== 200 && response.status !== 503) throw new Error(`confirm ${String(i)} answered ${String(response.status)}`);
    await response.arrayBuffer();
  }
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  const figures: MemoryFigures = {
    answers,
    answerBytes,
    rssMiB: rss / 2 ** 20,
    heapUsedMiB: heapUsed / 2 ** 20,
    store: store.usage(),
    budgetBytes: 32 * 2 ** 20,
  };
  console.log(`MEMORY ${JSON.stringify(figures)}`);
}

async function memoryFigures(answers: number, answerBytes: number): Promise<MemoryFigures> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--role=memory'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_MEMORY_ANSWERS: String(answers), BENCH_MEMORY_BYTES: String(answerBytes) },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const match = /MEMORY (\{.*\})/.exec(out);
  if (code !== 0 || !match) throw new Error(`the memory run exited with ${String(code)}`);
  return JSON.parse(match[1] as string) as MemoryFigures;
}

/**
 * Reads while ABANDONED confirms wait on a slow upstream, their browsers gone: a proxy in front
 * of an upstream (in this process) that answers reads at once and confirms after 2 s. The read
 * probe runs before, during and after; every abandoned confirm must still reach the upstream.
 */
async function starvation(): Promise<{ beforeMs: number; duringMs: number; confirmsUpstream: number }> {
  let confirms = 0;
  const sandbox = createSandbox();
  const transaction = await (await sandbox.handle(new Request(`http://sandbox.test${PATH}`, { headers: { authorization: sandbox.authorization } }))).text();
  const upstream = createServer((req, res) => {
    req.resume();
    const answer = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (req.method === 'POST') {
      confirms += 1;
      setTimeout(() => {
        answer('{"id":"pi_succeeded","amount":4999,"currency":"usd","status":"succeeded"}');
      }, 2000);
    } else answer(transaction);
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const upstreamUrl = `http://127.0.0.1:${String((upstream.address() as AddressInfo).port)}`;
  // Opened: this measures reads beside abandoned confirms, not the session check.
  const proxy = await start(['--role=proxy', '--open', `--upstream=${upstreamUrl}`]);
  try {
    const read = `${proxy.url}/api/payments${PATH}`;
    const before = await probe(read, {}, 300);
    const { hostname, port } = new URL(proxy.url);
    const body = '{"payment_method_id":"pm_card_visa"}';
    for (let i = 0; i < ABANDONED; i++) {
      const socket = connect({ host: hostname, port: Number(port) });
      socket.on('error', () => undefined);
      socket.end(
        `POST /api/payments/api/v2/payment-intents/pi_succeeded/confirm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Idempotency-Key: bench-abandoned-${String(i).padStart(4, '0')}\r\nContent-Length: ${String(body.length)}\r\n\r\n${body}`,
      );
      setTimeout(() => socket.destroy(), 50);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await probe(read, {}, 300);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return { beforeMs: before.p50, duringMs: during.p50, confirmsUpstream: confirms };
  } finally {
    proxy.child.kill();
    upstream.closeAllConnections();
    upstream.close();
  }
}

/**
 * The first client of the fairness figure, in its own process (so its load does not slow the
 * second client's probe in this one): autocannon with 256 connections on `--url=` with the
 * session of `--token=` for `--seconds=`; prints how its requests were answered.
 */
async function flooderRole(): Promise<void> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? '';
  console.log('READY flooder');
  const result = await autocannon({ url: arg('url'), connections: 256, duration: Number(arg('seconds')), headers: { 'payments-session': arg('token') } });
  console.log(`FLOOD ${JSON.stringify({ ok: result['2xx'], refused: result['4xx'], other: result['5xx'] + result.errors + result.timeouts, total: result.requests.total })}`);
}

interface Fairness {
  aloneP50Ms: number;
  duringP50Ms: number;
  /** The second client's reads that were not answered 200, alone and during. */
  secondFailures: number;
  flood: { ok: number; refused: number; other: number; total: number };
}

/**
 * A second client's reads alone, then while a first client saturates its limits, on a proxy with
 * the default limits (one session each; the second client's two probes use two sessions, each well
 * inside its own read budget).
 */
async function fairness(sandboxUrl: string): Promise<Fairness> {
  const proxy = await start(['--role=proxy', '--limits=default', `--upstream=${sandboxUrl}`]);
  const mint = async (subject: string) =>
    (await createPaymentsSession({ secret: SESSION_SECRET, audience: SESSION_AUDIENCE, subject, allow: { transactions: [sandboxIds.transactions.created] } })).token;
  try {
    const url = `${proxy.url}/api/payments${PATH}`;
    const alone = await probe(url, { 'payments-session': await mint('second-alone') }, 200);
    const seconds = 8;
    const flooder = await start(['--role=flooder', `--url=${url}`, `--token=${await mint('first')}`, `--seconds=${String(seconds)}`]);
    const flood = new Promise<Fairness['flood']>((resolve) => {
      let out = '';
      flooder.child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = /FLOOD (\{.*\})/.exec(out);
        if (line?.[1]) resolve(JSON.parse(line[1]) as Fairness['flood']);
      });
    });
    // Into the flood: the first client's budget is spent and its share full by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during = await probe(url, { 'payments-session': await mint('second-during') }, 200);
    return { aloneP50Ms: alone.p50, duringP50Ms: during.p50, secondFailures: alone.failures + during.failures, flood: await flood };
  } finally {
    proxy.child.kill();
  }
}

/**
 * What BENCH_RESULT_FILE receives. `direct` and `proxied` are the load runs (BENCH_CONNECTIONS
 * connections): medians over the rounds of req/s and of autocannon's p50/p99 latency (whole ms).
 * The added latency comes from the sequential probe (µs resolution, in ms here): the median over
 * the rounds of proxied minus direct. The ratio is the median of each round's proxied/direct.
 */
export interface ProxyBenchResult {
  date: string;
  machine: string;
  direct: { reqPerSec: number; p50Ms: number; p99Ms: number };
  proxied: { reqPerSec: number; p50Ms: number; p99Ms: number };
  p50AddedMs: number;
  p99AddedMs: number;
  throughputRatio: number;
  /** Proxy CPU per proxied request (µs), median over the rounds; undefined off Linux. */
  proxyCpuUs: number | undefined;
  /**
   * The bare passthrough in front of the same sandbox (medians over the rounds, its ratio taken
   * within each round as the proxy's is); undefined with BENCH_PASSTHROUGH=0.
   */
  passthrough: { reqPerSec: number; throughputRatio: number; cpuUs: number | undefined } | undefined;
  /** CPU per request (µs) of the same proxy opened with `authorize: () => true`: no session check. */
  openProxyCpuUs?: number | undefined;
  memory: MemoryFigures[];
  abandonedConfirms: { count: number; readP50BeforeMs: number; readP50DuringMs: number; confirmsUpstream: number };
  /** A second client's read p50 alone and while a first client saturates its default limits. */
  fairness?: Fairness | undefined;
  /** Confirm latency with the memory store and with the Redis store (undefined without redis-server). */
  redisStore: RedisStoreBenchResult | undefined;
  goals: { p50AddedMs: number; throughputRatio: number };
}

function machineDescription(): string {
  const model = cpuList()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  return `${cpus} cores (${model}), ${type()} ${release()} ${arch()}, Node ${process.versions.node}, load average ${load} at start`;
}
const pinnable = PIN && cpus > 1 && spawnSync('taskset', ['-V']).status === 0;

interface Server {
  url: string;
  child: ChildProcess;
}

function start(args: string[]): Promise<Server> {
  const node = [process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), ...args];
  const [command, ...rest] = pinnable ? ['taskset', '-c', `1-${cpus - 1}`, ...node] : node;
  const child = spawn(command as string, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match) resolve({ url: match[1] as string, child });
    });
    child.once('exit', (code) => {
      reject(new Error(`bench server ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

/** CPU time (user + system) a process has used so far, in µs; undefined off Linux. */
function cpuTime(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  } catch {
    return undefined;
  }
}

/**
 * autocannon reports latency in whole milliseconds; the added latency is well under one, so it
 * is measured directly: sequential requests on one keep-alive connection, timed in µs.
 */
async function probe(url: string, headers: Record<string, string>, count: number): Promise<{ p50: number; p99: number; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { headers, agent }, (res) => {
        if (res.statusCode !== 200) failures += 1;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 100; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
  return { p50: at(0.5), p99: at(0.99), failures };
}

interface Load {
  p50: number;
  p99: number;
  rps: number;
  failures: number;
  /** CPU µs per request of the sandbox and of the proxy process during the run. */
  sandboxCpu: number | undefined;
  proxyCpu: number | undefined;
}

async function load(url: string, headers: Record<string, string>, pids: [number | undefined, number | undefined]): Promise<Load> {
  const before = pids.map(cpuTime);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const after = pids.map(cpuTime);
  const perRequest = (i: number) => {
    const a = after[i];
    const b = before[i];
    return a === undefined || b === undefined || result.requests.total === 0 ? undefined : (a - b) / result.requests.total;
  };
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failures: result.non2xx + result.errors,
    sandboxCpu: perRequest(0),
    proxyCpu: perRequest(1),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : median(known);
}

async function main(): Promise<void> {
  assertBuilt();
  const started = new Date();
  const machine = machineDescription();
  if (pinnable) {
    // This process runs autocannon: CPU 0. The servers were started on the others.
    spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);
  }
  const sandbox = await start(['--role=sandbox']);
  const proxy = await start(['--role=proxy', `--upstream=${sandbox.url}`]);
  const open = OPEN ? await start(['--role=proxy', '--open', `--upstream=${sandbox.url}`]) : undefined;
  const passthrough = PASSTHROUGH ? await start(['--role=passthrough', `--upstream=${sandbox.url}`]) : undefined;
  try {
    const pids: [number | undefined, number | undefined] = [sandbox.child.pid, proxy.child.pid];
    const { token } = await createPaymentsSession({ secret: SESSION_SECRET, audience: SESSION_AUDIENCE, subject: 'bench', allow: { transactions: [sandboxIds.transactions.created] } });
    const targets = {
      direct: { url: `${sandbox.url}${PATH}`, headers: { authorization: sandboxAuthorization } },
      proxied: { url: `${proxy.url}/api/payments${PATH}`, headers: { 'payments-session': token } },
      open: open && { url: `${open.url}/api/payments${PATH}`, headers: {} },
      passthrough: passthrough && { url: `${passthrough.url}/api/payments${PATH}`, headers: {} },
    };
    console.log(
      `bench:proxy — GET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per target, ` +
        `warm-up ${WARMUP_S} s per target, upstream client: ${CLIENT === 'node' ? 'createUndiciUpstream (undici Pool)' : 'createFetchUpstream (built-in fetch)'}, ` +
        `${cpus} cores${pinnable ? ' (autocannon on CPU 0, servers on the rest)' : ''}, Node ${process.versions.node}`,
    );
    // Warm-up: the same load on both, in two alternating halves (JIT, keep-alive pools).
    for (let half = 0; half < 2; half++) {
      for (const target of [targets.direct, targets.proxied, targets.open, targets.passthrough]) {
        if (target) await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARMUP_S / 2, headers: target.headers });
      }
    }

    const rounds: { direct: Load; proxied: Load; open: Load | undefined; passthrough: Load | undefined; added: { p50: number; p99: number } }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['direct', 'proxied', 'open', 'passthrough'] as const) : (['passthrough', 'open', 'proxied', 'direct'] as const);
      const loads: Partial<Record<'direct' | 'proxied' | 'open' | 'passthrough', Load>> = {};
      // The open proxy's and the passthrough's own CPU is read where the proxy's is.
      const pidsOf = { direct: pids, proxied: pids, open: [sandbox.child.pid, open?.child.pid], passthrough: [sandbox.child.pid, passthrough?.child.pid] } as const;
      for (const name of order) {
        const target = targets[name];
        if (target) loads[name] = await load(target.url, target.headers, [...pidsOf[name]]);
      }
      const directProbe = await probe(targets.direct.url, targets.direct.headers, PROBE);
      const proxiedProbe = await probe(targets.proxied.url, targets.proxied.headers, PROBE);
      const direct = loads.direct as Load;
      const proxied = loads.proxied as Load;
      const added = { p50: proxiedProbe.p50 - directProbe.p50, p99: proxiedProbe.p99 - directProbe.p99 };
      rounds.push({ direct, proxied, open: loads.open, passthrough: loads.passthrough, added });
      const bare = loads.passthrough ? `; passthrough ${Math.round(loads.passthrough.rps)} req/s, ratio ${(loads.passthrough.rps / direct.rps).toFixed(2)}` : '';
      console.log(
        `round ${round + 1}: direct ${Math.round(direct.rps)} req/s, proxied ${Math.round(proxied.rps)} req/s, ` +
          `ratio ${(proxied.rps / direct.rps).toFixed(2)}${bare}; probe p50 direct ${directProbe.p50.toFixed(3)} ms, ` +
          `proxied ${proxiedProbe.p50.toFixed(3)} ms (added ${added.p50.toFixed(2)} ms)`,
      );
    }

    const failures = rounds.reduce((n, r) => n + r.direct.failures + r.proxied.failures + (r.open?.failures ?? 0) + (r.passthrough?.failures ?? 0), 0);
    const medians = (pick: (r: (typeof rounds)[number]) => Load) => ({
      reqPerSec: Math.round(median(rounds.map((r) => pick(r).rps))),
      p50Ms: median(rounds.map((r) => pick(r).p50)),
      p99Ms: median(rounds.map((r) => pick(r).p99)),
    });
    const direct = medians((r) => r.direct);
    const proxied = medians((r) => r.proxied);
    const row = (name: string, load: ProxyBenchResult['direct']) =>
      `${name.padEnd(28)} p50 ${load.p50Ms.toFixed(0).padStart(4)} ms   p99 ${load.p99Ms.toFixed(0).padStart(4)} ms   ${load.reqPerSec.toString().padStart(6)} req/s`;
    console.log('\nmedians over the rounds');
    console.log(row(`sandbox direct, ${CONNECTIONS} conn`, direct));
    console.log(row(`through proxy, ${CONNECTIONS} conn`, proxied));
    const cpu = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} µs`);
    console.log(
      `CPU per request: sandbox ${cpu(medianOf(rounds.map((r) => r.direct.sandboxCpu)))} (direct), ` +
        `sandbox ${cpu(medianOf(rounds.map((r) => r.proxied.sandboxCpu)))} + proxy ${cpu(medianOf(rounds.map((r) => r.proxied.proxyCpu)))} (proxied)`,
    );
    const addedP50 = median(rounds.map((r) => r.added.p50));
    const addedP99 = median(rounds.map((r) => r.added.p99));
    const ratio = median(rounds.map((r) => r.proxied.rps / r.direct.rps));
    const proxyCpu = medianOf(rounds.map((r) => r.proxied.proxyCpu));
    console.log(`latency added (sequential probe): p50 ${addedP50.toFixed(2)} ms, p99 ${addedP99.toFixed(2)} ms   (goal: p50 ≤ ${String(GOALS.p50AddedMs)} ms)`);
    console.log(`throughput ratio (${CONNECTIONS} conn): ${ratio.toFixed(2)}   (goal: ≥ ${String(GOALS.throughputRatio)})`);
    const bare = rounds.flatMap((r) => (r.passthrough ? [{ load: r.passthrough, ratio: r.passthrough.rps / r.direct.rps }] : []));
    const bareCpu = medianOf(bare.map((b) => b.load.proxyCpu));
    const passthroughFigures: ProxyBenchResult['passthrough'] =
      bare.length === 0
        ? undefined
        : {
            reqPerSec: Math.round(median(bare.map((b) => b.load.rps))),
            throughputRatio: Number(median(bare.map((b) => b.ratio)).toFixed(3)),
            cpuUs: bareCpu === undefined ? undefined : Math.round(bareCpu),
          };
    if (passthroughFigures) {
      console.log(
        `reference, a bare passthrough (node:http + undici Pool.request, no checks): ratio ${passthroughFigures.throughputRatio.toFixed(2)}, ` +
          `${cpu(passthroughFigures.cpuUs)} CPU per request; the kit's proxy ${cpu(proxyCpu)}`,
      );
    }
    const openCpu = medianOf(rounds.map((r) => r.open?.proxyCpu));
    if (open) {
      const spread = (values: (number | undefined)[]) => {
        const known = values.filter((v): v is number => v !== undefined);
        return known.length === 0 ? 'n/a' : `${Math.round(Math.min(...known))}–${Math.round(Math.max(...known))} µs`;
      };
      console.log(
        `session check: proxy CPU per request ${cpu(proxyCpu)} with a payment session (rounds ${spread(rounds.map((r) => r.proxied.proxyCpu))}), ` +
          `${cpu(openCpu)} opened with authorize: () => true (rounds ${spread(rounds.map((r) => r.open?.proxyCpu))})`,
      );
    }
    console.log(`non-2xx or errors: ${failures}`);

    // The first is the process with the proxy loaded and one confirm answered: the baseline.
    const memory = [await memoryFigures(1, 400), await memoryFigures(100_000, 400), await memoryFigures(4_000, 200 * 1024)];
    console.log('\nproxy memory, default memory store (budget 32 MiB, 10 000 entries), after a full GC:');
    for (const m of memory) {
      console.log(
        `  ${m.answers.toLocaleString('en')} confirms sent, answers of ${(m.answerBytes / 1024).toFixed(1)} KB each: RSS ${m.rssMiB.toFixed(0)} MiB, ` +
          `heap ${m.heapUsedMiB.toFixed(0)} MiB; store keeps ${String(m.store.entries)} entries, ${(m.store.bytes / 2 ** 20).toFixed(1)} MiB of its ${(m.budgetBytes / 2 ** 20).toFixed(0)} MiB`,
      );
    }
    const starved = await starvation();
    const redisStore = existsSync(process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server') ? await benchRedisStore() : undefined;
    if (redisStore) {
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      console.log(
        `confirm latency added by the Redis store vs the memory store, loopback (${redisStore.date}): ` +
          `p50 ${ms(redisStore.redis.p50Ms - redisStore.memory.p50Ms)} (${ms(redisStore.memory.p50Ms)} → ${ms(redisStore.redis.p50Ms)}), ` +
          `p99 ${ms(redisStore.redis.p99Ms - redisStore.memory.p99Ms)} (${ms(redisStore.memory.p99Ms)} → ${ms(redisStore.redis.p99Ms)})`,
      );
    } else console.log('Redis store: skipped, no redis-server (apt-get install -y redis-server)');
    console.log(
      `reads while ${String(ABANDONED)} abandoned confirms wait 2 s upstream: p50 ${starved.beforeMs.toFixed(2)} ms before, ` +
        `${starved.duringMs.toFixed(2)} ms during; abandoned confirms that reached upstream: ${String(starved.confirmsUpstream)} of ${String(ABANDONED)}`,
    );
    const fair = await fairness(sandbox.url);
    console.log(
      `a second client's reads, default limits: p50 ${fair.aloneP50Ms.toFixed(2)} ms alone, ${fair.duringP50Ms.toFixed(2)} ms while a first client ` +
        `(256 connections) saturates its limits; second client's reads not answered 200: ${String(fair.secondFailures)}; first client: ` +
        `${String(fair.flood.ok)} answered 200, ${String(fair.flood.refused)} refused (429) of ${String(fair.flood.total)}, ${String(fair.flood.other)} other`,
    );
    if (fair.secondFailures > 0) process.exitCode = 1;
    if (RESULT_FILE) {
      const result: ProxyBenchResult = {
        date: started.toISOString(),
        machine,
        direct,
        proxied,
        p50AddedMs: Number(addedP50.toFixed(3)),
        p99AddedMs: Number(addedP99.toFixed(3)),
        throughputRatio: Number(ratio.toFixed(3)),
        proxyCpuUs: proxyCpu === undefined ? undefined : Math.round(proxyCpu),
        passthrough: passthroughFigures,
        openProxyCpuUs: openCpu === undefined ? undefined : Math.round(openCpu),
        memory,
        abandonedConfirms: {
          count: ABANDONED,
          readP50BeforeMs: Number(starved.beforeMs.toFixed(3)),
          readP50DuringMs: Number(starved.duringMs.toFixed(3)),
          confirmsUpstream: starved.confirmsUpstream,
        },
        fairness: fair,
        redisStore,
        goals: GOALS,
      };
      writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`figures written to ${RESULT_FILE}`);
    }
    if (failures > 0) process.exitCode = 1;
  } finally {
    proxy.child.kill();
    open?.child.kill();
    passthrough?.child.kill();
    sandbox.child.kill();
  }
}

if (role) await serveRole();
else await main();
