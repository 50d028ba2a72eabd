/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cdp, page } from 'vitest/browser';
import 'payments-kit/styles.css';
import { paymentsKeys, type PaymentsFetcher, PaymentsProvider, TransactionDetail } from 'payments-kit';
import { type MessagesLocale, messagesByLocale, localeDirection } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- seedLegacyTransactions of testing/fixtures, which no entry exports
import { sandboxIds, seedLegacyTransactions } from '../../src/testing/fixtures.js';
import { seedTransactions } from '../support/seedTransactions.js';
import { renderCachedDetail } from './renderCachedDetail.js';
import { saveScreenshot } from '../support/screenshot.js';

// Real Chromium with the real stylesheet: the narrow layout is a container query, which jsdom
// does not lay out.

afterEach(async () => {
  cleanup();
  await cdp().send('Emulation.clearDeviceMetricsOverride');
});

function renderCached(generation: 'v2' | 'legacy', id: string, width: number) {
  const data = generation === 'legacy' ? seedLegacyTransactions().get(id) : seedTransactions().get(id);
  return renderCachedDetail({ generation, id, data, width });
}

/**
 * A frame `width` px wide, tall enough for both cards whole in a screenshot, in a window around
 * it as large, so that the runner does not scale the frame (and the screenshot) down to fit. A
 * screenshot puts the window back to its size: one screenshot per test.
 */
async function fullSizeFrame(width: number): Promise<void> {
  await cdp().send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 2400, deviceScaleFactor: 1, mobile: false });
  await page.viewport(width, 2400);
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

describe('given TransactionDetail as a designer sees it, in each language, on a page 390, 768 or 1280 px wide', () => {
  // The page's own layout around the card: the whole content column (a detail page), or a side
  // column of a two-column page (a dashboard), in a page with 16 px margins. The card shows the v2
  // transaction with its transfer and the legacy one with its notes and receipt, the longest two.
  const hostColumns = {
    wide: (width: number) => width - 32,
    narrow: (width: number) => Math.min(360, width - 32),
  };

  async function renderCards(locale: MessagesLocale, width: number, column: keyof typeof hostColumns, theme: 'light' | 'dark') {
    await fullSizeFrame(width);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(paymentsKeys.transaction('v2', sandboxIds.transactions.completed), seedTransactions().get(sandboxIds.transactions.completed));
    queryClient.setQueryData(paymentsKeys.transaction('legacy', sandboxIds.legacyTransactions.receipt), seedLegacyTransactions().get(sandboxIds.legacyTransactions.receipt));
    const fetcher: PaymentsFetcher = () => Promise.reject(new Error('everything is in the cache'));
    render(
      <div
        dir={localeDirection(locale)}
        lang={locale}
        data-testid="host-page"
        style={{ padding: '16px', fontFamily: 'sans-serif', background: theme === 'dark' ? '#0d0f12' : '#f3f4f6' }}
      >
        <div style={{ display: 'grid', gap: '16px', inlineSize: `${String(hostColumns[column](width))}px` }}>
          <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={messagesByLocale[locale]} theme={theme}>
            <TransactionDetail transactionId={sandboxIds.transactions.completed} />
            <TransactionDetail transactionId={sandboxIds.legacyTransactions.receipt} generation="legacy" />
          </PaymentsProvider>
        </div>
      </div>,
    );
    const cards = [...document.querySelectorAll<HTMLElement>('.pk-transaction')];
    expect(cards.map((card) => card.dataset.state)).toEqual(['success', 'success']);
    return cards;
  }

  // Only the cases that lay out differently. The dark theme recolours the same boxes (its
  // contrast is the stylesheet's own test and the stories'), so it is not laid out again; the
  // narrow column is the wide one on a 390 px page (both 358 px), and 360 px on a 768 and a
  // 1280 px page alike.
  const cases = [
    [390, 'wide', 'light'],
    [768, 'wide', 'light'],
    [768, 'narrow', 'light'],
    [1280, 'wide', 'light'],
  ] as const;

  describe.each(Object.keys(messagesByLocale) as MessagesLocale[])('in %s', (locale) => {
    it.each(cases)('should read as one card at %i px, in a %s host column (%s)', async (width, column, theme) => {
      const cards = await renderCards(locale, width, column, theme);
      for (const card of cards) expectOneCard(card);
      await saveScreenshot(`TransactionDetail/${locale}-${String(width)}-${column}-${theme}`, screen.getByTestId('host-page'));
    });
  });
});

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;

