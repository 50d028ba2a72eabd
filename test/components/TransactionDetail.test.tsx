import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentsError, PaymentsProvider, TransactionDetail } from 'payments-kit';
import { messagesEn as en, messagesEs as es } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { countingFetcher, expectNoAxeViolations, rateLimitedFault, renderWithProvider, setUpSandbox, untilOnFakeClock } from './harness.js';
import { sleep } from '../support/sleep.js';

const { sandbox, browserRequests } = setUpSandbox();
const ids = sandboxIds.transactions;
const legacyIds = sandboxIds.legacyTransactions;

/** Moves the fake clock on by `ms`, letting requests, retries and renders run meanwhile. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The component's root: the region named by its heading. */
const card = (id: string, messages = en) =>
  screen.getByRole('region', { name: messages.transactionTitle.replace('{id}', id) });

/** Waits for the success state and returns the root. */
async function loaded(id: string, messages = en): Promise<HTMLElement> {
  await waitFor(() => {
    expect(card(id, messages)).toHaveAttribute('data-state', 'success');
  });
  return card(id, messages);
}

/** The `<dd>` of the field labelled `label` (a `<dt>`) inside `root`. */
function field(root: HTMLElement, label: string): HTMLElement {
  const value = within(root).getByText(label, { selector: 'dt, dt > bdi' }).closest('dt')?.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

/** Requests the browser sent and did not abort (StrictMode's first mount aborts its own). */
const answered = () => browserRequests.filter((request) => !request.signal.aborted);

/** The live region of the component (rendered in every state). */
const liveRegion = (root: HTMLElement) => root.querySelector<HTMLElement>('.pk-live')!;

describe('given a v2 transaction the sandbox knows, under StrictMode', () => {
  it('should show its fields, its transfer and announce it, with no axe violations', async () => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const root = await loaded(ids.created);
    expect(within(root).getByRole('heading', { level: 2, name: 'Transaction 1001' })).toBeVisible();
    expect(field(root, 'Amount')).toHaveTextContent('$1,250.00');
    expect(field(root, 'Created')).toHaveTextContent('Nov 20, 2026, 2:32 PM UTC');
    expect(field(root, 'Source')).toHaveTextContent('Acme Supplies');
    expect(field(root, 'Destination')).toHaveTextContent('Northwind Traders');
    expect(field(root, 'Type')).toHaveTextContent(en.transactionTypes.refill);
    expect(field(root, 'Metadata')).toHaveTextContent('invoice=INV-1001');

    const transfer = within(root).getByRole('region', { name: 'Transfer' });
    expect(within(transfer).getByRole('heading', { level: 3, name: 'Transfer' })).toBeVisible();
    const status = field(transfer, 'Transfer status').querySelector('.pk-badge')!;
    expect(status).toHaveTextContent('Created');
    expect(status).toHaveAttribute('data-tone', 'info');
    expect(field(transfer, 'Transfer type')).toHaveTextContent('Top-up');
    expect(field(transfer, 'Transfer amount')).toHaveTextContent('$1,250.00');
    expect(field(transfer, 'Platform')).toHaveTextContent('ACH');
    expect(field(transfer, 'Transactions')).toHaveTextContent('1 transaction');
    expect(field(transfer, 'Payout link ID')).toHaveTextContent('6b1f4a2e-0c3d-4e5f-8a9b-0000000007d1');
    // Empty transfer metadata reads "None", not a blank cell.
    expect(field(transfer, 'Transfer metadata')).toHaveTextContent('None');
    expect(liveRegion(root)).toHaveTextContent('Transaction 1001 loaded');
    // StrictMode mounts twice in development: the first request is aborted, one is answered.
    expect(answered()).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('should show account and external ids shortened, with the full value for copying, hover and screen readers', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const root = await loaded(ids.created);
    const tx = sandbox.data.transactions.get(ids.created)!;
    for (const [label, full] of [
      ['Account ID', tx.transfer?.external_data?.account_id ?? ''],
      ['External ID', tx.transfer?.external_data?.external_id ?? ''],
      ['Transfer ID', tx.transfer?.id ?? ''],
    ] as const) {
      expect(full).not.toBe('');
      const code = field(root, label).querySelector('code')!;
      expect(code.textContent).toBe(full);
      expect(code).toHaveAttribute('title', full);
      // The end stays visible; the head is the part the stylesheet cuts with an ellipsis.
      expect(code.querySelector('.pk-id__tail')).toHaveTextContent(full.slice(-6));
    }
  });
});

describe('given each seeded transfer status', () => {
  // Each status the API documents has its word and a tone that says which way it went.
  it.each([
    [ids.created, en.transferStatuses.created, 'info', 'true'],
    [ids.pending, en.transferStatuses.pending, 'info', 'true'],
    [ids.completed, en.transferStatuses.completed, 'success', 'true'],
    [ids.failed, en.transferStatuses.failed, 'danger', 'true'],
    [ids.canceled, en.transferStatuses.canceled, 'danger', 'true'],
    [ids.reversed, en.transferStatuses.reversed, 'danger', 'true'],
    [ids.flagged, en.transferStatuses.flagged, 'warning', 'true'],
    [ids.unknownStatus, 'awaiting_kyc_review', 'neutral', 'false'],
  ])('should show transaction %s with the badge %j in the %s tone', async (id, text, tone, known) => {
    renderWithProvider(<TransactionDetail transactionId={id} />);
    const root = await loaded(id);
    const badge = field(root, 'Transfer status').querySelector('.pk-badge')!;
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveAttribute('data-known', known);
  });

  it('should show a type, transfer type and platform it does not know as raw text in neutral badges', async () => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.unknownStatus} />);
    const root = await loaded(ids.unknownStatus);
    for (const [label, raw] of [
      ['Type', 'fx_settlement'],
      ['Transfer type', 'instant_sweep'],
      ['Platform', 'sepa_instant'],
    ] as const) {
      const badge = within(field(root, label)).getByText(raw);
      expect(badge).toHaveClass('pk-badge');
      expect(badge).toHaveAttribute('data-tone', 'neutral');
    }
    await expectNoAxeViolations(container);
  });
});

