// npm run bench:proxy — what the proxy costs (issue: "autocannon on loopback, the proxy in front
// of the sandbox vs. the sandbox directly, in one run"). The sandbox and the proxy each run in
// their own process, as they would in production, with autocannon in this one.
//
// Two phases per target: one connection (latency a single user sees: p50/p99 added) and 32
// connections (saturation: the throughput ratio). Goal: ≤ 1 ms p50 added, ratio ≥ 0.6.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serve } from '../src/node/index.js';
import { createPaymentsProxy } from '../src/server/index.js';
import { sandboxCredentials, sandboxIds } from '../src/testing/index.js';
import { startSandboxServer } from '../src/testing/node.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const PATH = `/api/v2/transactions/${sandboxIds.transactions.created}`;
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);

async function serveRole(): Promise<void> {
  if (role === 'sandbox') {
    const server = await startSandboxServer();
    console.log(`READY ${server.url}`);
    return;
  }
  const upstream = process.argv.find((arg) => arg.startsWith('--upstream='))?.slice('--upstream='.length) ?? '';
  const server = await serve(
    createPaymentsProxy({ baseUrl: upstream, legacyBaseUrl: upstream, credentials: sandboxCredentials }),
  );
  console.log(`READY ${server.url}`);
}

function start(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

/**
 * autocannon reports latency in whole milliseconds; the added latency is well under one, so it
 * is also measured directly: sequential requests on one keep-alive connection, timed in µs.
 */
async function probe(url: string, headers: Record<string, string>, count: number): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { headers, agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 200; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

interface Run {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

async function run(url: string, connections: number, headers: Record<string, string>): Promise<Run> {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const sandbox = await start(['--role=sandbox']);
  const proxy = await start(['--role=proxy', `--upstream=${sandbox.url}`]);
  try {
    const authorization = `Basic ${Buffer.from(`${sandboxCredentials.clientId}:${sandboxCredentials.apiKey}`).toString('base64')}`;
    const direct = `${sandbox.url}${PATH}`;
    const proxied = `${proxy.url}/api/payments${PATH}`;
    // Warm-up: JIT, keep-alive pools.
    await autocannon({ url: direct, connections: 4, duration: 2, headers: { authorization } });
    await autocannon({ url: proxied, connections: 4, duration: 2 });

    const directLatency = await run(direct, 1, { authorization });
    const proxiedLatency = await run(proxied, 1, {});
    const directProbe = await probe(direct, { authorization }, 3000);
    const proxiedProbe = await probe(proxied, {}, 3000);
    const directLoad = await run(direct, 32, { authorization });
    const proxiedLoad = await run(proxied, 32, {});

    const failures = [directLatency, proxiedLatency, directLoad, proxiedLoad].reduce((n, r) => n + r.non2xx + r.errors, 0);
    const row = (name: string, r: Run) =>
      `${name.padEnd(26)} p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   ${Math.round(r.rps).toString().padStart(6)} req/s`;
    console.log(`\nbench:proxy — GET ${PATH}, ${DURATION_S} s per run, ${availableParallelism()} cores, Node ${process.versions.node}`);
    console.log(row('sandbox direct, 1 conn', directLatency));
    console.log(row('through proxy, 1 conn', proxiedLatency));
    console.log(row('sandbox direct, 32 conn', directLoad));
    console.log(row('through proxy, 32 conn', proxiedLoad));
    console.log(`sequential probe, direct     p50 ${directProbe.p50.toFixed(3)} ms   p99 ${directProbe.p99.toFixed(3)} ms`);
    console.log(`sequential probe, proxied    p50 ${proxiedProbe.p50.toFixed(3)} ms   p99 ${proxiedProbe.p99.toFixed(3)} ms`);
    const addedP50 = proxiedProbe.p50 - directProbe.p50;
    const addedP99 = proxiedProbe.p99 - directProbe.p99;
    console.log(`\nautocannon, 1 conn: p50 added ${(proxiedLatency.p50 - directLatency.p50).toFixed(2)} ms (whole-ms resolution)`);
    const ratio = proxiedLoad.rps / directLoad.rps;
    console.log(`latency added (sequential probe): p50 ${addedP50.toFixed(2)} ms, p99 ${addedP99.toFixed(2)} ms   (goal: p50 ≤ 1 ms)`);
    console.log(`throughput ratio (32 conn): ${ratio.toFixed(2)}   (goal: ≥ 0.6)`);
    console.log(`non-2xx or errors: ${failures}`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    proxy.child.kill();
    sandbox.child.kill();
  }
}

if (role) await serveRole();
else await main();
