import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PaymentsError } from 'payments-kit';
import { TransferList } from 'payments-kit/transfers';
import { loadTransferListMessages, transferListMessagesEs as transferListEs } from 'payments-kit/transfers/messages';
// eslint-disable-next-line no-restricted-imports -- defaultMessages of components/TransferList/defaultMessages, which no entry exports
import { defaultMessages } from '../../src/components/TransferList/defaultMessages.js';
// eslint-disable-next-line no-restricted-imports -- transactionDetailEn of components/messages/en/transactionDetail, which no entry exports
import { transactionDetailEn } from '../../src/components/messages/en/transactionDetail.js';
import { messagesEs as es, messagesHe as he } from 'payments-kit/messages';
import { expectNoAxeViolations, renderWithProvider } from './harness.js';
import { fakeTransfersFetcher, payoutsGuideTransfer, seededTransfers, transfersOverviewTransfer } from './TransferList.fixtures.js';

/** The list's root: the region named by its heading. */
const list = (name = 'Transfers') => screen.getByRole('region', { name });
const rowsBox = () => screen.getByRole('listbox');
const options = () => within(rowsBox()).getAllByRole('option');

async function settled(state: string, name?: string) {
  await waitFor(() => expect(list(name)).toHaveAttribute('data-state', state));
  return list(name);
}

