// The live tests' fake clock: timers and Date are fake, Web Crypto and the streams' own turns real.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Fakes timers and Date around each test of the file that calls it. */
export function withLiveClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Fake time passes, and real turns too: the webhook's and the session's checks use Web Crypto. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await new Promise((resolve) => setImmediate(resolve));
  });
}

/** Until `assertion` holds, fake time passing 50 ms a step; bounded by steps, not by the wall clock. */
export async function until(assertion: () => void, steps = 200): Promise<void> {
  for (let step = 0; step < steps; step++) {
    try {
      assertion();
      return;
    } catch {
      await advance(50);
    }
  }
  assertion();
}

