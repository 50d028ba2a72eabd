// npm run bench — what the kit costs in a real browser, each figure measured side by side in one
// run, printed as a table and written to bench/results.json. Not part of `npm test`.
//
//   1. mount → data on screen, TransactionDetail vs. a hand-written fetch + JSX baseline, same
//      transaction through the same proxy (ratio of medians kit/baseline; goal ≤ 1.2);
//   2. 50 TransactionDetail of one transaction → requests reaching the proxy (goal 1);
//   3. 200 rows from the cache, TransactionDetail vs. plain JSX of the same fields (ratio of
//      medians of the time to commit; goal ≤ 2.0), with, as a diagnostic, the kit's own rows
//      rebuilt as static elements (how much of the ratio is the DOM itself) and what a render of
//      each side allocates (the steadier measure of render work: it barely moves between runs);
//   4. 1000 mount/unmount cycles of each component: JS heap growth after GC (goal ≤ 1 MB; the
//      hand-written baseline cycled the same way is shown next to it as a control), read 6 s
//      after the cycles, once the settled mutations the kit keeps for 5 s are gone (the growth
//      right after the cycles is shown beside it), and listeners on window/document plus
//      iframes left behind (goal 0);
//   5. the proxy's cost from `bench:proxy` (bench/proxy.ts, spawned after the browser figures):
//      p50 latency added (goal ≤ 0.5 ms) and throughput ratio proxied/direct (goal ≥ 0.75).
//
// How: the bench page (bench/ui/page/) is built with Vite in production mode (React's production
// build), the kit imported from its sources through the `payments-kit` aliases like the demo; one
// node:http origin on 127.0.0.1 serves it together with the kit's proxy (createPaymentsProxy) in
// front of the sandbox (startSandboxServer). Debian's Chromium runs it through playwright-core;
// times are taken inside the page with performance.now() (bench/ui/protocol.ts), after a full
// garbage collection before each sample of figures 1 and 3, in every contender alike; heap and
// listeners over the DevTools protocol.
//
// Environment (defaults in brackets): BENCH_MOUNT_ITERATIONS [60] per side for figure 1, after
// BENCH_MOUNT_WARMUP [10]; BENCH_RENDER_RUNS [25] per side for figure 3; BENCH_CYCLES [1000] and
// BENCH_CYCLES_WARMUP [50] per component for figure 4, BENCH_COMPONENTS [all four] the components
// it cycles (a comma-separated list, e.g. FlowLauncher); BENCH_SKIP_PROXY=1 skips figure 5;
// BENCH_FIGURES [1,2,3,4,5] the figures measured (e.g. 1,3 while working on render cost);
// BENCH_API_LATENCY_MS [0] makes the sandbox answer each call that many ms late, as a payments
// API across a network would (the goals are set for 0, loopback: there figure 1 weighs the kit's
// constant cost against an answer of a few ms; with it, the same cost against a realistic wait;
// use it with BENCH_FIGURES=1, as figure 4 waits for every cycle's answer);
// BENCH_QUICK=1 lowers the defaults above (25 / 5 / 9 / 1000 / 30) and bench:proxy's
// (BENCH_ROUNDS=3, BENCH_DURATION_S=3, BENCH_WARMUP_S=4) for a run of a few minutes. Every other
// BENCH_* variable (BENCH_ROUNDS, BENCH_DURATION_S, BENCH_CONNECTIONS, …) passes through to
// bench:proxy, which loads the build this run checked when it started (BENCH_BUILD_CHECKED=1).
// CHROMIUM_PATH overrides /usr/bin/chromium.
//
// Exit code 0 when every figure was measured, whether or not it meets its goal (the table says);
// 1 when the bench itself failed.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, release, tmpdir, type } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sandboxIds } from '../src/testing/index.js';
import { sleep } from '../src/lib/deadline.js';
import { SETTLED_MUTATION_GC_MS } from '../src/client/queries.js';
import { assertBuilt } from './built.js';
import { buildBenchPage } from './ui/build.js';
import { allocatedPerRun, countListeners, domCounters, heapAfterGc } from './ui/cdp.js';
import {
  LIFECYCLE_COMPONENTS,
  type Contender,
  type LifecycleComponent,
  type LifecycleSubject,
  type PageLeftovers,
  type RowsContender,
} from './ui/protocol.js';
import { runProxyBench } from './ui/proxyBench.js';
import { figure, goals, table, writeResults, type Figure, type Machine } from './ui/report.js';
import { startBenchServer, type BenchServer } from './ui/server.js';
import { median, summarize } from './ui/stats.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = path.join(repoRoot, 'bench', 'results.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The page collects garbage before each timed sample of figures 1 and 3 (bench/ui/page/waitFor.ts).
  '--js-flags=--expose-gc',
];

