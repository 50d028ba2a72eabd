/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/styles/styles.css';
import type { PaymentsFetcher } from '../../src/client/index.js';
import { PaymentsProvider } from '../../src/components/PaymentsProvider.js';
import { VolumeCard } from '../../src/components/VolumeCard/index.js';
import { es } from '../../src/components/messages/es.js';

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

  it('should give figures of up to 10 characters one size, and shrink only longer ones', async () => {
    const sizeOf = async (volume: number) => {
      cleanup();
      const { figure } = await renderCard(volume, 200);
      return Number.parseFloat(getComputedStyle(figure).fontSize);
    };
    const short = await sizeOf(0); // $0.00
    expect(await sizeOf(1_234_567)).toBe(short); // $12,345.67
    expect(await sizeOf(451_200_000)).toBeLessThan(short); // $4,512,000.00
  });

  it('should show the figure at its full size in a wide card', async () => {
    const { figure } = await renderCard(451_200_000, 480);
    const root = Number.parseFloat(getComputedStyle(figure.closest('.pk-root') ?? figure).fontSize);
    expect(Number.parseFloat(getComputedStyle(figure).fontSize)).toBeCloseTo(root * 1.75, 0);
  });
});
