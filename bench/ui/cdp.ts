// What the driver reads from Chromium over the DevTools protocol for the lifecycle figure:
// the JS heap after a forced GC, and the event listeners on window and document.
import type { CDPSession } from 'playwright-core';

/** Forces full GCs (twice, with a pause for finalizers and detached frames) and returns the used JS heap in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 2; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export interface ListenerCount {
  window: number;
  document: number;
  /** `type` → count, over both targets, for the report. */
  byType: Record<string, number>;
}

/** Event listeners registered on `window` and `document` (DOMDebugger.getEventListeners). */
export async function countListeners(cdp: CDPSession): Promise<ListenerCount> {
  const byType: Record<string, number> = {};
  const on = async (expression: 'window' | 'document'): Promise<number> => {
    const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'bench' });
    if (result.objectId === undefined) throw new Error(`CDP: no object for ${expression}`);
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
    for (const listener of listeners) byType[listener.type] = (byType[listener.type] ?? 0) + 1;
    return listeners.length;
  };
  const count = { window: await on('window'), document: await on('document') };
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
  return { ...count, byType };
}

/** Documents, DOM nodes and JS event listeners alive in the renderer (Memory.getDOMCounters). */
export async function domCounters(cdp: CDPSession): Promise<{ documents: number; nodes: number; jsEventListeners: number }> {
  return cdp.send('Memory.getDOMCounters');
}

/** A full heap snapshot of the page (HeapProfiler.takeHeapSnapshot, after forced GCs), as its JSON text. */
export async function heapSnapshot(cdp: CDPSession): Promise<string> {
  await heapAfterGc(cdp);
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return chunks.join('');
}

/** A node of Chromium's sampled allocation profile: a function, what it allocated itself, what it called. */
export interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/**
 * Chromium's sampling heap profiler (a sample every 512 bytes allocated, garbage included) over
 * `times` calls of `run`: the profile's root.
 */
export async function sampleAllocations(cdp: CDPSession, times: number, run: () => Promise<unknown>): Promise<AllocationNode> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < times; i++) await run();
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  return profile.head;
}

/**
 * Bytes allocated per call of `run`, garbage included, averaged over `times` calls
 * ({@link sampleAllocations}, summed over the whole profile). Unlike the time a render takes,
 * this barely moves between runs, so it tracks render work through a busy machine's noise.
 */
export async function allocatedPerRun(cdp: CDPSession, times: number, run: () => Promise<unknown>): Promise<number> {
  const sum = (node: AllocationNode): number => node.children.reduce((bytes, child) => bytes + sum(child), node.selfSize);
  return sum(await sampleAllocations(cdp, times, run)) / times;
}
