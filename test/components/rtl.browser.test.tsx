/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import 'payments-kit/styles.css';
import { paymentsKeys, type PaymentsFetcher, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- FormattedDate of components/shared/dates/FormattedDate, which no entry exports
import { FormattedDate } from '../../src/components/shared/dates/FormattedDate.js';
// eslint-disable-next-line no-restricted-imports -- Money of components/shared/money/Money, which no entry exports
import { Money } from '../../src/components/shared/money/Money.js';
// eslint-disable-next-line no-restricted-imports -- StatusBadge of components/shared/StatusBadge, which no entry exports
import { StatusBadge } from '../../src/components/shared/StatusBadge.js';
import { messagesAr as ar, messagesHe as he, type PaymentsMessages } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- seedLegacyTransactions of testing/fixtures, which no entry exports
import { sandboxIds, seedLegacyTransactions } from '../../src/testing/fixtures.js';
import { seedTransactions } from '../support/seedTransactions.js';

// Real Chromium with the real stylesheet, inside `dir="rtl"` as an Arabic or Hebrew page sets it:
// the layouts mirror (logical properties), and amounts, ids and dates keep their own order.

afterEach(() => {
  cleanup();
});

const fetcher: PaymentsFetcher = () => Promise.reject(new Error('everything is in the cache'));
const box = (element: Element) => element.getBoundingClientRect();

/** The right-to-left catalogues, each with its locale. */
const rightToLeft = [
  ['Arabic', 'ar', ar],
  ['Hebrew', 'he', he],
] as const satisfies readonly (readonly [string, string, PaymentsMessages])[];

/** `children` in a right-to-left page column `width` px wide, Arabic unless `locale` says. */
function renderRtl(children: ReactNode, width: number, queryClient = new QueryClient(), locale: string = 'ar', messages: PaymentsMessages = ar) {
  return render(
    <div dir="rtl" lang={locale} style={{ inlineSize: `${String(width)}px`, fontFamily: 'sans-serif' }}>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={messages}>
        {children}
      </PaymentsProvider>
    </div>,
  );
}

function renderTransaction(generation: 'v2' | 'legacy', id: string, width: number, locale?: string, messages?: PaymentsMessages) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const data = generation === 'legacy' ? seedLegacyTransactions().get(id) : seedTransactions().get(id);
  queryClient.setQueryData(paymentsKeys.transaction(generation, id), data);
  renderRtl(<TransactionDetail transactionId={id} generation={generation} />, width, queryClient, locale, messages);
  const card = document.querySelector<HTMLElement>('.pk-transaction');
  if (card?.dataset.state !== 'success') throw new Error('the cached transaction is not shown');
  return card;
}

/** Where each character of `element`'s text is drawn, in the order the text holds them. */
function glyphs(element: Element): { char: string; left: number; right: number }[] {
  const out: { char: string; left: number; right: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index += 1) {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) out.push({ char: text.charAt(index), left: rect.left, right: rect.right });
    }
  }
  return out;
}

/** That `text`'s visible characters are drawn left to right, in their order in the DOM. */
function expectDrawnLeftToRight(element: Element) {
  const drawn = glyphs(element).filter((glyph) => glyph.char.trim() !== '');
  expect(drawn.length).toBeGreaterThan(2);
  const lefts = drawn.map((glyph) => glyph.left);
  expect(lefts, element.textContent).toEqual([...lefts].sort((a, b) => a - b));
}

describe.each(rightToLeft)('given TransactionDetail in %s, right to left', (_language, locale, messages) => {
  it('should put each label right of its value in a wide card, the heading at the right edge', () => {
    const card = renderTransaction('v2', sandboxIds.transactions.created, 640, locale, messages);
    expect(getComputedStyle(card).direction).toBe('rtl');
    const fields = Array.from(card.querySelectorAll('.pk-field'));
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) {
      const [label, value] = [field.querySelector('dt'), field.querySelector('dd')];
      if (!label || !value) throw new Error('a .pk-field without its dt and dd');
      expect(box(label).left).toBeGreaterThanOrEqual(box(value).right);
      expect(box(label).top).toBeCloseTo(box(value).top, 0);
    }
    const heading = screen.getByRole('heading', { level: 2 });
    const padding = Number.parseFloat(getComputedStyle(card).paddingRight);
    const range = document.createRange();
    range.selectNodeContents(heading);
    expect(range.getBoundingClientRect().right).toBeCloseTo(box(card).right - 1 - padding, 0);
  });

  it('should stack labels over values at the right edge in a narrow card, nothing spilling', () => {
    const card = renderTransaction('v2', sandboxIds.transactions.created, 288, locale, messages);
    for (const field of card.querySelectorAll('.pk-field')) {
      const [label, value] = [field.querySelector('dt'), field.querySelector('dd')];
      if (!label || !value) throw new Error('a .pk-field without its dt and dd');
      expect(box(value).top).toBeGreaterThanOrEqual(box(label).bottom);
      expect(box(value).right).toBeCloseTo(box(label).right, 0);
    }
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  });

  it('should keep amounts and ids left to right, the id’s head before its tail', () => {
    const card = renderTransaction('v2', sandboxIds.transactions.refund, 640, locale, messages);
    const money = card.querySelector('.pk-money');
    if (!money) throw new Error('no amount');
    expect(getComputedStyle(money).direction).toBe('ltr');
    expect(getComputedStyle(money).unicodeBidi).toBe('isolate');
    // ‏-25.00 US$ (Arabic): the sign before the digits, "US$" whole (bare right-to-left text reads "$US").
    expectDrawnLeftToRight(money);
    for (const id of card.querySelectorAll('.pk-id[data-shortened="true"]')) {
      expect(getComputedStyle(id).direction).toBe('ltr');
      expect(box(id.querySelector('.pk-id__head')!).right).toBeLessThanOrEqual(box(id.querySelector('.pk-id__tail')!).left + 0.5);
    }
  });

  it('should show the receipt from its first (rightmost) column, scrolling toward the left', () => {
    const card = renderTransaction('legacy', sandboxIds.legacyTransactions.receipt, 288, locale, messages);
    const wrap = card.querySelector<HTMLElement>('.pk-table-wrap')!;
    expect(wrap.scrollWidth).toBeGreaterThan(wrap.clientWidth);
    const [item, description] = within(card).getAllByRole('columnheader');
    // The item column is in view, at the right end; the rest is reached by scrolling left.
    expect(box(item!).right).toBeCloseTo(box(wrap).right, 0);
    expect(box(description!).right).toBeLessThanOrEqual(box(item!).left + 0.5);
    expect(wrap.scrollLeft).toBe(0);
    // The totals' words start at the visible (right) edge too.
    for (const label of card.querySelectorAll('.pk-receipt tfoot th')) {
      const range = document.createRange();
      range.selectNodeContents(label);
      expect(range.getBoundingClientRect().left, label.textContent).toBeGreaterThanOrEqual(box(wrap).left);
    }
  });
});