describe('given amounts at the edges', () => {
  it.each([
    [ids.zeroAmount, '$0.00', 'zero'],
    [ids.largeAmount, '$1,234,567,890.12', 'positive'],
    [ids.refund, '-$25.00', 'negative'],
    [ids.maxSafeAmount, '$90,071,992,547,409.91', 'positive'],
  ])('should show transaction %s as %s exactly', async (id, text, sign) => {
    renderWithProvider(<TransactionDetail transactionId={id} />);
    const root = await loaded(id);
    const money = field(root, 'Amount').querySelector('.pk-money')!;
    expect(money).toHaveTextContent(text);
    expect(money).toHaveAttribute('data-sign', sign);
    expect(field(root, 'Transfer amount')).toHaveTextContent(text);
  });

  it('should count the transfer transactions with plural rules', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.largeAmount} />);
    const root = await loaded(ids.largeAmount);
    expect(field(root, 'Transactions')).toHaveTextContent('12 transactions');
  });
});

describe('given names in other scripts', () => {
  it('should show accents, CJK, emoji and right-to-left names as sent, isolated', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.unicodeNames} />);
    const root = await loaded(ids.unicodeNames);
    expect(field(root, 'Source')).toHaveTextContent('Zoë Ångström ☕');
    const destination = within(field(root, 'Destination')).getByText('東京コーヒー株式会社 · شركة القهوة');
    expect(destination.tagName).toBe('BDI');
    expect(field(root, 'Metadata')).toHaveTextContent('nota=café con leche 🚀');
  });
});