const quick = process.env.BENCH_QUICK === '1';
function setting(name: string, full: number, short: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? (quick ? short : full) : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${String(raw)}`);
  return value;
}

const settings = {
  quick,
  mountIterations: setting('BENCH_MOUNT_ITERATIONS', 60, 25),
  mountWarmup: setting('BENCH_MOUNT_WARMUP', 10, 5),
  instances: 50,
  instancesSettleMs: 500,
  rows: 200,
  renderRuns: setting('BENCH_RENDER_RUNS', 25, 9),
  renderWarmup: 3,
  cycles: setting('BENCH_CYCLES', 1000, 1000),
  cyclesWarmup: setting('BENCH_CYCLES_WARMUP', 50, 30),
  apiLatencyMs: setting('BENCH_API_LATENCY_MS', 0, 0),
  skipProxy: process.env.BENCH_SKIP_PROXY === '1',
  components: lifecycleComponents(process.env.BENCH_COMPONENTS),
  figures: figureIds(process.env.BENCH_FIGURES),
};

function figureIds(raw: string | undefined): readonly string[] {
  const all = ['1', '2', '3', '4', '5'];
  if (raw === undefined || raw === '') return all;
  const ids = raw.split(',').map((id) => id.trim());
  const unknown = ids.filter((id) => !all.includes(id));
  if (unknown.length > 0) throw new Error(`BENCH_FIGURES: ${unknown.join(', ')} not among ${all.join(', ')}`);
  return ids;
}
const measures = (id: string) => settings.figures.includes(id);

function lifecycleComponents(raw: string | undefined): readonly LifecycleComponent[] {
  if (raw === undefined || raw === '') return LIFECYCLE_COMPONENTS;
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(LIFECYCLE_COMPONENTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_COMPONENTS: ${unknown.join(', ')} not among ${LIFECYCLE_COMPONENTS.join(', ')}`);
  return names as LifecycleComponent[];
}

/** The v2 transaction every browser figure shows: the one with the example values of docs/api.md. */
const TRANSACTION_ID = sandboxIds.transactions.created;

const MB = 1024 * 1024;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** A page on the bench origin, with `window.paymentsBench` installed; page errors fail the run. */
async function openBenchPage(browser: Browser, server: BenchServer, errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.paymentsBench !== undefined);
  return page;
}

const bench = (page: Page) => ({
  mountToData: (contender: Contender, id: string, expectText: string) =>
    page.evaluate(([c, i, t]) => window.paymentsBench!.mountToData(c, i, t), [contender, id, expectText] as const),
  manyInstances: (id: string, count: number, settleMs: number) =>
    page.evaluate(([i, n, s]) => window.paymentsBench!.manyInstances(i, n, s), [id, count, settleMs] as const),
  fillCache: (id: string, count: number) => page.evaluate(([i, n]) => window.paymentsBench!.fillCache(i, n), [id, count] as const),
  renderFromCache: (contender: RowsContender, count: number) =>
    page.evaluate(([c, n]) => window.paymentsBench!.renderFromCache(c, n), [contender, count] as const),
  lifecycleSetup: (flowOrigin: string) => page.evaluate((o) => window.paymentsBench!.lifecycleSetup(o), flowOrigin),
  lifecycleCycles: (subject: LifecycleSubject, cycles: number) =>
    page.evaluate(([s, n]) => window.paymentsBench!.lifecycleCycles(s, n), [subject, cycles] as const),
  lifecycleLeftovers: () => page.evaluate(() => window.paymentsBench!.lifecycleLeftovers()),
});