describe('given the shared pieces in right-to-left text', () => {
  it('should keep an English-formatted amount, a raw status and an English date in their own order', () => {
    renderRtl(
      <p>
        {'المبلغ '}
        <Money amount={-123_456} locale="en" messages={ar} />
        {' الحالة '}
        <StatusBadge kind="transfer" status="awaiting_kyc_review" messages={ar} />
        {' التاريخ '}
        <FormattedDate value="2026-11-20T14:32:05Z" locale="en" />
      </p>,
      640,
    );
    expectDrawnLeftToRight(screen.getByText('-$1,234.56'));
    expectDrawnLeftToRight(screen.getByText('awaiting_kyc_review'));
    expectDrawnLeftToRight(screen.getByText(/Nov 20, 2026/));
  });

  it('should keep an Arabic date in its own right-to-left order', () => {
    renderRtl(<FormattedDate value="2026-11-20T14:32:05Z" locale="ar" />, 640);
    const date = document.querySelector('.pk-date')!;
    expect(getComputedStyle(date).direction).toBe('rtl');
    // "20 نوفمبر 2026…": the day, first in the text, is drawn rightmost of the numbers.
    const digits = glyphs(date).filter((glyph) => /\d/.test(glyph.char));
    expect(digits[0]!.left).toBeGreaterThan(digits[2]!.left);
  });
});

describe('given a flow’s progress bar, right to left', () => {
  /** The colour drawn at `fraction` of the element's width, halfway down. */
  async function colourAt(element: HTMLElement, fractions: number[]): Promise<string[]> {
    const png = await page.screenshot({ element, save: false });
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return fractions.map((fraction) => {
      const [r, g, b] = context.getImageData(Math.floor(image.width * fraction), Math.floor(image.height / 2), 1, 1).data;
      return `rgb(${String(r)}, ${String(g)}, ${String(b)})`;
    });
  }

  it('should fill from the right, the start of the line', async () => {
    render(
      <div dir="rtl" className="pk-root pk-flow" data-pk-theme="light" style={{ inlineSize: '300px' }}>
        <div className="pk-flow__progress">
          <progress className="pk-progress" max={3} value={1} aria-label="الخطوة 2 من 3" />
        </div>
      </div>,
    );
    const progress = document.querySelector<HTMLElement>('progress')!;
    const accent = getComputedStyle(progress).getPropertyValue('--pk-color-accent').trim(); // #1f4fd1
    expect(accent).toBe('#1f4fd1');
    const [left, right] = await colourAt(progress, [0.1, 0.9]);
    expect(right).toBe('rgb(31, 79, 209)');
    expect(left).not.toBe('rgb(31, 79, 209)');
  });
});

describe.each(rightToLeft)('given VolumeCard in %s', (_language, locale, messages) => {
  it('should put its title at the right and keep the figure inside a 146 px card', async () => {
    const answer: PaymentsFetcher = () => Promise.resolve({ success: true, volume: 451_200_000 });
    render(
      <div dir="rtl" style={{ inlineSize: '146px', fontFamily: 'sans-serif' }}>
        <PaymentsProvider fetcher={answer} queryClient={new QueryClient()} locale={locale} messages={messages}>
          <VolumeCard period="year" type="receive" tz="UTC" />
        </PaymentsProvider>
      </div>,
    );
    const card = await screen.findByRole('region');
    await expect.poll(() => card.dataset.state).toBe('success');
    const figure = card.querySelector<HTMLElement>('.pk-stat__value')!;
    expect(figure.textContent).toContain('$');
    expect(figure.scrollWidth).toBeLessThanOrEqual(figure.clientWidth);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    expectDrawnLeftToRight(figure);
    const title = within(card).getByRole('heading', { level: 2 });
    const range = document.createRange();
    range.selectNodeContents(title);
    expect(range.getBoundingClientRect().right).toBeCloseTo(box(title).right, 0);
  });
});
