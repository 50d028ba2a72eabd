// The kit's own QueryClient retrying reads: after a 429 it waits what Retry-After asks (at most
// 30 s) or react-query's backoff, at most three times; other errors keep two retries. Fake
// timers throughout: the waits are asserted by the fake clock, never by the wall clock.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetcher, useTransaction, useTransactionVolume } from 'payments-kit';
import { createWrapper } from './wrapper.js';

/** A 429 from the proxy in its one error shape, with these headers. */
const rateLimited = (headers: Record<string, string> = {}) => () =>
  Response.json(
    { error: { kind: 'http', status: 429, code: 'rate_limited', message: 'Too many requests.', operation: 'getTransactionVolume' } },
    { status: 429, headers },
  );
const volume = () => () => Response.json({ success: true, volume: 4_512_000 });
const status = (code: number) => () => Response.json({ error: { kind: 'http', status: code, message: `HTTP ${code}` } }, { status: code });

/**
 * A stand-in proxy, injected as the fetcher's `fetch` (no global mock): answers in turn (the
 * last one for every request after), and records when, on the fake clock, each request came.
 */
function proxy(...answers: (() => Response)[]) {
  const start = Date.now();
  const at: number[] = [];
  const signals: (AbortSignal | null | undefined)[] = [];
  const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[Math.min(at.length, answers.length - 1)]!;
    at.push(Date.now() - start);
    const signal = init?.signal;
    signals.push(signal);
    // React 18's StrictMode mounts effects twice and aborts the first read: only the requests
    // that were not aborted count (React 19 sends one).
    signal?.addEventListener('abort', () => {
      const index = signals.indexOf(signal);
      signals.splice(index, 1);
      at.splice(index, 1);
    });
    return Promise.resolve(answer());
  };
  return { fetcher: createProxyFetcher({ fetch }), at };
}

/** Advances the fake clock by `ms`, letting requests, retries and renders run meanwhile. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Waits for the hook's status on the fake clock, 50 ms at a time: reading an answer's body takes
 * turns of the event loop, and on React 18 a few more than on 19. Bounded in fake time (5 s),
 * never by the wall clock, so a busy machine cannot fail it.
 */
async function settled(result: { current: { status: string } }, status: 'error' | 'success') {
  for (let step = 0; step < 100 && result.current.status !== status; step++) await wait(50);
  expect(result.current.status).toBe(status);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("given the kit's own QueryClient (no queryClient prop)", () => {
  describe('given a read answered 429 with Retry-After: 2 every time', () => {
    it('should read again 2 s after each answer, three times, then fail with the 429 and its wait', async () => {
      const { fetcher, at } = proxy(rateLimited({ 'Retry-After': '2' }));
      const { result } = renderHook(() => useTransactionVolume({ period: 'month' }), { wrapper: createWrapper({ fetcher }) });
      await wait(0);
      expect(at).toEqual([0]);
      await wait(1_999);
      // Not a moment before the wait it asked for.
      expect(at).toEqual([0]);
      await wait(1);
      expect(at).toEqual([0, 2_000]);
      await wait(4_000);
      expect(at).toEqual([0, 2_000, 4_000, 6_000]);
      await settled(result, 'error');
      expect(result.current.error).toMatchObject({ kind: 'http', status: 429, code: 'rate_limited', retryAfterMs: 2_000 });
      // And no more by itself.
      await wait(60_000);
      expect(at).toHaveLength(4);
    });

    it('should show the data when a retry is answered', async () => {
      const { fetcher, at } = proxy(rateLimited({ 'Retry-After': '2' }), volume());
      const { result } = renderHook(() => useTransactionVolume({ period: 'month' }), { wrapper: createWrapper({ fetcher }) });
      await wait(2_000);
      expect(at).toEqual([0, 2_000]);
      await settled(result, 'success');
      expect(result.current.data).toEqual({ volume: 4_512_000 });
      expect(result.current.failureCount).toBe(0);
    });
  });

  describe('given a read answered 429 without Retry-After', () => {
    it("should retry on react-query's backoff, 1 s, 2 s, then 4 s, and then fail", async () => {
      const { fetcher, at } = proxy(rateLimited());
      const { result } = renderHook(() => useTransaction('1001', { liveStatus: false }), { wrapper: createWrapper({ fetcher }) });
      await wait(999);
      expect(at).toEqual([0]);
      await wait(1);
      expect(at).toEqual([0, 1_000]);
      await wait(2_000);
      expect(at).toEqual([0, 1_000, 3_000]);
      await wait(4_000);
      expect(at).toEqual([0, 1_000, 3_000, 7_000]);
      await settled(result, 'error');
      expect(result.current.error?.retryAfterMs).toBeUndefined();
      await wait(60_000);
      expect(at).toHaveLength(4);
    });
  });

  describe('given a read answered 429 with a Retry-After of an hour', () => {
    it('should wait 30 s at most before each retry', async () => {
      const { fetcher, at } = proxy(rateLimited({ 'Retry-After': '3600' }));
      renderHook(() => useTransactionVolume({ period: 'month' }), { wrapper: createWrapper({ fetcher }) });
      await wait(29_999);
      expect(at).toEqual([0]);
      await wait(1);
      expect(at).toEqual([0, 30_000]);
    });
  });

  describe('given other errors (current policy, unchanged)', () => {
    it('should retry a 503 twice on the backoff, not three times', async () => {
      const { fetcher, at } = proxy(status(503));
      const { result } = renderHook(() => useTransactionVolume({ period: 'month' }), { wrapper: createWrapper({ fetcher }) });
      await wait(60_000);
      expect(at).toEqual([0, 1_000, 3_000]);
      await settled(result, 'error');
    });

    it('should not retry a 404', async () => {
      const { fetcher, at } = proxy(status(404));
      const { result } = renderHook(() => useTransactionVolume({ period: 'month' }), { wrapper: createWrapper({ fetcher }) });
      await wait(60_000);
      expect(at).toEqual([0]);
      await settled(result, 'error');
    });
  });
});