/** Runs `run` for both contenders `times` times, alternating which goes first; samples per contender. */
async function alternate(times: number, run: (contender: Contender) => Promise<number>): Promise<Record<Contender, number[]>> {
  const samples: Record<Contender, number[]> = { kit: [], baseline: [] };
  for (let i = 0; i < times; i++) {
    const order: Contender[] = i % 2 === 0 ? ['kit', 'baseline'] : ['baseline', 'kit'];
    for (const contender of order) samples[contender].push(await run(contender));
  }
  return samples;
}

/** Figure 1: mount → data on screen. */
async function mountToDataFigure(page: Page, server: BenchServer): Promise<Figure> {
  const tx = server.sandbox.sandbox.data.transactions.get(TRANSACTION_ID);
  if (!tx) throw new Error(`the sandbox has no transaction ${TRANSACTION_ID}`);
  // Both sides must show the amount, formatted as either would (cents → dollars).
  const amountText = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number(tx.amount) / 100);
  const b = bench(page);
  await alternate(settings.mountWarmup, (c) => b.mountToData(c, TRANSACTION_ID, amountText));
  const requestsBefore = server.proxyRequests();
  const samples = await alternate(settings.mountIterations, (c) => b.mountToData(c, TRANSACTION_ID, amountText));
  const requests = server.proxyRequests() - requestsBefore;
  const kit = summarize(samples.kit);
  const baseline = summarize(samples.baseline);
  const ratio = round(median(samples.kit) / median(samples.baseline), 2);
  return figure({
    id: '1',
    name: `mount → data on screen, kit/baseline (medians${settings.apiLatencyMs > 0 ? `; the API answering after ${String(settings.apiLatencyMs)} ms` : ''})`,
    value: ratio,
    unit: '×',
    display: `${ratio.toFixed(2)} (${kit.median.toFixed(2)} / ${baseline.median.toFixed(2)} ms)`,
    goal: goals.atMost(1.2),
    detail: {
      transactionId: TRANSACTION_ID,
      unit: 'ms',
      kit,
      baseline,
      iterationsPerSide: settings.mountIterations,
      warmupPerSide: settings.mountWarmup,
      proxyRequestsPerMount: round(requests / (2 * settings.mountIterations), 3),
    },
  });
}

/** Figure 2: 50 instances of one transaction → requests reaching the proxy. */
async function dedupeFigure(page: Page, server: BenchServer, pageRequests: () => number): Promise<Figure> {
  const id = sandboxIds.transactions.completed; // not yet requested by this page: a cold start
  const before = { proxy: server.proxyRequests(), sandbox: server.sandbox.sandbox.callsFor('getTransaction').length, page: pageRequests() };
  const shown = await bench(page).manyInstances(id, settings.instances, settings.instancesSettleMs);
  const proxy = server.proxyRequests() - before.proxy;
  return figure({
    id: '2',
    name: `${String(settings.instances)} TransactionDetail of one transaction → requests to the proxy`,
    value: proxy,
    unit: 'requests',
    display: `${String(proxy)} ${proxy === 1 ? 'request' : 'requests'}`,
    goal: goals.exactly(1),
    detail: {
      transactionId: id,
      instancesShowingData: shown,
      proxyRequests: proxy,
      sandboxGetTransactionCalls: server.sandbox.sandbox.callsFor('getTransaction').length - before.sandbox,
      pageRequestsToProxy: pageRequests() - before.page,
      settleMs: settings.instancesSettleMs,
    },
  });
}

