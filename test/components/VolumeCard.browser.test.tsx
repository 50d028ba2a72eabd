/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import 'payments-kit/styles.css';
import { type PaymentsFetcher, PaymentsProvider, VolumeCard } from 'payments-kit';
import { type MessagesLocale, messagesByLocale, localeDirection, messagesEs as es } from 'payments-kit/messages';
import { volumeFor } from 'payments-kit/testing';
import { saveScreenshot } from '../support/screenshot.js';

// Real Chromium with the real stylesheet: whether a figure fits its card is layout, which jsdom
// does not have. Cards sit in a host's grid of any width, down to two columns on a phone.

afterEach(() => {
  cleanup();
});

/** The volume card, answering `volume` cents, in a host column `width` px wide. */
async function renderCard(volume: number, width: number, locale?: string, fontFamily = 'sans-serif') {
  const fetcher: PaymentsFetcher = () => Promise.resolve({ success: true, volume });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <div style={{ inlineSize: `${String(width)}px`, fontFamily }}>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={locale === 'es' ? es : undefined}>
        <VolumeCard period="year" type="receive" tz="UTC" />
      </PaymentsProvider>
    </div>,
  );
  const card = await screen.findByRole('region');
  await expect.poll(() => card.dataset.state).toBe('success');
  const figure = card.querySelector<HTMLElement>('.pk-stat__value');
  if (!figure) throw new Error('no .pk-stat__value in the success state');
  return { card, figure };
}

describe('given VolumeCard in Chromium with the stylesheet', () => {
  // $4,512,000.00 is the sandbox's yearly figure; $99,999,999.99 the widest under $100M.
  it.each([
    [451_200_000, 146, 'en'],
    [451_200_000, 180, 'en'],
    [9_999_999_999, 146, 'en'],
    [9_999_999_999, 240, 'en'],
    [9_999_999_999, 146, 'es'],
    [0, 146, 'en'],
  ])('should keep the figure of %i cents inside a %i px card (%s)', async (volume, width, locale) => {
    // The host's font: the default sans here is DejaVu Sans, whose bold digits are wide.
    for (const font of ['sans-serif', 'serif', 'monospace']) {
      cleanup();
      const { card, figure } = await renderCard(volume, width, locale, font);
      expect(card.getBoundingClientRect().width).toBeCloseTo(width, 0);
      // Neither the figure nor the card scrolls or spills: the text fits the card's content box.
      expect(figure.scrollWidth, font).toBeLessThanOrEqual(figure.clientWidth);
      expect(card.scrollWidth, font).toBeLessThanOrEqual(card.clientWidth);
      // And on one line: a sum of money is never broken between its digits.
      const lineHeight = Number.parseFloat(getComputedStyle(figure).lineHeight);
      expect(figure.getBoundingClientRect().height, font).toBeLessThan(lineHeight * 1.5);
    }
  });

  it('should give figures one size in cards of one width, and shrink only one longer than the documented volumes', async () => {
    const sizeOf = async (volume: number) => {
      cleanup();
      const { card, figure } = await renderCard(volume, 200);
      expect(figure.scrollWidth).toBeLessThanOrEqual(figure.clientWidth);
      expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
      return Number.parseFloat(getComputedStyle(figure).fontSize);
    };
    const short = await sizeOf(0); // $0.00
    expect(await sizeOf(1_234_567)).toBe(short); // $12,345.67
    expect(await sizeOf(451_200_000)).toBe(short); // $4,512,000.00, the sandbox's yearly figure
    expect(await sizeOf(99_999_999_999_999)).toBeLessThan(short); // $999,999,999,999.99
  });

  it('should wrap a title of one long word instead of letting it spill out of the card', async () => {
    const fetcher: PaymentsFetcher = () => Promise.resolve({ success: true, volume: 1_234_567 });
    render(
      <div style={{ inlineSize: '200px' }}>
        <PaymentsProvider fetcher={fetcher} queryClient={new QueryClient()}>
          <VolumeCard period="month" type="receive" tz="UTC" title="Transaktionsvolumenübersichtsdarstellung" />
        </PaymentsProvider>
      </div>,
    );
    const card = await screen.findByRole('region');
    const title = card.querySelector<HTMLElement>('.pk-card__title');
    if (!title) throw new Error('no title');
    expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    expect(title.getBoundingClientRect().height).toBeGreaterThan(Number.parseFloat(getComputedStyle(title).lineHeight) * 1.5);
  });

  it('should show the figure at its full size in a wide card', async () => {
    const { figure } = await renderCard(451_200_000, 480);
    const root = Number.parseFloat(getComputedStyle(figure.closest('.pk-root') ?? figure).fontSize);
    expect(Number.parseFloat(getComputedStyle(figure).fontSize)).toBeCloseTo(root * 1.75, 0);
  });
});

