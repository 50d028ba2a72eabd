/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/styles/styles.css';
import { paymentsKeys, type PaymentsFetcher } from '../../src/client/index.js';
import { PaymentsProvider } from '../../src/components/PaymentsProvider.js';
import { TransactionDetail } from '../../src/components/TransactionDetail/index.js';
import { sandboxIds, seedLegacyTransactions, seedTransactions } from '../../src/testing/fixtures.js';

// Real Chromium with the real stylesheet: the narrow layout is a container query, which jsdom
// does not lay out.

const fetcher: PaymentsFetcher = () => Promise.reject(new Error('everything is in the cache'));

afterEach(() => {
  cleanup();
});

function renderCached(generation: 'v2' | 'legacy', id: string, width: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const data = generation === 'legacy' ? seedLegacyTransactions().get(id) : seedTransactions().get(id);
  queryClient.setQueryData(paymentsKeys.transaction(generation, id), data);
  render(
    <div style={{ inlineSize: `${String(width)}px`, fontFamily: 'sans-serif' }}>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient}>
        <TransactionDetail transactionId={id} generation={generation} />
      </PaymentsProvider>
    </div>,
  );
  const card = document.querySelector<HTMLElement>('.pk-transaction');
  if (card?.dataset.state !== 'success') throw new Error('the cached transaction is not shown');
  return card;
}

const box = (element: Element | Range) => element.getBoundingClientRect();

/** Where each field's label and value are laid out. */
function fieldsOf(card: HTMLElement) {
  const fields = Array.from(card.querySelectorAll('.pk-field'), (field) => {
    const [label, value] = [field.querySelector('dt'), field.querySelector('dd')];
    if (!label || !value) throw new Error('a .pk-field without its dt and dd');
    return { label: box(label), value: box(value) };
  });
  expect(fields.length).toBeGreaterThan(10);
  return fields;
}

describe('given TransactionDetail in Chromium with the stylesheet', () => {
  it('should put labels beside their values in a wide card', () => {
    const card = renderCached('v2', sandboxIds.transactions.created, 640);
    for (const { label, value } of fieldsOf(card)) {
      expect(value.left).toBeGreaterThan(label.right);
      expect(value.top).toBeCloseTo(label.top, 0);
    }
  });

  it('should put each label above its value in a narrow card, with nothing spilling out', () => {
    const card = renderCached('v2', sandboxIds.transactions.created, 288);
    for (const { label, value } of fieldsOf(card)) {
      expect(value.top).toBeGreaterThanOrEqual(label.bottom);
      expect(value.left).toBeCloseTo(label.left, 0);
    }
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  });

  it('should start the receipt totals’ labels at the visible edge of a narrow card', () => {
    const card = renderCached('legacy', sandboxIds.legacyTransactions.receipt, 288);
    const wrap = card.querySelector('.pk-table-wrap')!;
    const labels = Array.from(card.querySelectorAll('.pk-receipt tfoot th'));
    expect(labels.map((label) => label.textContent)).toEqual(['Items total', 'Tax', 'Shipping', 'Total']);
    // The table is wider than the card and scrolls inside its wrapper…
    expect(wrap.scrollWidth).toBeGreaterThan(wrap.clientWidth);
    // …and each label's words are in view before any scrolling.
    for (const label of labels) {
      const range = document.createRange();
      range.selectNodeContents(label);
      expect(box(range).right, label.textContent).toBeLessThanOrEqual(box(wrap).right);
    }
    expect(screen.getByRole('region', { name: 'Receipt' })).toHaveAttribute('tabindex', '0');
  });
});