describe('given a legacy transaction with a receipt', () => {
  it('should show the fields, the notes and the receipt table with exact totals', async () => {
    const { container } = renderWithProvider(
      <TransactionDetail transactionId={legacyIds.receipt} generation="legacy" />,
    );
    const root = await loaded(legacyIds.receipt);
    expect(root).toHaveAttribute('data-generation', 'legacy');
    // Legacy amounts are cents, like every amount of the API (docs/api.md#units): 5647 reads $56.47.
    expect(field(root, 'Amount')).toHaveTextContent('$56.47');
    expect(field(root, 'Date')).toHaveTextContent('Nov 20, 2026, 2:32 PM UTC');
    expect(field(root, 'From')).toHaveTextContent('alice');
    expect(field(root, 'To')).toHaveTextContent('bob_store');
    expect(field(root, 'Type')).toHaveTextContent(en.transactionTypes.wallet);
    expect(field(root, 'Completed')).toHaveTextContent('Yes');
    expect(field(root, 'App credit transaction ID')).toHaveTextContent('ctx_8f14e45f');

    const notes = within(root).getByRole('region', { name: 'Notes' });
    expect(field(notes, 'order_id')).toHaveTextContent('A-1042');
    expect(field(notes, 'gift')).toHaveTextContent('true');

    const table = within(root).getByRole('table', { name: 'Receipt' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Item',
      'Description',
      'Quantity',
      'Unit price',
      'Line total',
    ]);
    const rows = within(table).getAllByRole('row').map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Item', 'Description', 'Quantity', 'Unit price', 'Line total'],
      ['Espresso beans', '1 kg, dark roast', '2', '$18.50', '$37.00'],
      ['Milk frother', 'Handheld, USB-C', '1', '$9.99', '$9.99'],
      ['Paper filters', 'Pack of 100', '3', '$1.50', '$4.50'],
      ['Subtotal', '$51.49'],
      ['Tax', '$4.13'],
      ['Shipping', '$0.85'],
      ['Total', '$56.47'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Total' })).toHaveAttribute('scope', 'row');
    expect(within(root).getByRole('region', { name: 'Receipt' })).toHaveAttribute('tabindex', '0');
    await expectNoAxeViolations(container);
  });

  it('should show a date it cannot parse verbatim', async () => {
    renderWithProvider(<TransactionDetail transactionId={legacyIds.unparsableDate} generation="legacy" />);
    const root = await loaded(legacyIds.unparsableDate);
    expect(field(root, 'Date')).toHaveTextContent(/^20\/11\/2026 14h32$/);
    expect(within(root).getByRole('region', { name: 'Notes' })).toHaveTextContent('None');
  });

  it('should show an empty receipt as "No items" with zero totals', async () => {
    const { container } = renderWithProvider(
      <TransactionDetail transactionId={legacyIds.zeroAmount} generation="legacy" />,
    );
    const root = await loaded(legacyIds.zeroAmount);
    const table = within(root).getByRole('table', { name: 'Receipt' });
    expect(within(table).getByRole('cell', { name: 'No items' })).toHaveAttribute('colspan', '5');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$0.00');
    await expectNoAxeViolations(container);
  });

  it('should show a type it does not know raw, "No" for not completed, and object notes as compact JSON', async () => {
    renderWithProvider(<TransactionDetail transactionId={legacyIds.unknownType} generation="legacy" />);
    const root = await loaded(legacyIds.unknownType);
    expect(within(field(root, 'Type')).getByText('debit')).toHaveAttribute('data-tone', 'neutral');
    expect(field(root, 'Completed')).toHaveTextContent('No');
    const notes = within(root).getByRole('region', { name: 'Notes' });
    expect(field(notes, 'reason')).toHaveTextContent('chargeback');
    expect(within(field(notes, 'nested')).getByText('{"case":77}').tagName).toBe('CODE');
  });

  it('should show unicode usernames and item names', async () => {
    renderWithProvider(<TransactionDetail transactionId={legacyIds.unicode} generation="legacy" />);
    const root = await loaded(legacyIds.unicode);
    expect(field(root, 'From')).toHaveTextContent('zoë.ångström');
    expect(within(root).getByRole('rowheader', { name: 'Matcha 抹茶' })).toBeVisible();
    expect(within(root).getByRole('row', { name: /Matcha/ })).toHaveTextContent('$23.40');
  });

  it('should show an error with a retry when the legacy envelope says success: false', async () => {
    const onError = vi.fn();
    renderWithProvider(
      <TransactionDetail transactionId={legacyIds.unsuccessful} generation="legacy" onError={onError} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.http);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', code: 'success_false' }));
  });
});

describe('given the answer is slow', () => {
  it('should show a busy loading state with the heading, and no axe violations', async () => {
    sandbox.inject({ kind: 'hang' }, { operation: 'getTransaction' });
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const root = card(ids.created);
    expect(root).toHaveAttribute('data-state', 'loading');
    const status = within(root).getByRole('status', { busy: true });
    expect(status).toHaveTextContent('Loading…');
    await waitFor(() => {
      expect(answered()).toHaveLength(1);
    });
    await expectNoAxeViolations(container);
  });
});

describe('given the service fails once with a 500', () => {
  it('should show the error with a retry, then the transaction after retrying, and announce it', async () => {
    sandbox.inject({ kind: 'status', status: 500 }, { operation: 'getTransaction' });
    const onError = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.created} onError={onError} />);
    const alert = await screen.findByRole('alert');
    const root = card(ids.created);
    expect(root).toHaveAttribute('data-state', 'error');
    expect(alert).toHaveTextContent(en.errorTitles.http);
    expect(alert).toHaveTextContent(en.errorDescriptions.http);
    const live = liveRegion(root);
    expect(live.textContent).toBe('');
    await expectNoAxeViolations(container);

    sandbox.clearFaults();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded(ids.created);
    // The same region, present from the start, changed its text: that is what gets announced.
    expect(liveRegion(card(ids.created))).toBe(live);
    expect(live).toHaveTextContent('Transaction 1001 loaded');
    expect(answered()).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe("given the proxy answers 429 rate_limited with Retry-After: 2, with the kit's own QueryClient", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should read again after each 2 s wait, three times, then say "too many requests" with a retry that loads it', async () => {
    vi.useFakeTimers();
    sandbox.inject(rateLimitedFault('getTransaction', 2), { operation: 'getTransaction' });
    const onError = vi.fn();
    const { container } = render(
      <StrictMode>
        <PaymentsProvider>
          <TransactionDetail transactionId={ids.created} onError={onError} liveStatus={false} />
        </PaymentsProvider>
      </StrictMode>,
    );
    const reads = () => answered().length;
    await advance(0);
    expect(reads()).toBe(1);
    for (const expected of [2, 3, 4]) {
      await advance(1_999);
      // Still loading: nothing is shown between the retries, and nothing is sent before the wait.
      expect(card(ids.created)).toHaveAttribute('data-state', 'loading');
      expect(reads()).toBe(expected - 1);
      await advance(1);
      expect(reads()).toBe(expected);
    }
    await untilOnFakeClock(() => {
      expect(card(ids.created)).toHaveAttribute('data-state', 'error');
    });
    const alert = within(card(ids.created)).getByRole('alert');
    expect(alert).toHaveTextContent(en.rateLimitedTitle);
    expect(alert).toHaveTextContent(en.rateLimitedDescription);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 2_000 });
    await advance(60_000);
    expect(reads()).toBe(4);
    vi.useRealTimers();
    await expectNoAxeViolations(container);

    // The limit has passed: "Try again" reads once more, and this time it is answered.
    sandbox.clearFaults();
    await userEvent.setup().click(within(alert).getByRole('button', { name: en.retry }));
    await loaded(ids.created);
    expect(reads()).toBe(5);
  });
});

