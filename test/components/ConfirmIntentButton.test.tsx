import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- paymentIntentStatuses of api/index, which no entry exports
import { PaymentsError, paymentIntentStatuses, type PaymentIntent } from '../../src/api/index.js';
import { createProxyFetcher, paymentsKeys, type PaymentsFetcher, ConfirmIntentButton } from 'payments-kit';
import { messagesEn as en, messagesEs as es, messagesJa as ja } from 'payments-kit/messages';
import { UNKNOWN_INTENT_STATUS, sandboxIds } from 'payments-kit/testing';
import { apiErrorFault, vias } from './apiErrors.js';
import { expectNoAxeViolations, holdRequests, rateLimitedFault, renderWithProvider, setUpSandbox, untilOnFakeClock } from './harness.js';

const { sandbox, browserRequests, server } = setUpSandbox();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const method = sandboxIds.paymentMethod;
const ids = sandboxIds.paymentIntents;

/** The keys the browser sent, oldest first (before the stand-in proxy touched the request). */
const sentKeys = () => browserRequests.map((request) => request.headers.get('idempotency-key'));
const confirmButton = () => screen.getByRole('button', { name: en.confirmButton });
const root = (container: HTMLElement) => container.querySelector('.pk-confirm') as HTMLElement;

describe('ConfirmIntentButton', () => {
  describe('given 20 rapid clicks and Enter and Space presses on one button', () => {
    it('should send exactly one confirm request', async () => {
      sandbox.inject({ kind: 'latency', ms: 80 }, { operation: 'confirmPaymentIntent' });
      const user = userEvent.setup();
      const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      const button = confirmButton();
      // All 20 in one synchronous burst: React has not re-rendered the button as disabled yet,
      // so only the ref guard stands between these clicks and 20 POSTs.
      act(() => {
        for (let i = 0; i < 20; i += 1) fireEvent.click(button);
      });
      button.focus();
      await user.keyboard('{Enter}{Enter} {Enter} ');
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(root(container)).toHaveAttribute('data-state', 'confirmed');
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      expect(sandbox.data.paymentIntents.get(ids.succeeded)?.confirmations).toBe(1);
    });

    it('should send one request for a burst of keyboard activations before any re-render', async () => {
      const user = userEvent.setup();
      renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      confirmButton().focus();
      await user.keyboard('{Enter>5/}{ >3/}');
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given two buttons for one payment intent, one of them remounted while its confirm is in flight', () => {
    /** Two buttons for the same intent; `generation` remounts the first one. */
    function Page({ generation }: { generation: number }) {
      return (
        <>
          <ConfirmIntentButton key={generation} data-testid="first" paymentIntentId={ids.succeeded} paymentMethodId={method} />
          <ConfirmIntentButton data-testid="second" paymentIntentId={ids.succeeded} paymentMethodId={method} />
        </>
      );
    }

    it('should send exactly one confirm: every button shows it as confirming, then its outcome, and none offers another', async () => {
      // Held until the test has looked at every button in flight: a latency could end first on a busy machine.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const user = userEvent.setup();
      const view = renderWithProvider(<Page generation={1} />);
      await user.click(within(screen.getByTestId('first')).getByRole('button', { name: en.confirmButton }));
      // The other button for the intent knows: busy and disabled, not a way to a second POST.
      await waitFor(() => {
        expect(screen.getByTestId('second')).toHaveAttribute('data-state', 'confirming');
      });
      expect(within(screen.getByTestId('second')).getByRole('button', { name: en.confirmPending })).toBeDisabled();
      view.rerender(<Page generation={2} />);
      const remounted = screen.getByTestId('first');
      expect(remounted).toHaveAttribute('data-state', 'confirming');
      const pending = within(remounted).getByRole('button', { name: en.confirmPending });
      expect(pending).toBeDisabled();
      // Even a click that reaches it (a stale handler, a script) sends nothing.
      act(() => {
        pending.removeAttribute('disabled');
        fireEvent.click(pending);
      });
      hold.release();
      await waitFor(() => {
        expect(screen.getByTestId('second')).toHaveAttribute('data-state', 'confirmed');
      });
      expect(screen.getByTestId('first')).toHaveAttribute('data-state', 'confirmed');
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      expect(sandbox.data.paymentIntents.get(ids.succeeded)?.confirmations).toBe(1);
    });

    it('should send one confirm for clicks on both buttons in the same frame', async () => {
      sandbox.inject({ kind: 'latency', ms: 50 }, { operation: 'confirmPaymentIntent' });
      renderWithProvider(<Page generation={1} />);
      const buttons = screen.getAllByRole('button', { name: en.confirmButton });
      expect(buttons).toHaveLength(2);
      // Neither button has re-rendered as disabled when the other is clicked.
      act(() => {
        for (const button of [...buttons, ...buttons]) fireEvent.click(button);
      });
      await waitFor(() => {
        expect(screen.getAllByText(en.paymentIntentStatuses.succeeded)).toHaveLength(2);
      });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should share the page’s fact across two roots on one QueryClient, and call back only the button that started it', async () => {
      // Held until the other root has shown it in flight: a latency could end first on a busy machine.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const user = userEvent.setup();
      const onConfirmedHere = vi.fn();
      const onConfirmedThere = vi.fn();
      const here = renderWithProvider(<ConfirmIntentButton data-testid="here" paymentIntentId={ids.succeeded} paymentMethodId={method} onConfirmed={onConfirmedHere} />);
      renderWithProvider(<ConfirmIntentButton data-testid="there" paymentIntentId={ids.succeeded} paymentMethodId={method} onConfirmed={onConfirmedThere} />, {
        queryClient: here.queryClient,
      });
      await user.click(within(screen.getByTestId('here')).getByRole('button'));
      await waitFor(() => {
        expect(screen.getByTestId('there')).toHaveAttribute('data-state', 'confirming');
      });
      hold.release();
      await waitFor(() => {
        expect(screen.getByTestId('there')).toHaveAttribute('data-state', 'confirmed');
      });
      expect(onConfirmedHere).toHaveBeenCalledTimes(1);
      expect(onConfirmedThere).not.toHaveBeenCalled();
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should offer the retry of an unknown outcome on the other button, with the SAME key', async () => {
      sandbox.inject({ kind: 'status', status: 503 }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      renderWithProvider(<Page generation={1} />);
      await user.click(within(screen.getByTestId('first')).getByRole('button'));
      const second = screen.getByTestId('second');
      await waitFor(() => {
        expect(second).toHaveAttribute('data-state', 'error');
      });
      expect(within(second).getAllByRole('button').map((b) => b.textContent)).toEqual([en.retry]);
      await user.click(within(second).getByRole('button', { name: en.retry }));
      await waitFor(() => {
        expect(screen.getByTestId('first')).toHaveAttribute('data-state', 'confirmed');
      });
      const [firstKey, secondKey] = sentKeys();
      expect(sentKeys()).toHaveLength(2);
      expect(secondKey).toBe(firstKey);
    });

    it('should keep showing the outcome on a remounted button after the cache lets the confirm go', async () => {
      const user = userEvent.setup();
      const view = renderWithProvider(<Page generation={1} />);
      await user.click(within(screen.getByTestId('first')).getByRole('button'));
      await waitFor(() => {
        expect(screen.getByTestId('second')).toHaveAttribute('data-state', 'confirmed');
      });
      view.rerender(<Page generation={2} />);
      expect(screen.getByTestId('first')).toHaveAttribute('data-state', 'confirmed');
      // The button that started it is gone: the settled confirm leaves the cache 5 s later.
      act(() => {
        view.queryClient.getMutationCache().clear();
      });
      expect(screen.getByTestId('second')).toHaveAttribute('data-state', 'confirmed');
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given two buttons for one payment intent with different payment methods', () => {
    const other = 'pm_card_mastercard';
    /** The page offers the intent with either method: the customer picks one. */
    function TwoMethods({ paymentIntentId }: { paymentIntentId: string }) {
      return (
        <>
          <ConfirmIntentButton data-testid="visa" paymentIntentId={paymentIntentId} paymentMethodId={method} />
          <ConfirmIntentButton data-testid="mastercard" paymentIntentId={paymentIntentId} paymentMethodId={other} />
        </>
      );
    }

    it.each([
      ['succeeded', ids.succeeded, 'confirmed'],
      ['processing', ids.processing, 'confirmed'],
      ['requires_capture', ids.requires_capture, 'confirmed'],
      ['requires_action', ids.requires_action, 'requires-action'],
    ] as const)('should show %s on the other method’s button too, and offer no second confirm there', async (status, paymentIntentId, state) => {
      const user = userEvent.setup();
      renderWithProvider(<TwoMethods paymentIntentId={paymentIntentId} />);
      await user.click(within(screen.getByTestId('visa')).getByRole('button', { name: en.confirmButton }));
      const mastercard = screen.getByTestId('mastercard');
      await waitFor(() => {
        expect(mastercard).toHaveAttribute('data-state', state);
      });
      expect(within(mastercard).getByText(en.paymentIntentStatuses[status])).toBeVisible();
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should still offer the other method after a payment that failed', async () => {
      const user = userEvent.setup();
      renderWithProvider(<TwoMethods paymentIntentId={ids.failed} />);
      await user.click(within(screen.getByTestId('visa')).getByRole('button', { name: en.confirmButton }));
      await waitFor(() => {
        expect(screen.getByTestId('visa')).toHaveAttribute('data-state', 'error');
      });
      expect(within(screen.getByTestId('mastercard')).getByRole('button', { name: en.confirmButton })).toBeEnabled();
    });

    it('should offer on the other method’s button only the retry of an unknown outcome, which re-sends the SAME request', async () => {
      sandbox.inject({ kind: 'status', status: 503 }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      renderWithProvider(<TwoMethods paymentIntentId={ids.succeeded} />);
      await user.click(within(screen.getByTestId('visa')).getByRole('button', { name: en.confirmButton }));
      const mastercard = screen.getByTestId('mastercard');
      await waitFor(() => {
        expect(mastercard).toHaveAttribute('data-state', 'error');
      });
      expect(within(mastercard).getByRole('alert')).toHaveTextContent(en.confirmOutcomeUnknown);
      expect(within(mastercard).getAllByRole('button').map((b) => b.textContent)).toEqual([en.retry]);
      await user.click(within(mastercard).getByRole('button', { name: en.retry }));
      await waitFor(() => {
        expect(mastercard).toHaveAttribute('data-state', 'confirmed');
      });
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
      expect(sandbox.callsFor('confirmPaymentIntent').map((call) => call.body)).toEqual([{ payment_method_id: method }, { payment_method_id: method }]);
      expect(screen.queryAllByRole('button')).toEqual([]);
    });
  });

  describe('given any sequence of clicks, key presses, re-renders and settling', () => {
    it('should never have two requests in flight, never reuse a key across actions, and send at most one request per action', async () => {
      const user = userEvent.setup();
      const command = fc.constantFrom('click', 'burst', 'enter', 'space', 'rerender', 'settle');
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
          sandbox.reset();
          browserRequests.length = 0;
          sandbox.inject({ kind: 'latency', ms: 15 }, { operation: 'confirmPaymentIntent' });
          const proxy = createProxyFetcher();
          let inFlight = 0;
          let maxInFlight = 0;
          const fetcher: PaymentsFetcher = async (request) => {
            inFlight += 1;
            maxInFlight = Math.max(maxInFlight, inFlight);
            try {
              return await proxy(request);
            } finally {
              inFlight -= 1;
            }
          };
          // `requires_confirmation` allows a new action after each answer: the worst case.
          const element = () => (
            <ConfirmIntentButton paymentIntentId={ids.requires_confirmation} paymentMethodId={method} onConfirmed={() => undefined} />
          );
          const view = renderWithProvider(element(), { fetcher });
          // A user action is an activation (click, Enter, Space) that reaches an enabled button.
          let actions = 0;
          const countAction = (event: Event) => {
            const pressed = event.target instanceof Element ? event.target.closest('button') : null;
            if (pressed && !pressed.disabled && view.container.contains(pressed)) actions += 1;
          };
          document.addEventListener('click', countAction, true);
          const button = () => view.container.querySelector<HTMLButtonElement>('.pk-confirm .pk-actions button');
          for (const step of commands) {
            const target = button();
            switch (step) {
              case 'click':
                if (target) await user.click(target);
                break;
              case 'burst':
                act(() => {
                  for (let i = 0; i < 5; i += 1) if (target) fireEvent.click(target);
                });
                break;
              case 'enter':
              case 'space':
                target?.focus();
                await user.keyboard(step === 'enter' ? '{Enter}' : ' ');
                break;
              case 'rerender':
                view.rerender(element());
                break;
              case 'settle':
                await waitFor(() => {
                  expect(root(view.container)).not.toHaveAttribute('data-state', 'confirming');
                });
                break;
            }
          }
          document.removeEventListener('click', countAction, true);
          await waitFor(() => {
            expect(root(view.container)).not.toHaveAttribute('data-state', 'confirming');
          });
          view.unmount();
          const keys = sentKeys();
          expect(maxInFlight).toBeLessThanOrEqual(1);
          expect(keys.length).toBeLessThanOrEqual(actions);
          expect(new Set(keys).size).toBe(keys.length);
          for (const key of keys) expect(key).toMatch(UUID_V4);
        }),
        { numRuns: 25 },
      );
    }, 60_000);
  });

  describe('given a confirm in flight', () => {
    it('should disable the button and mark it and the component busy, then announce the status', async () => {
      // Held until the busy state has been checked (axe included): a latency could end first on a busy machine.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const user = userEvent.setup();
      const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.processing} paymentMethodId={method} />);
      await user.click(confirmButton());
      const pending = await screen.findByRole('button', { name: en.confirmPending });
      expect(pending).toBeDisabled();
      expect(pending).toHaveAttribute('aria-busy', 'true');
      expect(root(container)).toHaveAttribute('aria-busy', 'true');
      expect(root(container)).toHaveAttribute('data-state', 'confirming');
      expect(screen.getByRole('status')).toHaveTextContent(en.confirmPending);
      await expectNoAxeViolations(container);
      hold.release();
      await waitFor(() => {
        expect(screen.getByRole('status')).toHaveTextContent('Payment status: Processing');
      });
      expect(root(container)).not.toHaveAttribute('aria-busy');
    });
  });

  describe('given each payment intent status (docs/api.md#confirm-a-payment-intent) and one the kit does not know', () => {
    const cases: [string, string, { label: string; state: string; callback?: 'onConfirmed' | 'onRequiresAction'; again: string | null; notice?: string }][] = [
      ['succeeded', ids.succeeded, { label: 'Succeeded', state: 'confirmed', callback: 'onConfirmed', again: null }],
      ['processing', ids.processing, { label: 'Processing', state: 'confirmed', callback: 'onConfirmed', again: null, notice: en.confirmProcessingExplanation }],
      ['requires_capture', ids.requires_capture, { label: 'Awaiting capture', state: 'confirmed', callback: 'onConfirmed', again: null, notice: en.confirmRequiresCaptureExplanation }],
      // Confirmed, waiting on the customer: what happens next, and never the same confirm again.
      ['requires_action', ids.requires_action, { label: 'Action required', state: 'requires-action', callback: 'onRequiresAction', again: null, notice: en.requiresActionExplanation }],
      ['requires_payment_method', ids.requires_payment_method, { label: 'Payment method required', state: 'error', again: en.retry, notice: en.confirmFailedExplanation }],
      ['failed', ids.failed, { label: 'Failed', state: 'error', again: en.retry, notice: en.confirmFailedExplanation }],
      ['canceled', ids.canceled, { label: 'Canceled', state: 'canceled', again: null, notice: en.confirmCanceledExplanation }],
      ['initialized', ids.initialized, { label: 'Initialized', state: 'idle', again: en.confirmButton, notice: en.confirmNotConfirmedExplanation }],
      ['created', ids.created, { label: 'Created', state: 'idle', again: en.confirmButton, notice: en.confirmNotConfirmedExplanation }],
      ['requires_confirmation', ids.requires_confirmation, { label: 'Confirmation required', state: 'idle', again: en.confirmButton, notice: en.confirmNotConfirmedExplanation }],
      ['an unknown status', ids.unknown, { label: UNKNOWN_INTENT_STATUS, state: 'unknown', again: null, notice: en.confirmUnknownExplanation }],
    ];

    it('should cover all ten statuses the API names', () => {
      expect(cases.map(([name]) => name).filter((name) => name !== 'an unknown status').sort()).toEqual([...paymentIntentStatuses].sort());
    });

    it.each(cases)('should show %s with its outcome and call the right callback', async (_name, id, expected) => {
      const onConfirmed = vi.fn();
      const onRequiresAction = vi.fn();
      const onOutcome = vi.fn();
      const onError = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton
          paymentIntentId={id}
          paymentMethodId={method}
          onConfirmed={onConfirmed}
          onRequiresAction={onRequiresAction}
          onOutcome={onOutcome}
          onError={onError}
        />,
      );
      await user.click(confirmButton());
      const badge = await screen.findByText(expected.label, { selector: '.pk-badge' });
      expect(root(container)).toHaveAttribute('data-state', expected.state);
      if (id === ids.unknown) {
        expect(badge).toHaveAttribute('data-tone', 'neutral');
        expect(badge).toHaveAttribute('data-known', 'false');
      }
      expect(screen.getByRole('status')).toHaveTextContent(`Payment status: ${expected.label}`);
      if (expected.notice) expect(screen.getByText(expected.notice)).toHaveClass('pk-notice');
      expect(onConfirmed).toHaveBeenCalledTimes(expected.callback === 'onConfirmed' ? 1 : 0);
      expect(onRequiresAction).toHaveBeenCalledTimes(expected.callback === 'onRequiresAction' ? 1 : 0);
      expect(onOutcome).toHaveBeenCalledTimes(1);
      expect(onError).not.toHaveBeenCalled();
      const intent = onOutcome.mock.calls[0]?.[0] as PaymentIntent;
      expect(intent).toMatchObject({ id });
      if (expected.callback === 'onConfirmed') expect(onConfirmed).toHaveBeenCalledWith(intent);
      if (expected.callback === 'onRequiresAction') expect(onRequiresAction).toHaveBeenCalledWith(intent);
      // A new action is offered only where it makes sense; where money moved, never.
      const buttons = screen.queryAllByRole('button');
      if (expected.again === null) expect(buttons).toEqual([]);
      else expect(buttons.map((b) => b.textContent)).toEqual([expected.again]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });
  });

  describe('given a confirm the API answers 200 with its required fields only (no status; docs/api.md#confirm-a-payment-intent)', () => {
    it('should report it as confirmed, its status unknown, and offer no new action', async () => {
      const answer = { id: ids.succeeded, amount: 4999, currency: 'usd' };
      sandbox.inject({ kind: 'status', status: 200, body: answer }, { operation: 'confirmPaymentIntent' });
      const onConfirmed = vi.fn();
      const onOutcome = vi.fn();
      const onError = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} amount={4999} onConfirmed={onConfirmed} onOutcome={onOutcome} onError={onError} />,
      );
      await user.click(confirmButton());
      await waitFor(() => {
        expect(root(container)).toHaveAttribute('data-state', 'confirmed');
      });
      expect(screen.getByText(en.paymentIntentStatusUnknown, { selector: '.pk-badge' })).toHaveAttribute('data-known', 'false');
      expect(screen.queryByText(en.confirmNotConfirmedExplanation)).toBeNull();
      expect(screen.queryByText(en.confirmUnknownExplanation)).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(`Payment status: ${en.paymentIntentStatusUnknown}`);
      expect(onConfirmed).toHaveBeenCalledTimes(1);
      expect(onConfirmed).toHaveBeenCalledWith(expect.objectContaining(answer));
      expect(onOutcome).toHaveBeenCalledTimes(1);
      expect(onError).not.toHaveBeenCalled();
      expect(screen.queryAllByRole('button')).toEqual([]);
    });
  });

  describe('given an amount shown before the confirm', () => {
    const confirmedAmount = () => sandbox.data.paymentIntents.get(ids.succeeded)?.intent.amount as number;
    // The tests here that silence the mismatch's log spy on console.error: a spy left on it
    // would hand its calls to the next test's spy, which counts them.
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('should say nothing more when the confirmed intent has that amount', async () => {
      const onError = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} amount={confirmedAmount()} onError={onError} />,
      );
      await user.click(confirmButton());
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(root(container)).toHaveAttribute('data-state', 'confirmed');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(onError).not.toHaveBeenCalled();
    });

    it('should say so, report amount_mismatch before the outcome and never as confirmed, log both amounts in development, and offer no new action when the intent was confirmed for another amount', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls: string[] = [];
      const onError = vi.fn((_error: PaymentsError) => calls.push('onError'));
      const onConfirmed = vi.fn(() => calls.push('onConfirmed'));
      const onOutcome = vi.fn(() => calls.push('onOutcome'));
      const user = userEvent.setup();
      const shown = confirmedAmount() - 6_000;
      try {
        const { container } = renderWithProvider(
          <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} amount={shown} onError={onError} onConfirmed={onConfirmed} onOutcome={onOutcome} />,
        );
        await user.click(confirmButton());
        const alert = await screen.findByRole('alert');
        const confirmed = `$${(confirmedAmount() / 100).toFixed(2)}`;
        const shownText = `$${(shown / 100).toFixed(2)}`;
        expect(alert).toHaveTextContent(`This payment was confirmed for ${confirmed}, not the ${shownText} shown before.`);
        expect(root(container)).toHaveAttribute('data-state', 'amount-mismatch');
        // A checkout that moves on at onConfirmed must not move on: the mismatch comes first, alone.
        expect(calls).toEqual(['onError', 'onOutcome']);
        expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'invalid_response', code: 'amount_mismatch', operation: 'confirmPaymentIntent' });
        expect(logged).toHaveBeenCalledTimes(1);
        expect(String(logged.mock.calls[0]?.[0])).toContain(confirmed);
        expect(String(logged.mock.calls[0]?.[0])).toContain(shownText);
        expect(screen.queryAllByRole('button')).toEqual([]);
        expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
        await expectNoAxeViolations(container);
      } finally {
        logged.mockRestore();
      }
    });

    it('should count another currency as another amount', async () => {
      const onError = vi.fn();
      const user = userEvent.setup();
      renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} amount={confirmedAmount()} currency="eur" onError={onError} />,
      );
      vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
      await user.click(confirmButton());
      await screen.findByRole('alert');
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'amount_mismatch' }));
    });

    it('should not tell the host the customer must act on an intent confirmed for another amount', async () => {
      vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
      const calls: string[] = [];
      const user = userEvent.setup();
      renderWithProvider(
        <ConfirmIntentButton
          paymentIntentId={ids.requires_action}
          paymentMethodId={method}
          amount={1}
          onError={(error) => calls.push(`onError:${error.code ?? ''}`)}
          onRequiresAction={() => calls.push('onRequiresAction')}
          onOutcome={(intent) => calls.push(`onOutcome:${intent.status}`)}
        />,
      );
      await user.click(confirmButton());
      await screen.findByRole('alert');
      expect(calls).toEqual(['onError:amount_mismatch', 'onOutcome:requires_action']);
    });
  });

  describe('given the first attempt fails with an unknown outcome', () => {
    it.each([
      ['a 500', { kind: 'status', status: 500 } as const, 'http'],
      ['a network failure', { kind: 'network' } as const, 'network'],
      ['a 503 from the proxy', { kind: 'status', status: 503 } as const, 'http'],
      ['a 429 (shown as "too many requests")', { kind: 'status', status: 429 } as const, 'http'],
      ['a 425', { kind: 'status', status: 425 } as const, 'http'],
      [
        'a 409 idempotency_key_in_use (the same key in progress on another proxy instance)',
        {
          kind: 'status',
          status: 409,
          headers: { 'retry-after': '1' },
          body: { error: { kind: 'http', status: 409, code: 'idempotency_key_in_use', message: 'In progress.', operation: 'confirmPaymentIntent' } },
        } as const,
        'http',
      ],
    ])('should, after %s, retry with the SAME Idempotency-Key and never offer a new action meanwhile', async (_label, fault, kind) => {
      sandbox.inject(fault, { operation: 'confirmPaymentIntent', times: 1 });
      const onError = vi.fn();
      const onConfirmed = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onError={onError} onConfirmed={onConfirmed} />,
      );
      await user.click(confirmButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('status' in fault && fault.status === 429 ? en.rateLimitedTitle : en.errorTitles[kind as 'http' | 'network']);
      // One sentence for this payment, not the generic "check your connection, then try again".
      expect(alert).toHaveTextContent(en.confirmOutcomeUnknown);
      expect(alert).not.toHaveTextContent(en.errorDescriptions[kind as 'http' | 'network']);
      expect(root(container)).toHaveAttribute('data-state', 'error');
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PaymentsError);
      expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind, operation: 'confirmPaymentIntent' });
      // The only button is the retry: a new action (new key) could move the money twice.
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([en.retry]);
      await expectNoAxeViolations(container);

      await user.click(screen.getByRole('button', { name: en.retry }));
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      const keys = sentKeys();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(UUID_V4);
      expect(keys[1]).toBe(keys[0]);
      expect(onConfirmed).toHaveBeenCalledTimes(1);
      // Focus comes back to something useful instead of <body>.
      expect(document.activeElement).not.toBe(document.body);
    });
  });

  describe('given the proxy refuses the confirm with 429 rate_limited and Retry-After: 2, under a host client that retries mutations', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('should send nothing by itself, however long it waits, and retry with the SAME key only when the user asks: the money moves once', async () => {
      vi.useFakeTimers();
      sandbox.inject(rateLimitedFault('confirmPaymentIntent', 2), { operation: 'confirmPaymentIntent', times: 1 });
      // A host QueryClient that would retry a mutation three times: the confirm's own `retry: false` wins.
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 3 } } });
      const onError = vi.fn();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onError={onError} />,
        { queryClient },
      );
      // fireEvent, not userEvent: its own waits would run on the fake clock.
      act(() => {
        fireEvent.click(confirmButton());
      });
      await untilOnFakeClock(() => {
        expect(root(container)).toHaveAttribute('data-state', 'error');
      });
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(en.rateLimitedTitle);
      // What is true of this payment: retrying is safe.
      expect(alert).toHaveTextContent(en.confirmOutcomeUnknown);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 429, code: 'rate_limited', retryAfterMs: 2_000 }));
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([en.retry]);

      // Far past the Retry-After: still one request, still waiting for the user.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10 * 60_000);
      });
      expect(sentKeys()).toHaveLength(1);
      expect(root(container)).toHaveAttribute('data-state', 'error');
      expect(sandbox.data.paymentIntents.get(ids.succeeded)?.confirmations).toBe(0);

      act(() => {
        fireEvent.click(screen.getByRole('button', { name: en.retry }));
      });
      await untilOnFakeClock(() => {
        expect(root(container)).toHaveAttribute('data-state', 'confirmed');
      });
      const keys = sentKeys();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(UUID_V4);
      expect(keys[1]).toBe(keys[0]);
      expect(sandbox.data.paymentIntents.get(ids.succeeded)?.confirmations).toBe(1);
    });
  });

  describe('given a definitive outcome that allows another attempt', () => {
    it.each([
      ['requires_payment_method', ids.requires_payment_method, en.retry],
      ['failed', ids.failed, en.retry],
    ])('should send a NEW Idempotency-Key for the next action after %s', async (_label, id, again) => {
      const user = userEvent.setup();
      renderWithProvider(<ConfirmIntentButton paymentIntentId={id} paymentMethodId={method} />);
      await user.click(confirmButton());
      await user.click(await screen.findByRole('button', { name: again }));
      await waitFor(() => {
        expect(sentKeys()).toHaveLength(2);
      });
      const [first, second] = sentKeys();
      expect(first).toMatch(UUID_V4);
      expect(second).toMatch(UUID_V4);
      expect(second).not.toBe(first);
    });
  });

  describe('given a confirm answered requires_action (docs/api.md#confirm-a-payment-intent)', () => {
    it('should say what happens next in the page\'s language and offer nothing that would send the same confirm again', async () => {
      const user = userEvent.setup();
      const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.requires_action} paymentMethodId={method} />, {
        locale: 'ja',
        messages: ja,
      });
      await user.click(screen.getByRole('button', { name: ja.confirmButton }));
      await screen.findByText(ja.paymentIntentStatuses.requires_action, { selector: '.pk-badge' });
      expect(container.querySelector('.pk-notice')).toHaveTextContent(ja.requiresActionExplanation);
      expect(screen.queryAllByRole('button')).toEqual([]);
      // Focus lands on the result, and keys pressed there send nothing.
      expect(document.activeElement).toBe(container.querySelector('.pk-confirm__result'));
      await user.keyboard('{Enter}{ }');
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });
  });

  describe('given the API refuses the request (4xx)', () => {
    it('should show the error without any retry or new action, and call onError with the typed error', async () => {
      const onError = vi.fn();
      const user = userEvent.setup();
      // A 4xx with no words of its own (a 404 says "not found": test/components/upstreamErrors.test.tsx).
      sandbox.inject({ kind: 'status', status: 422, body: { message: 'Payment method declined' } }, { operation: 'confirmPaymentIntent' });
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onError={onError} />,
      );
      await user.click(confirmButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.errorTitles.http);
      // No "try again in a moment" advice where there is nothing to retry.
      expect(alert).toHaveTextContent(en.confirmRefused);
      expect(alert).not.toHaveTextContent(en.errorDescriptions.http);
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.queryByText(en.confirmOutcomeUnknown)).toBeNull();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 422 }));
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('should start over with a new key when the host passes another payment method', async () => {
      sandbox.inject({ kind: 'status', status: 402 }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      const { rerender } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      await user.click(confirmButton());
      await screen.findByRole('alert');
      expect(screen.queryByRole('button')).toBeNull();
      rerender(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId="pm_card_mastercard" />);
      await user.click(confirmButton());
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      const [first, second] = sentKeys();
      expect(second).not.toBe(first);
      expect(sandbox.callsFor('confirmPaymentIntent')[1]?.body).toEqual({ payment_method_id: 'pm_card_mastercard' });
    });
  });

  describe('given ids the contract refuses', () => {
    it.each([
      ['a payment intent id with a slash', 'pi_x/../../admin', method],
      ['an empty payment intent id', '', method],
      // An empty payment method is the proxy's to refuse: test/components/proxyRefusesInput.test.tsx.
    ])('should show an invalid_request error for %s and send nothing', async (_label, intentId, methodId) => {
      const onError = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={intentId} paymentMethodId={methodId} onError={onError} />,
      );
      await user.click(confirmButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(en.errorTitles.invalid_request);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request' }));
      expect(screen.queryByRole('button')).toBeNull();
      expect(browserRequests).toEqual([]);
      expect(sandbox.calls).toEqual([]);
      await expectNoAxeViolations(container);
    });
  });

  describe('given the user moves focus elsewhere while the confirm is in flight', () => {
    it('should leave focus there when the result shows, and take it back when it was lost instead', async () => {
      const user = userEvent.setup();
      const elsewhere = document.createElement('input');
      elsewhere.setAttribute('aria-label', 'Search');
      document.body.append(elsewhere);
      // The answer waits until the test says, so the result shows after the user has moved on.
      let answer!: () => void;
      const proxy = createProxyFetcher();
      const fetcher: PaymentsFetcher = async (request) => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return proxy(request);
      };
      try {
        const { container } = renderWithProvider(
          <>
            <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />
            <ConfirmIntentButton paymentIntentId={ids.processing} paymentMethodId={method} />
          </>,
          { fetcher },
        );
        const [first, second] = screen.getAllByRole('button', { name: en.confirmButton }) as [HTMLElement, HTMLElement];
        first.focus();
        await user.keyboard('{Enter}');
        await waitFor(() => {
          expect(root(container)).toHaveAttribute('data-state', 'confirming');
        });
        elsewhere.focus();
        act(() => {
          answer();
        });
        await screen.findByText(en.paymentIntentStatuses.succeeded);
        expect(document.activeElement).toBe(elsewhere);

        second.focus();
        await user.keyboard('{Enter}');
        await waitFor(() => {
          expect(container.querySelectorAll('.pk-confirm')[1]).toHaveAttribute('data-state', 'confirming');
        });
        // The disabled button drops focus on <body>; the result takes it back.
        (document.activeElement as HTMLElement | null)?.blur();
        act(() => {
          answer();
        });
        await screen.findByText(en.paymentIntentStatuses.processing);
        expect(container.querySelectorAll('.pk-confirm')[1]?.contains(document.activeElement)).toBe(true);
      } finally {
        elsewhere.remove();
      }
    });
  });

  describe('given requireConfirmation', () => {
    it('should ask first and send nothing, send one request on Confirm, none on Cancel', async () => {
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} requireConfirmation amount={1250} currency="usd" />,
      );
      await user.click(confirmButton());
      const group = screen.getByRole('group', { name: 'Confirm payment of $12.50?' });
      expect(browserRequests).toEqual([]);
      // Focus lands on Cancel: a held Enter or a double click cannot answer the question.
      expect(document.activeElement).toBe(within(group).getByRole('button', { name: en.confirmCancel }));
      await expectNoAxeViolations(container);

      await user.click(within(group).getByRole('button', { name: en.confirmCancel }));
      expect(screen.queryByRole('group')).toBeNull();
      expect(document.activeElement).toBe(confirmButton());
      expect(browserRequests).toEqual([]);

      await user.click(confirmButton());
      await user.click(screen.getByRole('button', { name: en.confirmAccept }));
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should not let a double click on the button answer the question', async () => {
      const user = userEvent.setup();
      renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} requireConfirmation />);
      await user.dblClick(confirmButton());
      expect(screen.getByRole('group', { name: en.confirmPromptNoAmount })).toBeInTheDocument();
      expect(browserRequests).toEqual([]);
    });

    it('should send one request for many rapid Confirm clicks', async () => {
      const user = userEvent.setup();
      renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} requireConfirmation amount={999} />);
      await user.click(confirmButton());
      const accept = screen.getByRole('button', { name: en.confirmAccept });
      act(() => {
        for (let i = 0; i < 10; i += 1) fireEvent.click(accept);
      });
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given the host shows transactions and volumes from the kit’s cache', () => {
    it('should invalidate them after a successful confirm, and leave the host’s own queries alone', async () => {
      const user = userEvent.setup();
      const view = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      const { queryClient } = view;
      const transactionKey = paymentsKeys.transaction('v2', sandboxIds.transactions.created);
      const volumeKey = paymentsKeys.volume({ period: 'month', tz: 'UTC' });
      queryClient.setQueryData(transactionKey, { id: 1001 });
      queryClient.setQueryData(volumeKey, { volume: 1 });
      queryClient.setQueryData(['host', 'orders'], []);
      await user.click(confirmButton());
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      await waitFor(() => {
        expect(queryClient.getQueryState(transactionKey)?.isInvalidated).toBe(true);
      });
      expect(queryClient.getQueryState(volumeKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['host', 'orders'])?.isInvalidated).toBe(false);
    });
  });

  describe('given the component unmounts while its confirm is in flight', () => {
    it('should ignore the late answer: no callback, no error', async () => {
      // Held until the component is gone, so the answer is late whatever the machine's pace.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const onConfirmed = vi.fn();
      const onError = vi.fn();
      const user = userEvent.setup();
      const { unmount, queryClient } = renderWithProvider(
        <ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onConfirmed={onConfirmed} onError={onError} />,
      );
      await user.click(confirmButton());
      await waitFor(() => {
        expect(hold.held()).toBe(1);
      });
      unmount();
      hold.release();
      // The answer has come back and the confirm has settled in the cache: a callback would have run by now.
      await waitFor(() => {
        expect(queryClient.getMutationCache().getAll().map((mutation) => mutation.state.status)).toEqual(['success']);
      });
      expect(onConfirmed).not.toHaveBeenCalled();
      expect(onError).not.toHaveBeenCalled();
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given the page was reloaded while a confirm was on its way', () => {
    afterEach(() => {
      sessionStorage.clear();
    });

    it('should say it is checking the earlier payment, offer nothing meanwhile, then show its outcome', async () => {
      sandbox.inject({ kind: 'hang' }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      const before = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      await user.click(confirmButton());
      await waitFor(() => {
        expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      });
      before.unmount();
      // The reloaded page: a new cache, the tab's storage kept. Its check is held until the
      // recovering state has been looked at: a latency could end first on a busy machine.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const onConfirmed = vi.fn();
      const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onConfirmed={onConfirmed} />);
      const checking = await screen.findByRole('button', { name: en.confirmRecovering });
      expect(checking).toBeDisabled();
      expect(root(container)).toHaveAttribute('data-state', 'recovering');
      expect(screen.getByRole('status')).toHaveTextContent(en.confirmRecovering);
      await expectNoAxeViolations(container);
      hold.release();
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(onConfirmed).toHaveBeenCalledTimes(1);
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
    });
  });

  describe('given the page was reloaded while a confirm was on its way, with two buttons for the intent', () => {
    afterEach(() => {
      sessionStorage.clear();
    });

    it('should check the earlier payment once, both buttons saying so until its outcome shows on both', async () => {
      sandbox.inject({ kind: 'hang' }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      const before = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />);
      await user.click(confirmButton());
      await waitFor(() => {
        expect(sessionStorage.getItem(`payments-kit:confirm:${ids.succeeded}`)).not.toBeNull();
      });
      before.unmount();
      const hold = holdRequests(server, 'confirmPaymentIntent');
      renderWithProvider(
        <>
          <ConfirmIntentButton data-testid="summary" paymentIntentId={ids.succeeded} paymentMethodId={method} />
          <ConfirmIntentButton data-testid="bar" paymentIntentId={ids.succeeded} paymentMethodId={method} />
        </>,
      );
      await waitFor(() => {
        expect(hold.held()).toBe(1);
      });
      for (const testId of ['summary', 'bar']) {
        expect(within(screen.getByTestId(testId)).getByRole('button', { name: en.confirmRecovering })).toBeDisabled();
      }
      hold.release();
      await waitFor(() => {
        expect(screen.getAllByText(en.paymentIntentStatuses.succeeded)).toHaveLength(2);
      });
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
    });
  });

  describe('given the page was reloaded while a confirm with another payment method was on its way', () => {
    afterEach(() => {
      sessionStorage.clear();
    });

    it('should send nothing by itself, offer no new confirm, and re-send the earlier one only when asked, with its method and key', async () => {
      sandbox.inject({ kind: 'hang' }, { operation: 'confirmPaymentIntent', times: 1 });
      const user = userEvent.setup();
      const before = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId="pm_card_mastercard" />);
      await user.click(confirmButton());
      await waitFor(() => {
        expect(sessionStorage.getItem(`payments-kit:confirm:${ids.succeeded}`)).not.toBeNull();
      });
      before.unmount();
      // The reloaded page now shows the intent with another method: the earlier confirm may have
      // gone through, so a new one (a new key) must not be offered, nor the earlier one re-sent unasked.
      const onConfirmed = vi.fn();
      const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onConfirmed={onConfirmed} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.confirmOutcomeUnknown);
      expect(root(container)).toHaveAttribute('data-state', 'error');
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([en.retry]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      await expectNoAxeViolations(container);
      await user.click(screen.getByRole('button', { name: en.retry }));
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
      expect(sandbox.callsFor('confirmPaymentIntent')[1]?.body).toEqual({ payment_method_id: 'pm_card_mastercard' });
      // Pressed here, so reported here.
      expect(onConfirmed).toHaveBeenCalledTimes(1);
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(sessionStorage.getItem(`payments-kit:confirm:${ids.succeeded}`)).toBeNull();
    });
  });

  describe('given host props', () => {
    it('should pass className and native props through, carry the theme and use per-component messages and locale', async () => {
      const user = userEvent.setup();
      const { container } = renderWithProvider(
        <ConfirmIntentButton
          paymentIntentId={ids.succeeded}
          paymentMethodId={method}
          className="host-class"
          data-testid="confirm"
          id="confirm-1"
          locale="es"
          messages={{ ...es, confirmButton: 'Pagar ahora' }}
          requireConfirmation
          amount={123456}
        />,
        { theme: 'dark' },
      );
      const element = screen.getByTestId('confirm');
      expect(element).toHaveClass('pk-root', 'pk-confirm', 'host-class');
      expect(element).toHaveAttribute('id', 'confirm-1');
      expect(element).toHaveAttribute('data-pk-theme', 'dark');
      expect(element).toHaveAttribute('data-state', 'idle');
      await user.click(screen.getByRole('button', { name: 'Pagar ahora' }));
      expect(screen.getByRole('group')).toHaveTextContent(/¿Confirmar el pago de 1234,56\s?US\$\?/);
      expect(container.querySelector('[style]')).toBeNull();
      await expectNoAxeViolations(container);
    });

    it('should use children as the button label and a host callback that throws must not break it', async () => {
      // jsdom has no reportError; the component falls back to it where the browser has one.
      const reportError = vi.fn();
      vi.stubGlobal('reportError', reportError);
      const user = userEvent.setup();
      renderWithProvider(
        <ConfirmIntentButton
          paymentIntentId={ids.succeeded}
          paymentMethodId={method}
          onConfirmed={() => {
            throw new Error('host bug');
          }}
        >
          Pay $5
        </ConfirmIntentButton>,
      );
      await user.click(screen.getByRole('button', { name: 'Pay $5' }));
      await screen.findByText(en.paymentIntentStatuses.succeeded);
      expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'host bug' }));
      vi.unstubAllGlobals();
    });
  });
});

