// Figure 5: the proxy's cost, measured by `bench:proxy` (bench/proxy.ts, not ours) in its own
// processes. It is spawned with BENCH_RESULT_FILE and writes its result there as JSON; every other
// BENCH_* variable of this process passes through (BENCH_ROUNDS, BENCH_DURATION_S, …).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProxyBenchResult } from '../proxy.js';

// Its result's shape is bench/proxy.ts's own (`import type`: nothing of that script runs here).
export type { ProxyBenchResult };

export type ProxyBenchOutcome =
  /** `exitCode` ≠ 0: bench/proxy.ts saw non-2xx answers or errors during its run. */
  | { ok: true; result: ProxyBenchResult; exitCode: number | null }
  | { ok: false; reason: string };

function isLoad(value: unknown): value is ProxyBenchResult['direct'] {
  if (typeof value !== 'object' || value === null) return false;
  const load = value as Record<string, unknown>;
  return ['reqPerSec', 'p50Ms', 'p99Ms'].every((key) => typeof load[key] === 'number');
}

/** Checks at run time what the type says: the file comes from another process. */
function isProxyBenchResult(value: unknown): value is ProxyBenchResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  const goals = result.goals as Record<string, unknown> | null | undefined;
  return (
    isLoad(result.direct) &&
    isLoad(result.proxied) &&
    typeof result.p50AddedMs === 'number' &&
    typeof result.p99AddedMs === 'number' &&
    typeof result.throughputRatio === 'number' &&
    typeof goals?.p50AddedMs === 'number' &&
    typeof goals.throughputRatio === 'number'
  );
}

/** Runs `npx tsx bench/proxy.ts` in `cwd` with `env` (its output goes to ours) and reads its result. */
export async function runProxyBench(cwd: string, env: NodeJS.ProcessEnv): Promise<ProxyBenchOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'payments-kit-bench-proxy-'));
  const resultFile = path.join(dir, 'result.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('npx', ['tsx', 'bench/proxy.ts'], {
        cwd,
        env: { ...env, BENCH_RESULT_FILE: resultFile },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    let text: string;
    try {
      text = await readFile(resultFile, 'utf8');
    } catch {
      return { ok: false, reason: `bench/proxy.ts (exit code ${String(code)}) wrote no BENCH_RESULT_FILE` };
    }
    const parsed: unknown = JSON.parse(text);
    if (!isProxyBenchResult(parsed)) return { ok: false, reason: `bench/proxy.ts wrote an unexpected result: ${text.slice(0, 300)}` };
    return { ok: true, result: parsed, exitCode: code };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
