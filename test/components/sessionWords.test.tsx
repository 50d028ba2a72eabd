import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmIntentButton, TransactionDetail } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoAxeViolations, renderWithProvider, setUpSandbox } from './harness.js';

// "No session was given" and "couldn't start, nothing was sent" are not "your session expired":
// no session ever existed, or none could be had, and no request reached the payments API.

const { sandbox } = setUpSandbox();

describe('given a read the proxy refuses for want of any session (401 session_required)', () => {
  it('should say no session was given, not that it expired, with no retry button', async () => {
    sandbox.inject(
      { kind: 'status', status: 401, body: { error: { kind: 'http', status: 401, code: 'session_required', message: 'No session.', operation: 'getTransaction' } } },
      { operation: 'getTransaction' },
    );
    const { container } = renderWithProvider(<TransactionDetail transactionId={sandboxIds.transactions.created} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.notStartedTitle);
    expect(alert).toHaveTextContent(en.sessionMissingDescription);
    expect(alert).not.toHaveTextContent(en.sessionExpiredTitle);
    expect(alert).toHaveAttribute('data-refusal', 'no-session');
    expect(within(container).queryByRole('button', { name: en.retry })).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('given a getSession that fails', () => {
  const failing = () => Promise.reject(new Error('404 from /payments-session'));

  it('should say a read could not start and nothing was sent, and keep "Try again"', async () => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={sandboxIds.transactions.created} />, { getSession: failing });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.notStartedTitle);
    expect(alert).toHaveTextContent(en.notStartedDescription);
    expect(alert).not.toHaveAttribute('data-refusal');
    expect(within(container).getByRole('button', { name: en.retry })).toBeVisible();
    expect(sandbox.callsFor('getTransaction')).toHaveLength(0);
  });

  it('should not say a confirm may have gone through: nothing was sent', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProvider(
      <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />,
      { getSession: failing },
    );
    await user.click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.notStartedTitle);
    expect(alert).toHaveTextContent(en.notStartedDescription);
    expect(alert).not.toHaveTextContent(en.confirmOutcomeUnknown);
    expect(alert).not.toHaveTextContent(en.errorTitles.network);
    // Sending again is safe (the same key never reached the proxy): "Try again" stays.
    expect(within(container).getByRole('button', { name: en.retry })).toBeVisible();
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(0);
  });
});
