// The answers the payments API documents, as it sends them, through the real proxy (in process,
// over the sandbox) into the rendered TransactionDetail: what docs/api.md#reading-tolerantly says a
// merchant sees for each shape.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetcher, ConfirmIntentButton, TransactionDetail } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { expectNoAxeViolations, renderWithProvider } from './harness.js';

const { sandbox, fetch: throughProxy } = sandboxProxy();
/** What reached the proxy, and what it answered. */
const exchanges: { path: string; status: number }[] = [];
const fetcher = createProxyFetcher({
  fetch: async (input, init) => {
    const response = await throughProxy(input, init);
    exchanges.push({ path: new URL(input instanceof Request ? input.url : input, 'http://127.0.0.1').pathname, status: response.status });
    return response;
  },
});

afterEach(() => {
  sandbox.reset();
});

const ids = sandboxIds.transactions;
const legacyIds = sandboxIds.legacyTransactions;

async function loaded(id: string): Promise<HTMLElement> {
  const root = screen.getByRole('region', { name: en.transactionTitle.replace('{id}', id) });
  await within(root).findByText(en.transactionAmount);
  return root;
}
const field = (root: HTMLElement, label: string) => within(root).getByText(label, { selector: 'dt' }).parentElement!;
/** The shown value alone, without its label. */
const value = (root: HTMLElement, label: string) => field(root, label).querySelector('dd')!;

describe('given the v2 shapes the API documents, through the proxy', () => {
  it('should show a transaction without its transfer: the transfer id, no type and empty metadata as "None"', async () => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.withoutTransfer} />, { fetcher });
    const root = await loaded(ids.withoutTransfer);
    expect(exchanges.at(-1)).toEqual({ path: `/api/payments/api/v2/transactions/${ids.withoutTransfer}`, status: 200 });
    expect(field(root, 'Amount')).toHaveTextContent('$75.00');
    expect(field(root, 'Type')).toHaveTextContent(en.valueMissing);
    expect(field(root, 'Metadata')).toHaveTextContent(en.valueMissing);
    expect(field(root, 'Transfer ID').querySelector('code')).toHaveAttribute('title', expect.stringMatching(/^6b1f4a2e-/));
    expect(within(root).queryByRole('region', { name: 'Transfer' })).toBeNull();
    expect(within(root).queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('should show object metadata as compact JSON and a transfer with no outside account as "None"', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.metadataObject} />, { fetcher });
    const root = await loaded(ids.metadataObject);
    expect(within(field(root, 'Metadata')).getByText('{"order_id":"ORD-7781","channel":"api"}').closest('code')).not.toBeNull();
    const transfer = within(root).getByRole('region', { name: 'Transfer' });
    for (const label of ['Platform', 'Account ID', 'External ID', 'Payout link ID', 'Transfer metadata']) {
      expect(field(transfer, label), label).toHaveTextContent(en.valueMissing);
    }
  });

  it('should show a decimal-string amount in cents exactly', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.decimalAmount} />, { fetcher });
    const root = await loaded(ids.decimalAmount);
    expect(value(root, 'Amount')).toHaveTextContent(/^\$10\.00$/);
    expect(field(root, 'Metadata')).toHaveTextContent(en.valueMissing);
  });

  it('should show a fraction of a cent with every digit', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.fractionOfCent} />, { fetcher });
    const root = await loaded(ids.fractionOfCent);
    expect(value(root, 'Amount')).toHaveTextContent(/^\$0\.125$/);
    expect(value(within(root).getByRole('region', { name: 'Transfer' }), 'Transfer amount')).toHaveTextContent(/^\$0\.125$/);
  });
});

describe('given the legacy shapes the API documents, through the proxy', () => {
  it("should show the API's published example: a UUID id, cents, the RFC 7231 date, no credit transaction", async () => {
    const { container } = renderWithProvider(
      <TransactionDetail transactionId={legacyIds.uuid} generation="legacy" />,
      { fetcher },
    );
    const root = await loaded(legacyIds.uuid);
    expect(value(root, 'Amount')).toHaveTextContent(/^\$7\.00$/);
    expect(field(root, 'Date')).toHaveTextContent('Feb 21, 2022, 9:08 PM UTC');
    expect(field(root, 'Type')).toHaveTextContent(en.transactionTypes.wallet);
    expect(field(root, 'App credit transaction ID')).toHaveTextContent(en.valueMissing);
    const table = within(root).getByRole('table', { name: 'Receipt' });
    expect(within(table).getByRole('row', { name: /Charmander/ })).toHaveTextContent('$4.50');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$8.00');
    await expectNoAxeViolations(container);
  });
});

describe('given the error answers the API documents, through the proxy, on a confirm', () => {
  it.each([
    ['insufficient-funds', 400, 'transaction-insufficient-funds', en.insufficientFundsTitle, false],
    ['busy', 400, 'resource-busy', en.busyTitle, true],
    ['invalid-input', 400, 'invalid-input', en.inputRefusedTitle, false],
    ['unauthorized', 403, undefined, en.notAllowedTitle, false],
  ] as const)('should say why for %s (status %s, error_code %s), never that nothing was sent', async (error, status, upstreamCode, title, retry) => {
    sandbox.inject({ kind: 'api-error', error }, { operation: 'confirmPaymentIntent', times: 1 });
    const onError = vi.fn();
    renderWithProvider(
      <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} onError={onError} />,
      { fetcher },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(exchanges.at(-1)).toMatchObject({ path: `/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, status });
    expect(alert).toHaveTextContent(title);
    expect(alert).not.toHaveTextContent(/nothing was sent/i);
    expect(screen.queryByRole('button', { name: en.retry }) !== null).toBe(retry);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status, upstreamCode, upstreamMessage: expect.any(String) as unknown }));
  });
});