describe('given the payments API refuses the confirm with one of its documented errors (docs/api.md#errors)', () => {
  const user = () => userEvent.setup();
  const refuse = (error: Parameters<typeof apiErrorFault>[0], via: (typeof vias)[number]) =>
    sandbox.inject(apiErrorFault(error, via, 'confirmPaymentIntent'), { operation: 'confirmPaymentIntent', times: 1 });
  const renderButton = (onError = vi.fn()) =>
    renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onError={onError} />);
  /** The API received this call: nothing may claim it was not sent. */
  const expectNoNothingSent = (alert: HTMLElement) => {
    expect(alert).not.toHaveTextContent(en.errorDescriptions.invalid_request);
    expect(alert).not.toHaveTextContent(/nothing was sent/i);
    expect(alert).not.toHaveTextContent(en.errorTitles.invalid_request);
  };

  it.each(vias)('should say there are not enough funds, offer nothing to retry, and report the API’s reason (via %s)', async (via) => {
    refuse('insufficient-funds', via);
    const onError = vi.fn();
    const { container } = renderButton(onError);
    await user().click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.insufficientFundsTitle);
    expect(alert).toHaveTextContent(en.insufficientFundsDescription);
    expect(alert).toHaveAttribute('data-refusal', 'insufficient-funds');
    expectNoNothingSent(alert);
    expect(screen.queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'http', status: 400, upstreamCode: 'transaction-insufficient-funds', upstreamMessage: 'Not enough funds in wallet' }),
    );
    await expectNoAxeViolations(container);
  });

  it.each(vias)('should say the service is busy and an earlier request may still be processing, and retry with the same key (via %s)', async (via) => {
    refuse('busy', via);
    renderButton();
    await user().click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.busyTitle);
    expect(alert).toHaveTextContent(en.confirmBusy);
    expectNoNothingSent(alert);
    await user().click(screen.getByRole('button', { name: en.retry }));
    await screen.findByText(en.paymentIntentStatuses.succeeded);
    const [first, second] = sentKeys();
    expect(second).toBe(first);
  });

  it.each(vias)('should say the payments service refused the details, never that nothing was sent (via %s)', async (via) => {
    refuse('invalid-input', via);
    renderButton();
    await user().click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.inputRefusedTitle);
    expect(alert).toHaveTextContent(en.inputRefusedDescription);
    expectNoNothingSent(alert);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each(vias)('should read a 403 of the API as "this account can’t do this", not "try again" (via %s)', async (via) => {
    refuse('unauthorized', via);
    const onError = vi.fn();
    renderButton(onError);
    await user().click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.notAllowedTitle);
    expect(alert).toHaveTextContent(en.notGrantedDescription);
    expect(alert).toHaveAttribute('data-refusal', 'not-allowed');
    expect(alert).not.toHaveTextContent(en.errorDescriptions.http);
    expect(alert).not.toHaveTextContent(en.notGrantedTitle);
    expect(screen.queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 403, upstreamMessage: 'Resource not found or unauthorized' }));
  });

  it('should keep "nothing was sent" for the proxy’s own 400, which sent nothing', async () => {
    const body = new PaymentsError({ kind: 'invalid_request', status: 400, code: 'invalid_request', message: 'body.payment_method_id is invalid' }).toJSON();
    sandbox.inject({ kind: 'status', status: 400, body }, { operation: 'confirmPaymentIntent', times: 1 });
    renderButton();
    await user().click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(alert).toHaveTextContent(en.errorDescriptions.invalid_request);
  });

  it('should say it in the page’s language', async () => {
    refuse('insufficient-funds', 'proxy');
    renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />, { locale: 'es', messages: es });
    await user().click(screen.getByRole('button', { name: es.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(es.insufficientFundsTitle);
    expect(alert).toHaveTextContent(es.insufficientFundsDescription);
  });
});
