/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import 'payments-kit/styles.css';
import 'payments-kit/transfers.css';
import { TransferList } from 'payments-kit/transfers';
import { PaymentsProvider } from 'payments-kit';
import { messagesHe as he } from 'payments-kit/messages';
import { transferListMessagesHe as transferListHe } from 'payments-kit/transfers/messages';
import { saveScreenshot } from '../support/screenshot.js';
import { fakeTransfersFetcher, payoutsGuideTransfer, seededTransfers } from './TransferList.fixtures.js';

// Real Chromium with the kit's stylesheet and the list's: the wide and narrow layouts are
// container queries, and where the detail sits is layout, neither of which jsdom has.

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896);
});

/** A phone's width, and a dashboard's main column. */
const NARROW = 390;
const WIDE = 1100;

const box = (element: Element) => element.getBoundingClientRect();

/** The list on a page of five transfers (the payouts guide's first), in a host column `width` px wide. */
async function renderList(width: number, locale?: 'he') {
  // A window wider than the column: a click lands where the row is (the runner's frame is 414 px).
  await page.viewport(width + 40, 896);
  const { fetcher } = fakeTransfersFetcher([payoutsGuideTransfer, ...seededTransfers(4)]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <div style={{ inlineSize: `${String(width)}px`, fontFamily: 'sans-serif' }}>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={locale === 'he' ? he : undefined}>
        <TransferList timeZone="UTC" liveStatus={false} messages={locale === 'he' ? transferListHe : undefined} />
      </PaymentsProvider>
    </div>,
  );
  const root = await screen.findByRole('region', { name: locale === 'he' ? transferListHe.transferListTitle : 'Transfers' });
  await expect.poll(() => root.dataset.state).toBe('success');
  return root;
}

const rows = () => within(screen.getByRole('listbox')).getAllByRole('option');

/** Opens the first row (the payouts guide's transfer) and returns its detail once its history shows. */
async function openFirst(root: HTMLElement, history = 'Status history') {
  await userEvent.click(rows()[0]!);
  const detail = root.querySelector<HTMLElement>('.pk-transfers__detail');
  if (detail === null) throw new Error('the detail did not open');
  // The transfer as read: its status history (the payouts guide's) under its transactions.
  await expect.poll(() => detail.textContent).toContain(history);
  return detail;
}

/** Fails naming every element of `root` whose content is wider than its box, or that sticks out of `root`. */
function expectNothingSpills(root: HTMLElement) {
  const outer = box(root);
  const spills: string[] = [];
  for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
    const style = getComputedStyle(element);
    if (style.display === 'none' || element.closest('.pk-visually-hidden') !== null) continue;
    const inner = box(element);
    const out = inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
    const over = style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1;
    if (out || over) spills.push(`<${element.localName} class="${element.className}"> ${String(Math.round(inner.left))}–${String(Math.round(inner.right))}, content ${String(element.scrollWidth)} in ${String(element.clientWidth)}`);
  }
  expect(spills, `in ${String(Math.round(outer.left))}–${String(Math.round(outer.right))}`).toEqual([]);
}

