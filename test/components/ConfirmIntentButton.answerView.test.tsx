import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmIntentButton } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { renderWithProvider, setUpSandbox } from './harness.js';

// The button's answer view is a chunk the page loads when the button mounts; here its load fails,
// as it does when the network drops or a deploy removed the chunk.
vi.mock('../../src/components/ConfirmIntentButton/ConfirmAnswer.js', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const { sandbox } = setUpSandbox();

describe('ConfirmIntentButton', () => {
  describe('given its answer view fails to load', () => {
    it('should say so in an alert and offer no confirm whose answer it could not show', async () => {
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.notStartedTitle);
      expect(alert).toHaveTextContent(en.sessionExpiredDescription);
      expect(screen.queryByRole('button')).toBeNull();
      expect(container.querySelector('.pk-confirm')).toHaveAttribute('data-state', 'idle');
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(0);
    });

    it('should send a confirm clicked before the load failed, then say to reload rather than offer another', async () => {
      renderWithProvider(
        <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />,
      );
      // The click does not wait for the view: it is sent before the load has settled.
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: en.confirmButton }));
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(en.sessionExpiredDescription);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: en.confirmButton })).toBeNull();
    });
  });
});
