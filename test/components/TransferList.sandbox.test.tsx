import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TransferList } from 'payments-kit/transfers';
import { renderWithProvider, setUpSandbox } from './harness.js';

setUpSandbox();

describe('TransferList on the sandbox (its seeded transfers, as the API lists them)', () => {
  it('should open a row into its detail', async () => {
    const user = userEvent.setup();
    renderWithProvider(<TransferList pageSize={10} />);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Transfers' })).toHaveAttribute('data-state', 'success'));
    const rows = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(rows).toHaveLength(10);
    await user.click(rows[1]!);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Transfer details' })).toBeVisible());
  });
});
