// The read cards (TransactionDetail, VolumeCard: ReadCard's error state) after the payments API
// refused the read with one of its documented errors (docs/api.md#errors), as the proxy forwards
// it and as the API sends it: the words for its reason, a retry only where waiting may help.
// Each fault holds until the sandbox is reset: under StrictMode a read may be sent twice.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentsError, type OperationName, ConfirmIntentButton, FlowLauncher, TransactionDetail, VolumeCard } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { apiErrorFault, vias } from './apiErrors.js';
import { expectNoAxeViolations, renderWithProvider, setUpSandbox } from './harness.js';

const { sandbox } = setUpSandbox();
const id = sandboxIds.transactions.completed;

/** The card's error state, once it shows. */
async function errorOf(container: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => {
    expect(container.querySelector('section')).toHaveAttribute('data-state', 'error');
  });
  return within(container).getByRole('alert');
}

describe('given TransactionDetail and the payments API refusing the read', () => {
  const renderDetail = (onError = vi.fn()) => renderWithProvider(<TransactionDetail transactionId={id} onError={onError} />);

  it.each(vias)('should read a 403 of the API as "this account can’t do this", with no retry (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('unauthorized', via, 'getTransaction'), { operation: 'getTransaction' });
    const onError = vi.fn();
    const { container } = renderDetail(onError);
    const alert = await errorOf(container);
    expect(alert).toHaveTextContent(en.notAllowedTitle);
    expect(alert).toHaveTextContent(en.notGrantedDescription);
    expect(alert).not.toHaveTextContent(en.errorDescriptions.http);
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 403, upstreamMessage: 'Resource not found or unauthorized' }));
    await expectNoAxeViolations(container);
  });

  it.each(vias)('should say the service is busy and offer a retry that loads it (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('busy', via, 'getTransaction'), { operation: 'getTransaction' });
    const { container } = renderDetail();
    const alert = await errorOf(container);
    expect(alert).toHaveTextContent(en.busyTitle);
    expect(alert).toHaveTextContent(en.rateLimitedDescription);
    sandbox.clearFaults();
    await userEvent.setup().click(within(alert).getByRole('button', { name: en.retry }));
    await waitFor(() => {
      expect(container.querySelector('section')).toHaveAttribute('data-state', 'success');
    });
  });

  it.each(vias)('should say the payments service refused the details, never that nothing was sent (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('invalid-input', via, 'getTransaction'), { operation: 'getTransaction' });
    const { container } = renderDetail();
    const alert = await errorOf(container);
    expect(alert).toHaveTextContent(en.inputRefusedTitle);
    expect(alert).not.toHaveTextContent(/nothing was sent/i);
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('should say why a legacy success: false was refused', async () => {
    sandbox.inject(
      { kind: 'status', status: 200, body: { success: false, message: 'Not enough funds in wallet', error_code: 'transaction-insufficient-funds' } },
      { operation: 'getLegacyTransaction' },
    );
    const onError = vi.fn();
    const { container } = renderWithProvider(
      <TransactionDetail generation="legacy" transactionId={sandboxIds.legacyTransactions.receipt} onError={onError} />,
    );
    const alert = await errorOf(container);
    expect(alert).toHaveTextContent(en.insufficientFundsTitle);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'success_false', upstreamCode: 'transaction-insufficient-funds' }));
  });
});

describe('given VolumeCard and the payments API refusing the read with a 403', () => {
  it('should read it as "this account can’t do this"', async () => {
    sandbox.inject(apiErrorFault('unauthorized', 'proxy', 'getTransactionVolume'), { operation: 'getTransactionVolume' });
    const { container } = renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />);
    const alert = await errorOf(container);
    expect(alert).toHaveTextContent(en.notAllowedTitle);
    expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
  });
});

describe('given FlowLauncher and the payments API refusing the create', () => {
  it.each(vias)('should say the service is busy and offer a retry (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('busy', via, 'createFlow'), { operation: 'createFlow' });
    const { container } = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />);
    const alert = await within(container).findByRole('alert');
    expect(alert).toHaveTextContent(en.busyTitle);
    expect(within(alert).getByRole('button', { name: en.retry })).toBeVisible();
  });

  it.each(vias)('should say the payments service refused the details, with no retry (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('invalid-input', via, 'createFlow'), { operation: 'createFlow' });
    const { container } = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />);
    const alert = await within(container).findByRole('alert');
    expect(alert).toHaveTextContent(en.inputRefusedTitle);
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});

/** The proxy's answer when the API answered `operation` with `status` (test/server pins the proxy side). */
const forwardedStatus = (status: number, code: string, operation: OperationName) => ({
  kind: 'status' as const,
  status,
  body: new PaymentsError({ kind: 'http', status, code, operation, message: `The payments API refused ${operation} (status ${status}).` }).toJSON(),
});

// Each component's way to the error state, and the operation it sends (TransactionDetail has a
// not-found state of its own, tested with it).
const components: [string, OperationName, () => ReactElement][] = [
  ['ConfirmIntentButton', 'confirmPaymentIntent', () => <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />],
  ['FlowLauncher', 'createFlow', () => <FlowLauncher steps={['compliance']} autoStart />],
  ['VolumeCard', 'getTransactionVolume', () => <VolumeCard period="month" type="receive" tz="UTC" />],
];

/** The component's alert, after its request (a confirm is sent by a click). */
async function alertOf(name: string, container: HTMLElement): Promise<HTMLElement> {
  if (name === 'ConfirmIntentButton') await userEvent.setup().click(screen.getByRole('button', { name: en.confirmButton }));
  return within(container).findByRole('alert');
}

describe.each(components)('given %s and the payments API answering its request with a refusal', (name, operation, ui) => {
  it('should say a 404 is not found, with no retry', async () => {
    sandbox.inject(forwardedStatus(404, 'not_found', operation), { operation });
    const { container } = renderWithProvider(ui());
    const alert = await alertOf(name, container);
    expect(alert).toHaveTextContent(en.notFoundTitle);
    expect(alert).toHaveAttribute('data-refusal', 'not-found');
    expect(alert).not.toHaveTextContent(en.errorDescriptions.http);
    expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
  });

  it('should read the API refusing the merchant’s account (its 401, passed on) as "this account can’t do this", with no retry', async () => {
    sandbox.inject(forwardedStatus(401, 'upstream_rejected', operation), { operation });
    const { container } = renderWithProvider(ui());
    const alert = await alertOf(name, container);
    expect(alert).toHaveTextContent(en.notAllowedTitle);
    expect(alert).toHaveAttribute('data-refusal', 'not-allowed');
    expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
    expect(sandbox.callsFor(operation).length).toBeGreaterThan(0);
  });
});