describe('given the transaction is already in the cache', () => {
  it('should show it at once and announce nothing, since nobody waited; a later wait is announced', async () => {
    const first = renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const live = liveRegion(await loaded(ids.created));
    expect(live).toHaveTextContent('Transaction 1001 loaded');
    first.unmount();

    // Mounted again over the same cache: the data is there on the first render.
    const again = renderWithProvider(<TransactionDetail transactionId={ids.created} />, { queryClient: first.queryClient });
    const root = card(ids.created);
    expect(root).toHaveAttribute('data-state', 'success');
    expect(liveRegion(root).textContent).toBe('');
    again.unmount();
  });
});

describe('given the load fails', () => {
  it('should call onError once, under StrictMode, with the typed PaymentsError', async () => {
    sandbox.inject({ kind: 'status', status: 503 }, { operation: 'getTransaction' });
    const onError = vi.fn();
    renderWithProvider(<TransactionDetail transactionId={ids.created} onError={onError} />);
    await screen.findByRole('alert');
    await sleep(30);
    expect(onError).toHaveBeenCalledTimes(1);
    const error: unknown = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error).toMatchObject({ kind: 'http', status: 503, operation: 'getTransaction' });
  });

  it('should show the network error with a retry', async () => {
    sandbox.inject({ kind: 'network' }, { operation: 'getTransaction' });
    renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.network);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(card(ids.created)).toHaveAttribute('data-state', 'error');
  });

  it.each([
    ['malformed JSON', { kind: 'malformed-json' } as const],
    ['a body of the wrong shape', { kind: 'wrong-shape' } as const],
  ])('should show the invalid_response error for %s, without crashing the page', async (_label, fault) => {
    sandbox.inject(fault, { operation: 'getTransaction' });
    const onError = vi.fn();
    const { container } = renderWithProvider(
      <main>
        <h1>Host page</h1>
        <TransactionDetail transactionId={ids.created} onError={onError} />
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.invalid_response);
    expect(alert).toHaveAttribute('data-kind', 'invalid_response');
    expect(screen.getByRole('heading', { level: 1, name: 'Host page' })).toBeVisible();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_response' }));
    await expectNoAxeViolations(container);
  });

  it('should show a legacy id that is not an integer as an invalid request, without a retry, and send nothing', async () => {
    renderWithProvider(<TransactionDetail transactionId="abc" generation="legacy" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(browserRequests).toEqual([]);
  });
});