describe('TransferList', () => {
  it('should say the statuses and types in the same English words as TransactionDetail', () => {
    const { transferStatuses, transferTypes, transactionTypes: { wallet: _wallet, credit: _credit, ...transactionTypes } } = transactionDetailEn;
    const { transferStatuses: statuses, transferTypes: types, transactionTypes: transactions } = defaultMessages;
    expect({ statuses, types, transactions }).toEqual({ statuses: transferStatuses, types: transferTypes, transactions: transactionTypes });
  });

  it('should show each row as money, status words, type and date, with no axe violations', async () => {
    const fake = fakeTransfersFetcher([payoutsGuideTransfer, ...seededTransfers(3), transfersOverviewTransfer]);
    const { container } = renderWithProvider(<TransferList timeZone="UTC" />, { fetcher: fake.fetcher });
    await settled('success');
    const [guide, second] = options();
    // The payouts guide's amount, "-1000" cents as a string, is -$10.00.
    expect(guide).toHaveTextContent('Amount-$10.00');
    expect(guide).toHaveTextContent('StatusCompleted');
    expect(guide).toHaveTextContent('TypeBalance transfer');
    expect(guide).toHaveTextContent('DateJul 11, 2024, 9:17 PM UTC');
    expect(second).toHaveTextContent('$12.50');
    expect(within(second!).getByText('Completed')).toHaveAttribute('data-tone', 'success');
    expect(options()[2]).toHaveTextContent('Pending');
    // The transfers overview's example: 10000 cents, status `created`.
    expect(options()[4]).toHaveTextContent('Amount$100.00');
    expect(within(options()[4]!).getByText('Created')).toHaveAttribute('data-tone', 'info');
    await expectNoAxeViolations(container);
  });

  it('should move a single tab stop with the arrow keys, open the detail with Enter and close it with Escape', async () => {
    const user = userEvent.setup();
    const fake = fakeTransfersFetcher([...seededTransfers(2), payoutsGuideTransfer]);
    const { container } = renderWithProvider(<TransferList />, { fetcher: fake.fetcher });
    await settled('success');
    expect(options().map((option) => option.tabIndex)).toEqual([0, -1, -1]);
    options()[0]!.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveFocus();
    expect(options().map((option) => option.tabIndex)).toEqual([-1, -1, 0]);
    await user.keyboard('{ArrowDown}{Home}');
    expect(options()[0]).toHaveFocus();
    await user.keyboard('{End}{Enter}');

    // The row's own data at once (no empty state), then the transfer as read, with its history.
    const detail = screen.getByRole('region', { name: 'Transfer details' });
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(within(detail).getByText('enamored-education', { exact: false })).toBeVisible();
    // The transaction's "1000.0000000000" is in cents too: $10.00.
    expect(within(detail.querySelector('.pk-transfer-detail__list')!).getByText('$10.00')).toBeVisible();
    await waitFor(() => expect(within(detail).getByRole('heading', { name: 'Status history' })).toBeVisible());
    // The guide's RFC 7231 timestamp, read as the instant it names.
    const history = within(detail).getByRole('heading', { name: 'Status history' }).parentElement!;
    expect(within(history).getByText('Jul 11, 2024, 9:17 PM UTC')).toBeVisible();
    await expectNoAxeViolations(container);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Transfer details' })).toBeNull();
    expect(options()[2]).toHaveFocus();
  });

  it('should page with Next and Previous from has_more, and announce each page', async () => {
    const user = userEvent.setup();
    const fake = fakeTransfersFetcher(seededTransfers(7));
    renderWithProvider(<TransferList pageSize={3} />, { fetcher: fake.fetcher });
    const root = await settled('success');
    expect(rowsBox()).toHaveAccessibleName('Transfers, page 1');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rowsBox()).toHaveAccessibleName('Transfers, page 2'));
    await waitFor(() => expect(options()[0]).toHaveTextContent('$50.00'));
    expect(root.querySelector('.pk-live')).toHaveTextContent('Page 2: 3 transfers');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(root.querySelector('.pk-live')).toHaveTextContent('Page 3: 1 transfer'));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(root.querySelector('.pk-live')).toHaveTextContent('Page 2: 3 transfers'));
  });

  it('should send a chosen filter as the API parameter and say when nothing matches', async () => {
    const user = userEvent.setup();
    const fake = fakeTransfersFetcher(seededTransfers(5));
    renderWithProvider(<TransferList />, { fetcher: fake.fetcher });
    await settled('success');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'settlement');
    const root = await settled('empty');
    expect(fake.requests.at(-1)?.query).toMatchObject({ type: 'settlement' });
    expect(root).toHaveTextContent('No transfers match these filters');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await settled('success');
    expect(fake.requests.at(-1)?.query).toEqual({ limit: '20' });
  });

  it('should say there are none yet when no filter is set', async () => {
    renderWithProvider(<TransferList />, { fetcher: fakeTransfersFetcher([]).fetcher });
    expect(await settled('empty')).toHaveTextContent('No transfers yet');
  });

  it('should show the refusal, without a retry, when the session does not grant the list', async () => {
    const fake = fakeTransfersFetcher([]);
    fake.state.fail = new PaymentsError({ kind: 'http', status: 403, code: 'not_granted', operation: 'listTransfers', message: 'Not granted.' });
    renderWithProvider(<TransferList />, { fetcher: fake.fetcher });
    const root = await settled('refused');
    expect(within(root).getByRole('alert')).toHaveAttribute('data-refusal', 'not-granted');
    expect(within(root).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('should show an error with a retry that reads the page again', async () => {
    const user = userEvent.setup();
    const fake = fakeTransfersFetcher(seededTransfers(2));
    fake.state.fail = new PaymentsError({ kind: 'network', operation: 'listTransfers', message: 'Offline.' });
    renderWithProvider(<TransferList />, { fetcher: fake.fetcher });
    const root = await settled('error');
    fake.state.fail = undefined;
    await user.click(within(root).getByRole('button', { name: 'Try again' }));
    await settled('success');
    expect(options()).toHaveLength(2);
  });

  it('should speak the language it is given: the kit catalogue and the list own words together', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(1));
    renderWithProvider(<TransferList messages={{ ...es, ...transferListEs }} locale="es" />, { fetcher: fake.fetcher });
    const root = await settled('success', 'Transferencias');
    expect(root).toHaveAttribute('lang', 'es');
    expect(options()[0]).toHaveTextContent('Completada');
    expect(options()[0]).toHaveTextContent('Monto');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toBeVisible();
  });

  it('should lay out right to left in Hebrew, with its words loaded by locale', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(1));
    const words = await loadTransferListMessages('he-IL');
    renderWithProvider(<TransferList messages={{ ...he, ...words }} locale="he" />, { fetcher: fake.fetcher });
    const root = await settled('success', 'העברות');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(rowsBox()).toHaveAccessibleName('העברות, דף 1');
  });
});