describe('given TransferList in Chromium with its stylesheet', () => {
  it.each([NARROW, WIDE])('should keep the rows and the open detail inside a %i px column', async (width) => {
    const root = await renderList(width);
    const detail = await openFirst(root);
    await saveScreenshot(`TransferList/detail-${String(width)}`, root);
    expectNothingSpills(root);
    const main = root.querySelector('.pk-transfers__main')!;
    if (width === NARROW) {
      // Each row a card of labelled values, the detail under the list.
      expect(getComputedStyle(rows()[0]!.querySelector('.pk-transfer-row__label')!).position).toBe('static');
      expect(box(detail).top).toBeGreaterThanOrEqual(box(main).bottom);
    } else {
      // Four columns under their headings, the detail beside the list, at its end.
      expect(getComputedStyle(root.querySelector('.pk-transfer-row--head')!).display).toBe('grid');
      expect(box(detail).left).toBeGreaterThan(box(main).right);
      expect(box(detail).top).toBeCloseTo(box(main).top, 0);
    }
  });

  it('should bring the detail into view when it opens under a narrow list, leaving the focus on the row', async () => {
    const root = await renderList(NARROW);
    // A phone's short window: the list's end, where the detail opens, is below it.
    await page.viewport(NARROW + 40, 480);
    expect(box(root.querySelector('.pk-transfers__main')!).bottom).toBeGreaterThan(window.innerHeight);
    const detail = await openFirst(root);
    await expect.poll(() => box(detail).top).toBeLessThan(window.innerHeight);
    expect(box(detail).bottom).toBeGreaterThan(0);
    expect(document.activeElement).toBe(rows()[0]);
  });

  it('should mirror in Hebrew: the list at the start (right), the detail beside it on the left, the selected row marked at its start', async () => {
    const root = await renderList(WIDE, 'he');
    expect(root.getAttribute('dir')).toBe('rtl');
    const detail = await openFirst(root, transferListHe.transferListHistory);
    await saveScreenshot('TransferList/detail-he', root);
    expectNothingSpills(root);
    const main = root.querySelector('.pk-transfers__main')!;
    expect(box(detail).right).toBeLessThan(box(main).left);
    expect(box(detail).top).toBeCloseTo(box(main).top, 0);
    // The amount column sits at the row's start: on the right.
    const [amount, date] = [rows()[0]!.querySelector('[data-column="amount"]')!, rows()[0]!.querySelector('[data-column="date"]')!];
    expect(box(amount).left).toBeGreaterThan(box(date).right);
    // The accent bar of the selected row is drawn inside its right edge (a negative inset x).
    expect(getComputedStyle(rows()[0]!).boxShadow).toMatch(/ -3px 0px 0px 0px inset$/);
  });

  it('should move the focus through the rows with the arrow keys, Home and End, open with Enter and close with Escape', async () => {
    const root = await renderList(WIDE);
    await userEvent.click(rows()[1]!);
    await userEvent.keyboard('{Escape}');
    expect(root.querySelector('.pk-transfers__detail')).toBeNull();
    expect(document.activeElement).toBe(rows()[1]);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rows()[3]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows()[2]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[4]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(rows()[0]);
    // A single tab stop: the focused row.
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1, -1, -1]);

    await userEvent.keyboard('{Enter}');
    const detail = within(root).getByRole('region', { name: 'Transfer details' });
    expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
    // The focus stays on the row: the reader goes on through the list, the detail follows it.
    expect(document.activeElement).toBe(rows()[0]);
    await userEvent.keyboard('{Escape}');
    expect(detail.isConnected).toBe(false);
    expect(document.activeElement).toBe(rows()[0]);
  });

  it('should give the focus back to the row when the detail is closed from inside it, and leave it on a filter that closes it', async () => {
    const root = await renderList(WIDE);
    await userEvent.click(rows()[2]!);
    const close = within(root).getByRole('button', { name: 'Close details' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(root.querySelector('.pk-transfers__detail')).toBeNull();
    expect(document.activeElement).toBe(rows()[2]);

    await userEvent.click(rows()[3]!);
    within(root).getByRole('button', { name: 'Close details' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(root.querySelector('.pk-transfers__detail')).toBeNull();
    expect(document.activeElement).toBe(rows()[3]);

    // A new filter closes the detail too, but leaves the focus where the user is: on the filter.
    await userEvent.click(rows()[1]!);
    const status = within(root).getByRole('combobox', { name: 'Status' });
    // As a user does: into the field (the runner's selectOptions sets the value without focusing it).
    status.focus();
    await userEvent.selectOptions(status, 'completed');
    await expect.poll(() => root.querySelector('.pk-transfers__detail')).toBeNull();
    expect(document.activeElement).toBe(status);
  });
});
