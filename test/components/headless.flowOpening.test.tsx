import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

// The check of a created flow's link is a chunk useHostedFlow loads with each creation.
// test/setup.ts loads it for every other test; here the modules start afresh, so the hook loads it
// itself, as slowly as the test says, and the load fails as it does when the network drops or a
// deploy removed the chunk.
const chunk = vi.hoisted(() => {
  vi.resetModules();
  return { failing: false, loads: 0, gate: Promise.resolve() };
});
vi.mock('../../src/components/headless/openFlow.js', async (importOriginal) => {
  chunk.loads += 1;
  await chunk.gate;
  if (chunk.failing) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const { useHostedFlow } = await import('../../src/components/headless/index.js');
const { PaymentsProvider } = await import('../../src/components/PaymentsProvider.js');
const { HOSTED_FLOW_ORIGIN, createTestQueryClient, createdFlowFetcher } = await import('./harness.js');

describe('useHostedFlow', () => {
  describe('given the link check’s chunk loads slower than the flow is created, then fails to load', () => {
    it('should wait for both, fail the creation with a retryable error, and load the chunk again on start()', async () => {
      let release = () => {};
      chunk.gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      chunk.failing = true;
      const onError = vi.fn();
      const { fetcher, created } = createdFlowFetcher(['compliance']);
      const queryClient = createTestQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <PaymentsProvider fetcher={fetcher} queryClient={queryClient}>
          {children}
        </PaymentsProvider>
      );
      const { result } = renderHook(() => useHostedFlow({ steps: ['compliance'], title: 'Verify', allowedOrigins: [HOSTED_FLOW_ORIGIN], onError }), { wrapper });
      // Nothing is loaded before a flow is started.
      expect(chunk.loads).toBe(0);
      act(() => {
        result.current.start();
      });
      // The request went out with the load, not after it; its answer is in, the check is not.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(chunk.loads).toBe(1);
      expect(created).toHaveLength(1);
      expect(result.current.state).toBe('creating');

      release();
      await waitFor(() => {
        expect(result.current.state).toBe('error');
      });
      expect(result.current.canRetry).toBe(true);
      expect(result.current.frameProps).toBeUndefined();
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network', operation: 'createFlow' }));

      chunk.failing = false;
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('open');
      });
      expect(chunk.loads).toBe(2);
      expect(result.current.frameProps?.src).toBe(new URL(`${HOSTED_FLOW_ORIGIN}/flow`).href);
      expect(created).toHaveLength(2);
    });
  });
});