/** Renders a side whose allocations figure 3 samples, after its timed runs. */
const ALLOCATION_RUNS = 5;

/**
 * Figure 3: 200 rows from the cache. The three contenders take turns in a rotating order; the
 * `kit-dom` series (the kit's own output as static elements) is reported in the detail, not
 * judged: it says how much of the ratio the DOM alone accounts for. So is what a render of each
 * side allocates, sampled after the timed runs.
 */
async function renderFromCacheFigure(page: Page): Promise<Figure> {
  const b = bench(page);
  await b.fillCache(TRANSACTION_ID, settings.rows);
  const order: RowsContender[] = ['kit', 'baseline', 'kit-dom'];
  const rotate = async (times: number) => {
    const samples: Record<RowsContender, number[]> = { kit: [], baseline: [], 'kit-dom': [] };
    for (let i = 0; i < times; i++) {
      for (let j = 0; j < order.length; j++) {
        const contender = order[(i + j) % order.length] as RowsContender;
        samples[contender].push(await b.renderFromCache(contender, settings.rows));
      }
    }
    return samples;
  };
  await rotate(settings.renderWarmup);
  const samples = await rotate(settings.renderRuns);
  // What a render allocates (unmount included): the steady side of the render's cost.
  const cdp = await page.context().newCDPSession(page);
  const allocatedKb = async (contender: RowsContender) =>
    round((await allocatedPerRun(cdp, ALLOCATION_RUNS, () => b.renderFromCache(contender, settings.rows))) / 1024, 0);
  const allocated = { kit: await allocatedKb('kit'), baseline: await allocatedKb('baseline') };
  await cdp.detach();
  const allocatedRatio = round(allocated.kit / allocated.baseline, 2);
  const kit = summarize(samples.kit, 2);
  const baseline = summarize(samples.baseline, 2);
  const kitDom = summarize(samples['kit-dom'], 2);
  const ratio = round(median(samples.kit) / median(samples.baseline), 2);
  const domRatio = round(median(samples['kit-dom']) / median(samples.baseline), 2);
  return figure({
    id: '3',
    name: `${String(settings.rows)} rows from the cache, time to commit, kit/plain JSX (medians)`,
    value: ratio,
    unit: '×',
    display: `${ratio.toFixed(2)} (${kit.median.toFixed(1)} / ${baseline.median.toFixed(1)} ms; the kit's DOM alone ${domRatio.toFixed(2)}; allocated ${allocatedRatio.toFixed(2)})`,
    goal: goals.atMost(2),
    detail: {
      unit: 'ms',
      kit,
      baseline,
      kitDomAsStaticElements: kitDom,
      kitDomRatio: domRatio,
      allocatedKbPerRender: { ...allocated, runsPerSide: ALLOCATION_RUNS },
      allocatedRatio,
      runsPerSide: settings.renderRuns,
      warmupPerSide: settings.renderWarmup,
    },
  });
}

/** What the lifecycle figure reads before and after the cycles. */
interface LifecycleSnapshot {
  heap: number;
  listeners: Awaited<ReturnType<typeof countListeners>>;
  counters: Awaited<ReturnType<typeof domCounters>>;
  page: PageLeftovers;
  childFrames: number;
}

interface LifecycleRun {
  subject: LifecycleSubject;
  cyclesSeconds: number;
  before: LifecycleSnapshot;
  /** Right after the last cycle, while settled mutations are still in the cache. */
  held: LifecycleSnapshot;
  /** `CACHE_RELEASE_MS` later: what is left. */
  after: LifecycleSnapshot;
}

/** The kit's mutation cache time after unmount (5 s) and 1 s to spare. */
const CACHE_RELEASE_MS = SETTLED_MUTATION_GC_MS + 1_000;