/**
 * What a designer checks on one card: one surface and one border (nothing inside draws a card of
 * its own), labels in one column and values in another, lined up from list to list, nothing
 * spilling out, and the card's width used rather than left empty beside short values.
 */
function expectOneCard(card: HTMLElement): void {
  const rtl = getComputedStyle(card).direction === 'rtl';
  // Where a box starts and ends along the line, whichever the direction.
  const start = (rect: DOMRect) => (rtl ? -rect.right : rect.left);
  const end = (rect: DOMRect) => (rtl ? -rect.left : rect.right);
  const surface = getComputedStyle(card).backgroundColor;
  for (const element of card.querySelectorAll<HTMLElement>('*')) {
    // Badges and the receipt's header row are bands of their own on purpose, not cards.
    if (element.closest('.pk-badge, .pk-table thead')) continue;
    const style = getComputedStyle(element);
    const name = `${element.tagName.toLowerCase()}.${element.className}`;
    const bordered = SIDES.filter((side) => style[`border${side}Style`] !== 'none' && Number.parseFloat(style[`border${side}Width`]) > 0);
    expect(bordered.length, `${name} draws a box inside the card`).toBeLessThan(3);
    expect([TRANSPARENT, surface], `${name} has a surface of its own`).toContain(style.backgroundColor);
    expect(style.boxShadow, name).toBe('none');
  }
  const inner = card.getBoundingClientRect();
  const padding = Number.parseFloat(getComputedStyle(card).paddingInlineStart);
  const contentStart = start(inner) + 1 + padding;
  const contentWidth = card.clientWidth - 2 * padding;
  expect(card.scrollWidth, card.textContent).toBeLessThanOrEqual(card.clientWidth);
  // The receipt may scroll sideways in a narrow card, but its totals are read without scrolling.
  const wrap = card.querySelector('.pk-table-wrap');
  for (const amount of card.querySelectorAll('.pk-receipt tfoot td')) {
    const [seen, shown] = [wrap?.getBoundingClientRect() ?? inner, amount.getBoundingClientRect()];
    expect(shown.left, amount.textContent).toBeGreaterThanOrEqual(seen.left - 1);
    expect(shown.right, amount.textContent).toBeLessThanOrEqual(seen.right + 1);
  }
  const fields = Array.from(card.querySelectorAll('.pk-field'), (field) => {
    const [label, value] = [field.querySelector('dt'), field.querySelector('dd')];
    if (!label || !value) throw new Error('a .pk-field without its dt and dd');
    // Nothing spills out of its own box either: a long label wraps, a long value breaks.
    for (const part of [label, value]) expect(part.scrollWidth, part.textContent).toBeLessThanOrEqual(part.clientWidth + 1);
    const range = document.createRange();
    range.selectNodeContents(value);
    return { label: label.getBoundingClientRect(), value: value.getBoundingClientRect(), text: range.getBoundingClientRect() };
  });
  expect(fields.length).toBeGreaterThan(8);
  const columns = (rects: DOMRect[]) => new Set(rects.map((rect) => Math.round(start(rect))));
  const stacked = fields.every(({ label, value }) => value.top >= label.bottom - 1);
  if (stacked) {
    // A narrow card: each label above its value, both at the card's start.
    expect([...columns(fields.flatMap(({ label, value }) => [label, value]))]).toEqual([Math.round(contentStart)]);
    return;
  }
  for (const { label, value } of fields) {
    expect(value.top, 'a value beside its label').toBeCloseTo(label.top, 0);
    expect(start(value)).toBeGreaterThan(end(label));
  }
  // Every list of the card (fields, transfer, notes) on the same one or two label and value columns.
  const labelColumns = columns(fields.map(({ label }) => label));
  const valueColumns = columns(fields.map(({ value }) => value));
  expect(labelColumns.size).toBe(valueColumns.size);
  expect(labelColumns.size).toBeLessThanOrEqual(2);
  expect(Math.min(...labelColumns)).toBeCloseTo(contentStart, 0);
  // The width used: the values reach at least half way across the card. A single column of short
  // values beside a label column leaves the rest of a wide card empty.
  const reach = Math.max(...fields.map(({ text }) => end(text))) - contentStart;
  expect(reach / contentWidth, `values reach ${String(Math.round(reach))} of ${String(contentWidth)} px`).toBeGreaterThanOrEqual(0.5);
}