describe('given a row of VolumeCards (the five documented periods, received and sent) in each language, on a page 390, 768 or 1280 px wide', () => {
  // The dashboard's grid: five columns on a wide page, two below 960 px, 12 px apart, in a page
  // with 16 px margins; each card answers the sandbox's figure for its period and type.
  const periods = ['day', 'week', 'month', '30d', 'year'] as const;
  const types = ['receive', 'send'] as const;

  async function renderRow(locale: MessagesLocale, width: number) {
    await page.viewport(width, 900);
    const fetcher: PaymentsFetcher = ({ query }) =>
      Promise.resolve({ success: true, volume: volumeFor(query?.period, query?.type, query?.tz) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <div
        dir={localeDirection(locale)}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${width >= 960 ? '5' : '2'}, minmax(0, 1fr))`,
          gap: '12px',
          margin: '16px',
          fontFamily: 'sans-serif',
        }}
      >
        <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={messagesByLocale[locale]}>
          {types.flatMap((type) => periods.map((period) => <VolumeCard key={`${type}-${period}`} period={period} type={type} tz="UTC" />))}
        </PaymentsProvider>
      </div>,
    );
    const cards = await screen.findAllByRole('region');
    for (const card of cards) await expect.poll(() => card.dataset.state).toBe('success');
    return cards;
  }

  const px = (element: Element, property: 'fontSize' | 'lineHeight') => Number.parseFloat(getComputedStyle(element)[property]);

  describe.each(Object.keys(messagesByLocale) as MessagesLocale[])('in %s', (locale) => {
    it.each([390, 768, 1280])('should fit every text in its card, and give every figure of a row one size, never smaller than the title, at %i px', async (width) => {
      const cards = await renderRow(locale, width);
      const rows = new Map<number, HTMLElement[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), card]);
        // Nothing spills out of the card or scrolls inside it: title, caption, figure.
        expect(card.scrollWidth, card.textContent).toBeLessThanOrEqual(card.clientWidth);
        for (const block of card.querySelectorAll<HTMLElement>('.pk-card__title, .pk-stat__caption, .pk-stat__value')) {
          expect(block.scrollWidth, block.textContent).toBeLessThanOrEqual(block.clientWidth);
        }
        const title = card.querySelector('.pk-card__title');
        const figure = card.querySelector('.pk-stat__value');
        if (!title || !figure) throw new Error('no title or figure in the card');
        expect(px(figure, 'fontSize'), figure.textContent).toBeGreaterThanOrEqual(px(title, 'fontSize'));
        // A sum of money on one line, never broken between its digits.
        expect(figure.getBoundingClientRect().height, figure.textContent).toBeLessThan(px(figure, 'lineHeight') * 1.5);
      }
      expect(rows.size).toBe(width >= 960 ? 2 : 5);
      for (const row of rows.values()) {
        const figures = row.map((card) => card.querySelector<HTMLElement>('.pk-stat__value') ?? card);
        // One size, and one line: the figures of a row line up whatever their title and caption wrap to.
        expect(new Set(figures.map((figure) => px(figure, 'fontSize'))).size, figures.map((f) => f.textContent).join(' | ')).toBe(1);
        expect(new Set(figures.map((figure) => Math.round(figure.getBoundingClientRect().bottom))).size).toBe(1);
      }
      await saveScreenshot(`VolumeCard/row-${locale}-${String(width)}`, document.body);
    });
  });
});
