// npx tsx bench/retained.ts [component] — what a component leaves in the page's heap after
// mount/unmount cycles, by constructor: the diagnosis behind figure 4 of `npm run bench`
// (docs/performance.md). Same page, proxy and cycles as the bench (bench/ui/page/lifecycle.tsx),
// built unminified so constructors and functions keep their names. A heap snapshot after the
// warm-up and the kit's 5 s mutation cache time, another after the cycles and the same wait; the
// objects of the second whose ids the first lacks are listed by type and constructor, largest
// first, with the shortest strong path from the root to one of each of the largest groups.
//
// component: TransactionDetail, ConfirmIntentButton, FlowLauncher (default), VolumeCard or
// baseline. BENCH_CYCLES [1000], BENCH_CYCLES_WARMUP [50] as in the bench; BENCH_RETAINED_TOP
// [30] groups listed, BENCH_RETAINED_PATHS [8] of them with a path, and any group matching the
// pattern BENCH_RETAINED_MATCH.
import { sleep } from '../src/lib/deadline.js';
import { SETTLED_MUTATION_GC_MS } from '../src/client/queries.js';
import { heapSnapshot } from './ui/cdp.js';
import { openDiagnosticPage } from './ui/diagnosticPage.js';
import { newObjects, readHeapSnapshot } from './ui/heapSnapshot.js';
import { LIFECYCLE_COMPONENTS, type LifecycleSubject } from './ui/protocol.js';

const subject = (process.argv[2] ?? 'FlowLauncher') as LifecycleSubject;
if (subject !== 'baseline' && !LIFECYCLE_COMPONENTS.includes(subject)) {
  throw new Error(`bench/retained.ts: ${subject} is not one of ${LIFECYCLE_COMPONENTS.join(', ')} or baseline`);
}
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const cycles = count('BENCH_CYCLES', 1000);
const warmup = count('BENCH_CYCLES_WARMUP', 50);
const top = count('BENCH_RETAINED_TOP', 30);
const paths = count('BENCH_RETAINED_PATHS', 8);
// A pattern: the groups it matches get a path too, wherever they rank (e.g. `NativeContext|MessageEvent`).
const pick = process.env.BENCH_RETAINED_MATCH ? new RegExp(process.env.BENCH_RETAINED_MATCH) : undefined;

const { page, server, close } = await openDiagnosticPage('retained');
try {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate((o) => window.paymentsBench!.lifecycleSetup(o), new URL(server.sandbox.url).origin);
  const run = (n: number) => page.evaluate(([s, c]) => window.paymentsBench!.lifecycleCycles(s, c), [subject, n] as const);

  await run(warmup);
  await sleep(SETTLED_MUTATION_GC_MS + 1_000);
  const before = readHeapSnapshot(await heapSnapshot(cdp)).ids();
  await run(cycles);
  await sleep(SETTLED_MUTATION_GC_MS + 1_000);
  const after = readHeapSnapshot(await heapSnapshot(cdp));
  const groups = newObjects(before, after);
  const total = groups.reduce((sum, g) => sum + g.bytes, 0);

  console.log(`${subject}: ${String(cycles)} cycles after ${String(warmup)}; new objects still alive: ${(total / 1024 / 1024).toFixed(2)} MB (self sizes)\n`);
  console.log('   bytes   count  per cycle  type and constructor');
  for (const g of groups.slice(0, top)) {
    console.log(`${String(g.bytes).padStart(8)} ${String(g.count).padStart(7)} ${(g.count / cycles).toFixed(2).padStart(10)}  ${g.group}`);
  }
  for (const g of groups.filter((group, rank) => rank < paths || pick?.test(group.group))) {
    console.log(`\n${g.group} (${String(g.count)}), held by:\n  ${after.retainerPath(g.sample).join('\n  ')}`);
  }
} finally {
  await close();
}
