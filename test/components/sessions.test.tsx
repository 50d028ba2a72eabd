import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmIntentButton, FlowLauncher, TransactionDetail, VolumeCard, type OperationName } from 'payments-kit';
import { messagesEn as en, messagesFr as fr } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoAxeViolations, renderWithProvider, setUpSandbox } from './harness.js';

const { sandbox, browserRequests } = setUpSandbox();

/** The proxy's refusal of a call, as it answers it (one error body shape). */
function refuse(operation: OperationName, status: number, code: string, times?: number) {
  sandbox.inject(
    { kind: 'status', status, body: { error: { kind: 'http', status, code, message: `Refused: ${code}.`, operation } } },
    { operation, ...(times === undefined ? {} : { times }) },
  );
}

const views = [
  ['TransactionDetail', 'getTransaction', () => <TransactionDetail transactionId={sandboxIds.transactions.created} />],
  ['VolumeCard', 'getTransactionVolume', () => <VolumeCard period="month" type="receive" tz="UTC" />],
] as const;

describe('given a read refused for its payment session and no getSession', () => {
  it.each(views.flatMap(([name, operation, ui]) => ['session_expired', 'session_invalid'].map((code) => [name, code, operation, ui] as const)))(
    'should show %s as "session expired" after %s, with no retry button',
    async (_name, code, operation, ui) => {
      refuse(operation, 401, code);
      const { container } = renderWithProvider(ui(), { session: 'tok_old' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.sessionExpiredTitle);
      expect(alert).toHaveTextContent(en.sessionExpiredDescription);
      expect(alert).toHaveAttribute('data-refusal', 'session');
      expect(within(container).queryByRole('button', { name: en.retry })).toBeNull();
      expect(sandbox.callsFor(operation)).toHaveLength(1);
      expect(browserRequests.map((r) => r.headers.get('payments-session'))).toEqual(['tok_old']);
      await expectNoAxeViolations(container);
    },
  );

  it('should say it in the locale of the provider', async () => {
    refuse('getTransaction', 401, 'session_expired');
    renderWithProvider(<TransactionDetail transactionId={sandboxIds.transactions.created} />, { locale: 'fr', messages: fr });
    expect(await screen.findByRole('alert')).toHaveTextContent(fr.sessionExpiredTitle);
  });
});

describe('given a read the session does not allow', () => {
  it.each(views.flatMap(([name, operation, ui]) => ['not_granted', 'cross_site_refused'].map((code) => [name, code, operation, ui] as const)))(
    'should show %s as "no access" after 403 %s, with no retry button',
    async (_name, code, operation, ui) => {
      refuse(operation, 403, code);
      const { container } = renderWithProvider(ui(), { session: 'tok' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.notGrantedTitle);
      expect(alert).toHaveAttribute('data-refusal', 'not-granted');
      expect(within(container).queryByRole('button', { name: en.retry })).toBeNull();
      await expectNoAxeViolations(container);
    },
  );
});

describe('given an expired session and getSession', () => {
  it('should renew it once and show the transaction', async () => {
    refuse('getTransaction', 401, 'session_expired', 1);
    const getSession = vi.fn(() => Promise.resolve('tok_new'));
    renderWithProvider(<TransactionDetail transactionId={sandboxIds.transactions.created} />, { session: 'tok_old', getSession });
    await waitFor(() => {
      expect(document.querySelector('.pk-transaction')).toHaveAttribute('data-state', 'success');
    });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(browserRequests.map((r) => r.headers.get('payments-session'))).toEqual(['tok_old', 'tok_new']);
  });

  it('should confirm exactly once, repeating the refused confirm with the same Idempotency-Key', async () => {
    refuse('confirmPaymentIntent', 401, 'session_expired', 1);
    const getSession = vi.fn(() => Promise.resolve('tok_new'));
    const user = userEvent.setup();
    const id = sandboxIds.paymentIntents.succeeded;
    const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={id} paymentMethodId={sandboxIds.paymentMethod} />, {
      session: 'tok_old',
      getSession,
    });
    await user.click(screen.getByRole('button', { name: en.confirmButton }));
    await waitFor(() => {
      expect(container.querySelector('.pk-confirm')).toHaveAttribute('data-state', 'confirmed');
    });
    const sent = browserRequests.map((r) => [r.headers.get('payments-session'), r.headers.get('idempotency-key')]);
    expect(sent.map(([token]) => token)).toEqual(['tok_old', 'tok_new']);
    expect(sent[1]?.[1]).toBe(sent[0]?.[1]);
    expect(sandbox.data.paymentIntents.get(id)?.confirmations).toBe(1);
  });

  it('should show "session expired" on a confirm when the renewed session is refused too, with no retry', async () => {
    refuse('confirmPaymentIntent', 401, 'session_expired');
    const user = userEvent.setup();
    const id = sandboxIds.paymentIntents.requires_confirmation;
    const { container } = renderWithProvider(<ConfirmIntentButton paymentIntentId={id} paymentMethodId={sandboxIds.paymentMethod} />, {
      session: 'tok_old',
      getSession: () => Promise.resolve('tok_new'),
    });
    await user.click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.sessionExpiredTitle);
    expect(alert).not.toHaveTextContent(en.confirmRefused);
    expect(within(container).queryByRole('button', { name: en.retry })).toBeNull();
    expect(browserRequests).toHaveLength(2);
    expect(sandbox.data.paymentIntents.get(id)?.confirmations).toBe(0);
  });
});

describe('given a flow the session does not allow', () => {
  it('should show "no access" and offer no retry', async () => {
    refuse('createFlow', 403, 'not_granted');
    const onError = vi.fn();
    const { container } = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart onError={onError} />, { session: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.notGrantedTitle);
    expect(within(container).queryByRole('button', { name: en.retry })).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 403, code: 'not_granted' }));
  });
});