describe('given an id the service does not know', () => {
  it.each([
    ['v2', sandboxIds.missing.transaction],
    ['legacy', sandboxIds.missing.legacyTransaction],
  ] as const)('should show the %s not-found state, announce it, offer no retry and have no axe violations', async (generation, id) => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={id} generation={generation} />);
    await waitFor(() => {
      expect(card(id)).toHaveAttribute('data-state', 'not-found');
    });
    const root = card(id);
    expect(within(root).getByText('Not found', { selector: '.pk-not-found p' })).toBeVisible();
    expect(within(root).queryByRole('alert')).toBeNull();
    expect(within(root).queryByRole('button')).toBeNull();
    expect(liveRegion(root)).toHaveTextContent('Not found');
    await expectNoAxeViolations(container);
  });
});

describe('given the id changes', () => {
  it('should load the new transaction and announce it in the same live region', async () => {
    const { rerender, container } = renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    const live = liveRegion(await loaded(ids.created));
    expect(live).toHaveTextContent('Transaction 1001 loaded');
    rerender(<TransactionDetail transactionId={ids.completed} />);
    const root = await loaded(ids.completed);
    expect(liveRegion(root)).toBe(live);
    expect(live).toHaveTextContent('Transaction 1003 loaded');
    expect(container.querySelectorAll('.pk-live')).toHaveLength(1);
  });
});

describe('given the Spanish locale', () => {
  it('should show words from the Spanish catalogue, and money and dates by Intl for es', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.largeAmount} />, { locale: 'es', messages: es });
    const root = await loaded(ids.largeAmount, es);
    expect(within(root).getByRole('heading', { name: 'Transacción 1008' })).toBeVisible();
    expect(field(root, 'Monto')).toHaveTextContent('1.234.567.890,12 US$');
    expect(field(root, 'Creada el')).toHaveTextContent('14 nov 2026, 10:10 UTC');
    expect(field(root, 'Tipo')).toHaveTextContent(es.transactionTypes.payout);
    expect(field(root, 'Transacciones')).toHaveTextContent('12 transacciones');
    expect(liveRegion(root)).toHaveTextContent('Transacción 1008 cargada');
  });

  it('should take the locale from the prop over the provider', async () => {
    renderWithProvider(<TransactionDetail transactionId={legacyIds.receipt} generation="legacy" locale="es" messages={es} />);
    const root = await loaded(legacyIds.receipt, es);
    expect(within(root).getByRole('table', { name: 'Detalle de la compra' })).toHaveTextContent('56,47 US$');
    expect(field(root, 'Completada')).toHaveTextContent('Sí');
  });

  it('should show the dates in the time zone given by the prop', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.created} timeZone="America/New_York" />);
    const root = await loaded(ids.created);
    expect(field(root, 'Created')).toHaveTextContent('Nov 20, 2026, 9:32 AM EST');
  });
});

