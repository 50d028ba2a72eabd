import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// FlowLauncher's flow view (its progress and theme forwarding) is a chunk the launcher loads when
// a flow starts. test/setup.ts loads it for every other test; here the modules start afresh, so
// the launcher loads it itself, as slowly as the test says, and the load fails as it does when the
// network drops or a deploy removed the chunk.
const chunk = vi.hoisted(() => {
  vi.resetModules();
  return { failing: false, loads: 0, gate: Promise.resolve() };
});
vi.mock('../../src/components/FlowLauncher/flowView.js', async (importOriginal) => {
  chunk.loads += 1;
  await chunk.gate;
  if (chunk.failing) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const { FlowLauncher } = await import('../../src/components/FlowLauncher/index.js');
const { en } = await import('../../src/components/messages/en.js');
const { HOSTED_FLOW_ORIGIN, createdFlowFetcher, renderWithProvider, setUpSandbox } = await import('./harness.js');

setUpSandbox();

const frame = () => document.querySelector<HTMLIFrameElement>('iframe.pk-flow-frame');

describe('FlowLauncher', () => {
  describe('given its flow view loads slower than the flow is created, then fails to load', () => {
    it('should wait for both, then show the error state with a retry that loads the view again and shows the flow', async () => {
      let release = () => {};
      chunk.gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      chunk.failing = true;
      const onError = vi.fn();
      const onFlowCreated = vi.fn();
      const { fetcher, created } = createdFlowFetcher(['compliance', 'payout']);
      const { container } = renderWithProvider(
        <FlowLauncher steps={['compliance', 'payout']} allowedOrigins={[HOSTED_FLOW_ORIGIN]} onError={onError} onFlowCreated={onFlowCreated} />,
        { fetcher },
      );
      const root = container.querySelector('.pk-flow');
      // The closed launcher needs no view: nothing is loaded before the user starts a flow.
      expect(chunk.loads).toBe(0);
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: en.flowStart }));
      });

      // The request went out with the load, not after it; its answer is in, the view is not.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(chunk.loads).toBe(1);
      expect(created).toHaveLength(1);
      expect(root).toHaveAttribute('data-state', 'pending');
      expect(root).toHaveAttribute('aria-busy', 'true');
      expect(frame()).toBeNull();
      expect(onFlowCreated).not.toHaveBeenCalled();

      release();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.errorTitles.network);
      expect(root).toHaveAttribute('data-state', 'error');
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network', operation: 'createFlow' }));
      expect(frame()).toBeNull();

      chunk.failing = false;
      act(() => {
        fireEvent.click(within(alert).getByRole('button', { name: en.retry }));
      });
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(chunk.loads).toBe(2);
      expect(screen.getByRole('list', { name: en.flowStepsLabel })).toBeInTheDocument();
      expect(root).toHaveAttribute('data-state', 'success');
      expect(screen.queryByRole('alert')).toBeNull();
      // The first flow was created but never shown (creating one moves no money); the retry made another.
      expect(created).toHaveLength(2);
      expect(onFlowCreated).toHaveBeenCalledTimes(1);
      expect(onFlowCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'flow_2' }));
    });
  });
});