/**
 * Figure 4's measurement: in a page of its own, warm-up cycles, then a snapshot (after forced
 * GCs), `settings.cycles` cycles, and another snapshot.
 */
async function runLifecycle(browser: Browser, server: BenchServer, subject: LifecycleSubject, errors: string[]): Promise<LifecycleRun> {
  const page = await openBenchPage(browser, server, errors);
  try {
    const cdp = await page.context().newCDPSession(page);
    const b = bench(page);
    await b.lifecycleSetup(new URL(server.sandbox.url).origin);
    await b.lifecycleCycles(subject, settings.cyclesWarmup);
    const snapshot = async (): Promise<LifecycleSnapshot> => ({
      heap: await heapAfterGc(cdp),
      listeners: await countListeners(cdp),
      counters: await domCounters(cdp),
      page: await b.lifecycleLeftovers(),
      childFrames: page.frames().length - 1,
    });
    // Both snapshots wait until what the kit's caches let go by timer is gone: a settled confirm
    // or flow stays in react-query's mutation cache for 5 s after its component unmounts (it
    // holds a client secret or a live link, so not the 5 min default). Counting those as growth
    // would measure the cache's timer, not a leak; the heap right after the cycles is kept too.
    await sleep(CACHE_RELEASE_MS);
    const before = await snapshot();
    const startedAt = performance.now();
    await b.lifecycleCycles(subject, settings.cycles);
    const cyclesSeconds = round((performance.now() - startedAt) / 1000, 1);
    const held = await snapshot();
    await sleep(CACHE_RELEASE_MS);
    const after = await snapshot();
    await cdp.detach();
    return { subject, cyclesSeconds, before, held, after };
  } finally {
    await page.close();
  }
}

const heapGrowthMb = (run: LifecycleRun) => round((run.after.heap - run.before.heap) / MB, 3);
const heapHeldMb = (run: LifecycleRun) => round((run.held.heap - run.before.heap) / MB, 3);

/** Figure 4's two rows for one component; `control` is the baseline cycled the same way. */
function lifecycleFigures(run: LifecycleRun, control: LifecycleRun): Figure[] {
  const { before, after } = run;
  const growthMb = heapGrowthMb(run);
  const listenersLeft = after.listeners.window + after.listeners.document - (before.listeners.window + before.listeners.document);
  const iframesLeft = after.page.iframes - before.page.iframes;
  const cycles = `${String(settings.cycles)} cycles`;
  const common = { component: run.subject, cycles: settings.cycles, warmupCycles: settings.cyclesWarmup, cyclesSeconds: run.cyclesSeconds };
  return [
    figure({
      id: '4',
      name: `${run.subject}: JS heap growth after GC, ${cycles}`,
      value: growthMb,
      unit: 'MB',
      display: `${growthMb.toFixed(2)} MB (baseline ${heapGrowthMb(control).toFixed(2)}; ${heapHeldMb(run).toFixed(2)} at once)`,
      goal: goals.atMost(1, ' MB'),
      detail: {
        ...common,
        heapBeforeBytes: before.heap,
        heapAfterBytes: after.heap,
        heapRightAfterCyclesBytes: run.held.heap,
        heapRightAfterCyclesGrowthMb: heapHeldMb(run),
        waitedBeforeSnapshotsMs: CACHE_RELEASE_MS,
        // react-query keeps a query for `gcTime` (5 min) after its last observer; the kit's
        // mutations, 5 s.
        cachedQueries: { before: before.page.cachedQueries, atOnce: run.held.page.cachedQueries, after: after.page.cachedQueries },
        cachedMutations: { before: before.page.cachedMutations, atOnce: run.held.page.cachedMutations, after: after.page.cachedMutations },
        domCounters: { before: before.counters, after: after.counters },
        control: { subject: control.subject, heapGrowthMb: heapGrowthMb(control), cyclesSeconds: control.cyclesSeconds },
      },
    }),
    figure({
      id: '4',
      name: `${run.subject}: window/document listeners + iframes left, ${cycles}`,
      value: listenersLeft + iframesLeft,
      unit: 'left',
      display: `${String(listenersLeft)} listeners, ${String(iframesLeft)} iframes`,
      goal: goals.exactly(0),
      detail: {
        ...common,
        listeners: { before: before.listeners, after: after.listeners },
        iframes: { before: before.page.iframes, after: after.page.iframes },
        childFrames: { before: before.childFrames, after: after.childFrames },
      },
    }),
  ];
}