describe('given message overrides', () => {
  it('should use the provider’s, and the component’s over them', async () => {
    const user = userEvent.setup();
    sandbox.inject({ kind: 'status', status: 500 }, { operation: 'getTransaction' });
    renderWithProvider(
      <TransactionDetail transactionId={ids.created} messages={{ transactionTitle: 'Payment #{id}', retry: 'Reload' }} />,
      { messages: { transactionAmount: 'Total charged', retry: 'Again' } },
    );
    const retry = await screen.findByRole('button', { name: 'Reload' });
    sandbox.clearFaults();
    await user.click(retry);
    const root = await loaded(ids.created, { ...en, transactionTitle: 'Payment #{id}' });
    expect(within(root).getByRole('heading', { name: 'Payment #1001' })).toBeVisible();
    expect(field(root, 'Total charged')).toHaveTextContent('$1,250.00');
  });
});

describe('given a className, native props and a theme', () => {
  it('should put the host’s class last, pass native props through and mark the theme', async () => {
    renderWithProvider(
      <TransactionDetail transactionId={ids.created} className="host-card" id="tx" data-testid="detail" title="Details" />,
      { theme: 'dark' },
    );
    const root = screen.getByTestId('detail');
    expect(root.className).toBe('pk-root pk-transaction pk-card host-card');
    expect(root).toHaveAttribute('id', 'tx');
    expect(root).toHaveAttribute('title', 'Details');
    expect(root).toHaveAttribute('data-pk-theme', 'dark');
    await loaded(ids.created);
    expect(root.querySelector('[style]')).toBeNull();
  });

  it('should leave data-pk-theme off when the provider sets no theme', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.created} />);
    expect(card(ids.created)).not.toHaveAttribute('data-pk-theme');
    await loaded(ids.created);
  });
});

describe('given the component unmounts before the answer arrives', () => {
  // React no longer warns about a state update after unmount, so what shows the answer is
  // ignored is that it never comes: the request is aborted.
  it('should abort its request on unmount, so no late answer can reach it', async () => {
    sandbox.inject({ kind: 'hang' }, { operation: 'getTransaction' });
    // One mount, so one request: under StrictMode the first mount's cleanup aborts a request too.
    const { unmount } = renderWithProvider(<TransactionDetail transactionId={ids.created} />, { strict: false });
    await waitFor(() => {
      expect(browserRequests).toHaveLength(1);
    });
    const [request] = browserRequests;
    expect(request?.signal.aborted).toBe(false);
    unmount();
    await waitFor(() => {
      expect(request?.signal.aborted).toBe(true);
    });
  });
});

describe('given no PaymentsProvider', () => {
  it('should name the component, the provider and the fix', () => {
    expect(() => renderToString(<TransactionDetail transactionId="1" />)).toThrow(
      /`<TransactionDetail>` must be used inside `<PaymentsProvider>`; wrap/,
    );
  });
});

