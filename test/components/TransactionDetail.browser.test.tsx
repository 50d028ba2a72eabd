/// <reference types="vite/client" />
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/styles/styles.css';
import { sandboxIds, seedLegacyTransactions, seedTransactions } from '../../src/testing/fixtures.js';
import { renderCachedDetail } from './renderCachedDetail.js';

// Real Chromium with the real stylesheet: the narrow layout is a container query, which jsdom
// does not lay out.

afterEach(() => {
  cleanup();
});

function renderCached(generation: 'v2' | 'legacy', id: string, width: number) {
  const data = generation === 'legacy' ? seedLegacyTransactions().get(id) : seedTransactions().get(id);
  return renderCachedDetail({ generation, id, data, width });
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
    expect(labels.map((label) => label.textContent)).toEqual(['Subtotal', 'Tax', 'Shipping', 'Total']);
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
