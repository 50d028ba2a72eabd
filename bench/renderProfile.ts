// npx tsx --conditions=payments-kit:source bench/renderProfile.ts — where figure 3 of
// `npm run bench` (200 TransactionDetail rendered from the cache) spends its time: the diagnosis
// behind docs/performance.md#render-cost. Same page, proxy and rows as the bench, built unminified
// so functions keep their names; after a warm-up, Chromium's CPU profiler (sampling every 50 µs)
// records BENCH_PROFILE_RUNS [20] renders of the kit's rows, and the functions are listed by self
// time and by total time (the time spent in them and in what they call), largest first.
//
// BENCH_PROFILE_TOP [40] lines per list; BENCH_PROFILE_OUT=file.cpuprofile also writes the profile
// (open it in Chromium's DevTools, Performance panel). BENCH_PROFILE_CONTENDER [kit] profiles
// `baseline` or `kit-dom` instead. BENCH_PROFILE_FOCUS=pattern adds a third list: total time of
// the functions called (at any depth) under the functions whose name matches the pattern.
// BENCH_PROFILE_FIGURE=mount profiles figure 1 instead (mount → data on screen, a fresh provider
// and a real request to the proxy each time; `kit` or `baseline`): ms per mount, the time spent
// waiting for the answer shown as `(idle)`. BENCH_PROFILE_KIND=alloc samples what is allocated
// instead of where the time goes (Chromium's sampling heap profiler, every 512 bytes, garbage
// included): KB per render by function, self and total.
//
// As in the bench, the page collects garbage before each render (bench/ui/page/waitFor.ts): the
// profile is of the state the bench measures.
import { writeFile } from 'node:fs/promises';
import { sandboxIds } from '../src/testing/index.js';
import { sampleAllocations, type AllocationNode } from './ui/cdp.js';
import { openDiagnosticPage } from './ui/diagnosticPage.js';
import type { RowsContender } from './ui/protocol.js';

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const runs = count('BENCH_PROFILE_RUNS', 20);
const top = count('BENCH_PROFILE_TOP', 40);
const contender = (process.env.BENCH_PROFILE_CONTENDER ?? 'kit') as RowsContender;
const mounts = process.env.BENCH_PROFILE_FIGURE === 'mount';
if (mounts && contender === 'kit-dom') throw new Error('BENCH_PROFILE_FIGURE=mount profiles `kit` or `baseline`');
const focus = process.env.BENCH_PROFILE_FOCUS ? new RegExp(process.env.BENCH_PROFILE_FOCUS) : undefined;
const ROWS = 200;
const allocations = process.env.BENCH_PROFILE_KIND === 'alloc';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self and total ms per function (name and place), a function counted once per stack for total;
 * `under`: total ms of the functions below one matching `focus` in the same stack.
 */
function byFunction(profile: Profile): { self: Map<string, number>; total: Map<string, number>; under: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url === '' ? '' : ` ${url.split('/').pop() ?? ''}:${String(lineNumber + 1)}`;
    return `${functionName === '' ? '(anonymous)' : functionName}${file}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const under = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const leaf = nodes.get(id);
    if (!leaf) return;
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + delta);
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = nodes.get(at);
      if (!node) break;
      stack.push(name(node));
    }
    const add = (into: Map<string, number>, keys: string[]) => {
      for (const key of new Set(keys)) into.set(key, (into.get(key) ?? 0) + delta);
    };
    add(total, stack);
    // The stack runs leaf first: what lies below the outermost frame that matches.
    const outer = focus ? stack.findLastIndex((key) => focus.test(key)) : -1;
    if (outer >= 0) add(under, stack.slice(0, outer + 1));
  });
  return { self, total, under };
}

/** Bytes allocated per function (name and place): by itself, and by it and what it calls (once per stack). */
function allocatedByFunction(head: AllocationNode): { self: Map<string, number>; total: Map<string, number>; all: number } {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  const walk = (node: AllocationNode, stack: ReadonlySet<string>): number => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName === '' ? '(anonymous)' : functionName}${url === '' ? '' : ` ${url.split('/').pop() ?? ''}:${String(lineNumber + 1)}`}`;
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    all += node.selfSize;
    let below = node.selfSize;
    for (const child of node.children) below += walk(child, new Set([...stack, key]));
    if (!stack.has(key)) total.set(key, (total.get(key) ?? 0) + below);
    return below;
  };
  walk(head, new Set());
  return { self, total, all };
}

function printKilobytes(title: string, entries: Map<string, number>, perRender: number): void {
  console.log(`\n${title} (KB per ${unit})`);
  for (const [key, bytes] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(bytes / perRender / 1024).toFixed(1).padStart(8)}  ${key}`);
}

const unit = mounts ? 'mount → data' : `render of ${String(ROWS)} rows`;

function print(title: string, entries: Map<string, number>, perRender: number): void {
  console.log(`\n${title} (ms per ${unit})`);
  const sorted = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, ms] of sorted) console.log(`${(ms / perRender).toFixed(2).padStart(8)}  ${key}`);
}

const { page, close } = await openDiagnosticPage('render-profile');
try {
  const id = sandboxIds.transactions.created;
  if (!mounts) await page.evaluate(([i, n]) => window.paymentsBench!.fillCache(i, n), [id, ROWS] as const);
  const render = (times: number) =>
    mounts
      ? page.evaluate(
          async ([c, i, t]) => {
            const taken: number[] = [];
            // One after the other, as figure 1 takes them; the text check is figure 1's.
            for (let n = 0; n < t; n += 1) taken.push(await window.paymentsBench!.mountToData(c, i, ''));
            return taken;
          },
          [contender as 'kit' | 'baseline', id, times] as const,
        )
      : page.evaluate(
          ([c, n, t]) => Array.from({ length: t }, () => window.paymentsBench!.renderFromCache(c, n)),
          [contender, ROWS, times] as const,
        );
  await render(5);
  const cdp = await page.context().newCDPSession(page);
  if (allocations) {
    // One sampled profile over the runs, taken in one page call, as the time profile below is.
    const head = await sampleAllocations(cdp, 1, () => render(runs));
    const { self, total, all } = allocatedByFunction(head);
    console.log(`${contender}: ${String(runs)} × ${unit}, ${(all / runs / 1024).toFixed(0)} KB allocated per ${unit}`);
    printKilobytes('allocated by the function itself', self, runs);
    printKilobytes('allocated by the function and what it calls', total, runs);
  } else {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    const times = await render(runs);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (process.env.BENCH_PROFILE_OUT) await writeFile(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${contender}: ${String(runs)} × ${unit}, median ${(sorted[Math.floor(runs / 2)] ?? 0).toFixed(1)} ms (profiler on)`);
    const { self, total, under } = byFunction(profile);
    print('self time', self, runs);
    print('total time', total, runs);
    if (focus) print(`total time under ${focus.source}`, under, runs);
  }
} finally {
  await close();
}