describe('given a v2 transaction whose transfer is under way (live status, short intervals)', () => {
  const fast = { initialIntervalMs: 30, maxIntervalMs: 60 };
  const reads = () => sandbox.callsFor('getTransaction').length;
  /** Sets the transfer status of a sandbox transaction, as the API would move it. */
  function moveTo(id: string, status: string) {
    const transaction = sandbox.data.transactions.get(id)!;
    sandbox.data.transactions.set(id, { ...transaction, transfer: { ...transaction.transfer, status } });
  }

  it('should follow the status while it changes, announce each change once, and stop at a final status', async () => {
    const { container } = renderWithProvider(<TransactionDetail transactionId={ids.created} liveStatus={fast} />);
    const root = await loaded(ids.created);
    const status = () => field(within(root).getByRole('region', { name: 'Transfer' }), 'Transfer status');
    expect(status()).toHaveTextContent('Created');
    moveTo(ids.created, 'pending');
    await waitFor(() => {
      expect(status()).toHaveTextContent(en.transferStatuses.pending);
    });
    expect(liveRegion(root)).toHaveTextContent(`Transfer status changed to ${en.transferStatuses.pending}`);
    // Read again while nothing changes: the region keeps its text, so nothing is said twice.
    const before = reads();
    await waitFor(() => {
      expect(reads()).toBeGreaterThan(before + 1);
    });
    expect(liveRegion(root)).toHaveTextContent(`Transfer status changed to ${en.transferStatuses.pending}`);
    moveTo(ids.created, 'completed');
    await waitFor(() => {
      expect(liveRegion(root)).toHaveTextContent(`Transfer status changed to ${en.transferStatuses.completed}`);
    });
    const atFinal = reads();
    await sleep(250);
    expect(reads()).toBe(atFinal);
    await expectNoAxeViolations(container);
  });

  // Counted where they are sent, not where the sandbox receives them: a read sent just before
  // the unmount or the deadline can reach the sandbox after the count. Each test then waits for
  // every read it sent to have reached the sandbox, so none arrives after the next test's reset.
  it('should send no request after unmount', async () => {
    const { fetcher, sent } = countingFetcher();
    const { unmount } = renderWithProvider(<TransactionDetail transactionId={ids.created} liveStatus={fast} />, { fetcher });
    await loaded(ids.created);
    await waitFor(() => {
      expect(reads()).toBeGreaterThan(1);
    });
    unmount();
    const atUnmount = sent();
    await sleep(200);
    expect(sent()).toBe(atUnmount);
    await waitFor(() => {
      expect(reads()).toBe(sent());
    });
  });

  it('should stop after maxMs even if the status never becomes final', async () => {
    const { fetcher, sent } = countingFetcher();
    renderWithProvider(<TransactionDetail transactionId={ids.created} liveStatus={{ ...fast, maxMs: 150 }} />, { fetcher });
    await loaded(ids.created);
    await sleep(250);
    const afterMax = sent();
    expect(afterMax).toBeGreaterThan(1);
    await sleep(200);
    expect(sent()).toBe(afterMax);
    await waitFor(() => {
      expect(reads()).toBe(sent());
    });
  });

  it.each([
    ['liveStatus={false}', <TransactionDetail key="off" transactionId={ids.created} liveStatus={false} />, ids.created],
    ['a final status', <TransactionDetail key="final" transactionId={ids.completed} liveStatus={fast} />, ids.completed],
    ['an isFinal that says so', <TransactionDetail key="custom" transactionId={ids.created} liveStatus={{ ...fast, isFinal: () => true }} />, ids.created],
  ])('should read it once with %s', async (_label, element, id) => {
    renderWithProvider(element);
    await loaded(id);
    await sleep(200);
    expect(answered()).toHaveLength(1);
  });

  it('should read a legacy transaction once: it has no transfer status', async () => {
    renderWithProvider(<TransactionDetail transactionId={legacyIds.receipt} generation="legacy" liveStatus={fast} />);
    await waitFor(() => {
      expect(card(legacyIds.receipt)).toHaveAttribute('data-state', 'success');
    });
    await sleep(200);
    expect(answered()).toHaveLength(1);
  });
});