/** Figure 5, from bench:proxy's own result. */
async function proxyFigures(): Promise<{ figures: Figure[]; raw: unknown }> {
  const name = { added: 'proxy: p50 latency added (bench:proxy)', ratio: 'proxy: throughput proxied/direct (bench:proxy)' };
  const notMeasured = (reason: string) => [
    figure({ id: '5', name: name.added, value: null, unit: 'ms', goal: goals.atMost(0.5, ' ms'), detail: { skipped: reason } }),
    figure({ id: '5', name: name.ratio, value: null, unit: '×', goal: goals.atLeast(0.75), detail: { skipped: reason } }),
  ];
  if (settings.skipProxy) return { figures: notMeasured('BENCH_SKIP_PROXY=1'), raw: null };
  if (!measures('5')) return { figures: notMeasured(`BENCH_FIGURES=${settings.figures.join(',')}`), raw: null };
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_BUILD_CHECKED: '1' };
  if (quick) {
    env.BENCH_ROUNDS ??= '3';
    env.BENCH_DURATION_S ??= '3';
    env.BENCH_WARMUP_S ??= '4';
  }
  log('figure 5: npx tsx bench/proxy.ts …');
  const outcome = await runProxyBench(repoRoot, env);
  if (!outcome.ok) {
    log(`figure 5 not measured: ${outcome.reason}`);
    return { figures: notMeasured(outcome.reason), raw: null };
  }
  const { result, exitCode } = outcome;
  if (exitCode !== 0) {
    // bench:proxy exits 1 when answers were non-2xx or failed: its rates would time errors.
    const reason = `bench/proxy.ts exited with ${String(exitCode)}: non-2xx answers or errors during its run, figures not valid`;
    log(`figure 5 not measured: ${reason}`);
    return { figures: notMeasured(reason), raw: result };
  }
  const detail = {
    direct: result.direct,
    proxied: result.proxied,
    p99AddedMs: result.p99AddedMs,
    proxyCpuUs: result.proxyCpuUs,
    passthrough: result.passthrough,
    machine: result.machine,
  };
  // As figure 3's DOM-only rows: the bare passthrough says how much of the ratio is Node's HTTP itself.
  const cpu = result.proxyCpuUs === undefined ? '' : `; proxy ${String(result.proxyCpuUs)} µs CPU/request`;
  const bare = result.passthrough
    ? `; a bare passthrough ${result.passthrough.throughputRatio.toFixed(2)}${result.passthrough.cpuUs === undefined ? '' : `, ${String(result.passthrough.cpuUs)} µs`}`
    : '';
  const added = round(result.p50AddedMs, 2);
  const ratio = round(result.throughputRatio, 2);
  return {
    figures: [
      figure({
        id: '5',
        name: name.added,
        value: added,
        unit: 'ms',
        display: `${added.toFixed(2)} ms`,
        // The goals are bench:proxy's own.
        goal: goals.atMost(result.goals.p50AddedMs, ' ms'),
        detail,
      }),
      figure({
        id: '5',
        name: name.ratio,
        value: ratio,
        unit: '×',
        display: `${ratio.toFixed(2)} (${String(Math.round(result.proxied.reqPerSec))} / ${String(Math.round(result.direct.reqPerSec))} req/s${cpu}${bare})`,
        goal: goals.atLeast(result.goals.throughputRatio),
        detail,
      }),
    ],
    raw: result,
  };
}

