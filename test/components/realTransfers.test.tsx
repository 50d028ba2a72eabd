// The transfers the payments API publishes (its payouts guide's and its transfers overview's), as it
// sends them, through the real proxy with the transfer operations and a one-user grant (in process,
// over the sandbox), into the rendered TransferList: the money and words a merchant sees.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxyFetcher } from 'payments-kit';
import { TransferList } from 'payments-kit/transfers';
import { transferOperations } from 'payments-kit/server/transfers';
import { transferIds } from 'payments-kit/testing';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { SESSION_AUDIENCE, SESSION_SECRET, mintSession } from '../support/sessions.js';
import { expectNoAxeViolations, renderWithProvider } from './harness.js';

const { sandbox, fetch: toProxy } = sandboxProxy({ sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE }, operations: [transferOperations] });
/** The proxy's answers, in order. */
const statuses: number[] = [];
const fetcherFor = (userId: string) =>
  createProxyFetcher({
    getSession: () => mintSession({ transfers: { userId } }),
    fetch: async (input, init) => {
      const response = await toProxy(input, init);
      statuses.push(response.status);
      return response;
    },
  });

afterEach(() => {
  sandbox.reset();
  statuses.length = 0;
});

/** The list once it shows its one row, and that row opened into its detail. */
async function openOnlyRow(userId: string): Promise<{ row: HTMLElement; detail: HTMLElement; container: HTMLElement }> {
  const { container } = renderWithProvider(<TransferList />, { fetcher: fetcherFor(userId) });
  await waitFor(() => expect([screen.getByRole('region', { name: 'Transfers' }).getAttribute('data-state'), statuses]).toEqual(['success', [200]]));
  const rows = within(screen.getByRole('listbox')).getAllByRole('option');
  expect(rows).toHaveLength(1);
  await userEvent.setup().click(rows[0]!);
  return { row: rows[0]!, detail: await screen.findByRole('region', { name: 'Transfer details' }), container };
}

describe('given the transfers the API publishes, through the proxy under a one-user grant', () => {
  it("should show the payouts guide's transfer: a string amount as money, its transaction and its status history", async () => {
    const { row, detail, container } = await openOnlyRow(transferIds.users.payoutsGuide);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(row).toHaveTextContent('-$10.00');
    expect(row).toHaveTextContent('Completed');
    expect(row).toHaveTextContent('Balance transfer');
    expect(within(detail).getByRole('heading', { name: 'Transactions' })).toBeVisible();
    expect(detail).toHaveTextContent('$10.00');
    expect(detail).toHaveTextContent('TestWriteChoiceApp → enamored-education');
    expect(within(detail).getByRole('heading', { name: 'Status history' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it("should show the transfers overview's transfer: cents as money, and a transaction with no type", async () => {
    const { row, detail } = await openOnlyRow(transferIds.users.transfersOverview);
    expect(row).toHaveTextContent('$100.00');
    expect(row).toHaveTextContent('Created');
    expect(detail).toHaveTextContent('App → User');
    expect(within(detail).queryByRole('heading', { name: 'Status history' })).toBeNull();
  });
});