describe('given a failed and a flagged transfer, in English and in Spanish', () => {
  /** Sets the seeded transaction `id`'s transfer status and platform. */
  function seedTransfer(id: string, status: string, platform: string) {
    const tx = sandbox.data.transactions.get(id)!;
    sandbox.data.transactions.set(id, { ...tx, transfer: { ...tx.transfer, status, external_data: { ...tx.transfer?.external_data, platform } } });
  }

  it.each([
    ['en', en, { failed: 'Failed', flagged: 'Under review', wire: 'Wire transfer' }],
    ['es', es, { failed: 'Fallida', flagged: 'En revisión', wire: 'Transferencia Wire' }],
  ] as const)(
    'should show in %s the failure in the danger tone, the review as a warning, a brand as it writes itself and a wire in words',
    async (locale, messages, words) => {
      seedTransfer(ids.failed, 'failed', 'cash_app');
      seedTransfer(ids.created, 'flagged', 'wire');
      renderWithProvider(
        <>
          <TransactionDetail transactionId={ids.failed} />
          <TransactionDetail transactionId={ids.created} />
        </>,
        { locale, messages },
      );
      const failed = await loaded(ids.failed, messages);
      const failedBadge = field(failed, messages.transferStatus).querySelector('.pk-badge')!;
      expect(failedBadge).toHaveTextContent(words.failed);
      expect(failedBadge).toHaveAttribute('data-tone', 'danger');
      // A brand is the same in every language, as a word, not as an unknown value's badge.
      expect(field(failed, messages.transferPlatform)).toHaveTextContent('Cash App');
      expect(field(failed, messages.transferPlatform).querySelector('.pk-badge')).toBeNull();

      const flagged = await loaded(ids.created, messages);
      const flaggedBadge = field(flagged, messages.transferStatus).querySelector('.pk-badge')!;
      expect(flaggedBadge).toHaveTextContent(words.flagged);
      expect(flaggedBadge).toHaveAttribute('data-tone', 'warning');
      expect(field(flagged, messages.transferPlatform)).toHaveTextContent(words.wire);
    },
  );

  it('should let a host rename a brand platform', async () => {
    seedTransfer(ids.failed, 'failed', 'cash_app');
    renderWithProvider(<TransactionDetail transactionId={ids.failed} messages={{ transferPlatforms: { cash_app: 'Cash App Pay' } }} />);
    const root = await loaded(ids.failed);
    expect(field(root, 'Platform')).toHaveTextContent('Cash App Pay');
  });
});

describe('given a transaction on screen whose next read is refused', () => {
  const fast = { initialIntervalMs: 30, maxIntervalMs: 60 };
  /** The proxy's one error body for a refusal of getTransaction. */
  const refusal = (status: number, code: string) => ({
    kind: 'status' as const,
    status,
    body: { error: { kind: 'http', status, code, message: 'Refused.', operation: 'getTransaction' } },
  });

  it.each([
    ['403 not_granted (the session no longer covers it)', refusal(403, 'not_granted'), 'error', en.notGrantedTitle],
    ['401 session_expired (no getSession to renew it)', refusal(401, 'session_expired'), 'error', en.sessionExpiredTitle],
    ['404 (the API no longer has it)', refusal(404, 'not_found'), 'not-found', en.notFoundTitle],
  ])('should replace what it showed with the refusal when the read is %s', async (_name, fault, state, words) => {
    renderWithProvider(<TransactionDetail transactionId={ids.created} liveStatus={fast} />);
    const root = await loaded(ids.created);
    expect(root).toHaveTextContent('$1,250.00');
    sandbox.inject(fault, { operation: 'getTransaction' });
    await waitFor(() => {
      expect(card(ids.created)).toHaveAttribute('data-state', state);
    });
    expect(card(ids.created)).toHaveTextContent(words);
    expect(card(ids.created)).not.toHaveTextContent('$1,250.00');
    expect(card(ids.created)).not.toHaveTextContent('Created');
  });

  it('should keep what it showed when the read fails for a reason that says nothing about access (a 503)', async () => {
    renderWithProvider(<TransactionDetail transactionId={ids.created} liveStatus={fast} />);
    await loaded(ids.created);
    sandbox.inject({ kind: 'status', status: 503 }, { operation: 'getTransaction' });
    const before = sandbox.callsFor('getTransaction').length;
    await waitFor(() => {
      expect(sandbox.callsFor('getTransaction').length).toBeGreaterThan(before);
    });
    expect(card(ids.created)).toHaveAttribute('data-state', 'success');
    expect(card(ids.created)).toHaveTextContent('$1,250.00');
    sandbox.clearFaults();
  });
});
