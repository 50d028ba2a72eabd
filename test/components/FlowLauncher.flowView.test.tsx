import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// FlowLauncher's flow view (its progress and theme forwarding) is a chunk the launcher loads when
// a flow starts. test/setup.ts loads it for every other test; here the modules start afresh, so
// the launcher loads it itself, and its load fails as it does when the network drops or a deploy
// removed the chunk.
const chunk = vi.hoisted(() => {
  vi.resetModules();
  return { failing: false, loads: 0 };
});
vi.mock('../../src/components/FlowLauncher/flowView.js', async (importOriginal) => {
  chunk.loads += 1;
  if (chunk.failing) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const { FlowLauncher } = await import('../../src/components/FlowLauncher/index.js');
const { en } = await import('../../src/components/messages/en.js');
const { renderWithProvider, setUpSandbox } = await import('./harness.js');

const { sandbox } = setUpSandbox();

const STEPS = ['compliance', 'payout'] as const;
const frame = () => document.querySelector<HTMLIFrameElement>('iframe.pk-flow-frame');

describe('FlowLauncher', () => {
  describe('given its flow view fails to load', () => {
    it('should show the error state with a retry that loads the view again and shows the flow', async () => {
      chunk.failing = true;
      const onError = vi.fn();
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} onError={onError} />);
      // The closed launcher needs no view: nothing is loaded before the user starts a flow.
      expect(chunk.loads).toBe(0);
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: en.flowStart }));
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.errorTitles.network);
      expect(container.querySelector('.pk-flow')).toHaveAttribute('data-state', 'error');
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'network', operation: 'createFlow' }));
      expect(frame()).toBeNull();
      const loadsBefore = chunk.loads;

      chunk.failing = false;
      act(() => {
        fireEvent.click(within(alert).getByRole('button', { name: en.retry }));
      });
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(chunk.loads).toBeGreaterThan(loadsBefore);
      expect(screen.getByRole('list', { name: en.flowStepsLabel })).toBeInTheDocument();
      expect(container.querySelector('.pk-flow')).toHaveAttribute('data-state', 'success');
      expect(screen.queryByRole('alert')).toBeNull();
      // The first flow was created but never shown (creating one moves no money); the retry made another.
      expect(sandbox.callsFor('createFlow')).toHaveLength(2);
    });
  });
});