async function main(): Promise<void> {
  // Fails before the browser's minutes rather than after them (bench/built.ts).
  assertBuilt();
  const startedAt = performance.now();
  const loadAverageAtStart = round(loadavg()[0] ?? 0, 2);
  log(`settings: ${JSON.stringify(settings)}`);
  const pageDir = await mkdtemp(path.join(tmpdir(), 'payments-kit-bench-page-'));
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  const figures: Figure[] = [];
  const errors: string[] = [];
  let chromiumVersion: string;
  try {
    log('building the bench page (Vite, production) …');
    await buildBenchPage(pageDir);
    server = await startBenchServer(pageDir, { apiLatencyMs: settings.apiLatencyMs });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    chromiumVersion = browser.version();
    log(`page and proxy on ${server.url}, sandbox on ${server.sandbox.url}, Chromium ${chromiumVersion}`);

    const page = await openBenchPage(browser, server, errors);
    let pageRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/payments/')) pageRequests += 1;
    });
    if (measures('1')) {
      log('figure 1: mount → data on screen …');
      figures.push(await mountToDataFigure(page, server));
    }
    if (measures('2')) {
      log('figure 2: 50 instances of one transaction …');
      figures.push(await dedupeFigure(page, server, () => pageRequests));
    }
    if (measures('3')) {
      log('figure 3: 200 rows from the cache …');
      figures.push(await renderFromCacheFigure(page));
    }
    await page.close();

    const components = measures('4') ? settings.components : [];
    const control = components.length === 0 ? undefined : await (async () => {
      log(`figure 4: ${String(settings.cycles)} mount/unmount cycles of the baseline (control) …`);
      return runLifecycle(browser, server, 'baseline', errors);
    })();
    const lifecycle: Figure[] = [];
    for (const component of control ? components : []) {
      log(`figure 4: ${String(settings.cycles)} mount/unmount cycles of ${component} …`);
      lifecycle.push(...lifecycleFigures(await runLifecycle(browser, server, component, errors), control!));
    }
    // Heap rows first, then leftovers, so the table reads as two groups.
    figures.push(...lifecycle.filter((f) => f.unit === 'MB'), ...lifecycle.filter((f) => f.unit !== 'MB'));
    if (errors.length > 0) throw new Error(`the bench page reported errors:\n${errors.join('\n')}`);
  } finally {
    await browser?.close();
    await server?.close();
    await rm(pageDir, { recursive: true, force: true });
  }

  // After the browser and the servers are gone: bench:proxy wants the CPUs to itself.
  const proxy = await proxyFigures();
  figures.push(...proxy.figures);

  const first = cpus()[0];
  const machine: Machine = {
    cpu: first ? first.model.trim() : 'unknown',
    cores: availableParallelism(),
    node: process.versions.node,
    chromium: chromiumVersion,
    os: `${type()} ${release()}`,
    loadAverageAtStart,
  };
  const durationSeconds = round((performance.now() - startedAt) / 1000, 1);
  const date = new Date().toISOString();
  await writeResults(RESULTS_FILE, { date, machine, settings, durationSeconds, figures, proxy: proxy.raw });

  console.log(
    `\npayments-kit bench — ${date.slice(0, 10)}, ${machine.cpu}, ${String(machine.cores)} cores, ` +
      `Node ${machine.node}, Chromium ${machine.chromium}, load average at start ${String(loadAverageAtStart)}, ${String(durationSeconds)} s\n`,
  );
  console.log(table(figures));
  const missed = figures.filter((f) => f.pass === false).length;
  const unmeasured = figures.filter((f) => f.pass === null).length;
  console.log(
    `\n${String(figures.length - missed - unmeasured)} met, ${String(missed)} not met, ${String(unmeasured)} not measured; ` +
      `details in ${path.relative(process.cwd(), RESULTS_FILE)}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
