/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import 'payments-kit/styles.css';
import { type Transaction, paymentsKeys, type PaymentsFetcher, PaymentsProvider, TransactionDetail } from 'payments-kit';
import { messagesByLocale, type MessagesLocale, localeDirection } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- StatusBadge of components/shared/StatusBadge, which no entry exports
import { StatusBadge } from '../../src/components/shared/StatusBadge.js';
import { sandboxIds } from 'payments-kit/testing';
import { seedTransactions } from '../support/seedTransactions.js';

// A status badge never wraps (`.pk-badge { white-space: nowrap }`): a status word longer than the
// room its badge has spills out of the card. Every status word of every catalogue is measured here
// in real Chromium with the real stylesheet, in the narrowest layout the components have: 288 px,
// a 320 px phone less the page's 16 px margins (the width the narrow browser tests and the
// right-to-left stories use). The font is DejaVu Sans, the widest of the common sans fonts (wider
// than Segoe UI, Roboto, San Francisco, Arial), so a word that fits here fits under the system
// fonts the kit's stack names; Chinese and Japanese fall back to Noto Sans CJK.

const NARROWEST = 288;
const WIDE_SANS = '"DejaVu Sans", sans-serif';
const locales = Object.keys(messagesByLocale) as MessagesLocale[];

afterEach(() => {
  cleanup();
});

/** The page around a component: 288 px wide, in the locale's direction, in the wide font. */
function Page({ locale, children }: { locale: MessagesLocale; children: React.ReactNode }) {
  return (
    <div dir={localeDirection(locale)} lang={locale} style={{ inlineSize: `${String(NARROWEST)}px`, ['--pk-font-family' as string]: WIDE_SANS }}>
      {children}
    </div>
  );
}

/** The inline padding and border of `element`, both sides together, in CSS pixels. */
function inset(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return ['borderLeftWidth', 'paddingLeft', 'paddingRight', 'borderRightWidth'].reduce((sum, side) => sum + Number.parseFloat(style[side as 'paddingLeft']), 0);
}

/**
 * How far `badge` is wider than the room it has (negative: it fits), in CSS pixels: the content
 * box of `room`, less the padding and borders of the boxes between them (`within`).
 */
function overflow(badge: HTMLElement, room: HTMLElement, within: readonly HTMLElement[] = []): number {
  const available = room.getBoundingClientRect().width - inset(room) - within.reduce((sum, box) => sum + inset(box), 0);
  return badge.getBoundingClientRect().width - available;
}

describe('given every status word of every catalogue, in a badge at the narrowest layout (288 px, a wide font)', () => {
  /** The v2 transaction with its transfer in `status`, in the cache. */
  function withTransferStatus(status: string): Transaction {
    const transaction = seedTransactions().get(sandboxIds.transactions.completed);
    if (!transaction?.transfer) throw new Error('the sandbox transaction has no transfer');
    return { ...transaction, transfer: { ...transaction.transfer, status } };
  }

  it.each(locales)('should fit each transfer status in %s inside its field of a TransactionDetail card', (locale) => {
    const messages = messagesByLocale[locale];
    const spills: string[] = [];
    for (const status of Object.keys(messages.transferStatuses)) {
      const id = sandboxIds.transactions.completed;
      const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
      queryClient.setQueryData(paymentsKeys.transaction('v2', id), withTransferStatus(status));
      const fetcher: PaymentsFetcher = () => Promise.reject(new Error('everything is in the cache'));
      const { container, unmount } = render(
        <Page locale={locale}>
          <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={messages}>
            <TransactionDetail transactionId={id} />
          </PaymentsProvider>
        </Page>,
      );
      const card = container.querySelector<HTMLElement>('.pk-transaction');
      expect(card?.dataset.state).toBe('success');
      expect(card?.getBoundingClientRect().width).toBeCloseTo(NARROWEST, 0);
      const badge = container.querySelector<HTMLElement>(`.pk-badge[data-status="${status}"]`);
      const field = badge?.closest<HTMLElement>('.pk-field__value');
      if (!badge || !field) throw new Error(`no badge for the transfer status ${status}`);
      // The narrow card stacks each label over its value: the value has the card's whole width.
      expect(field.getBoundingClientRect().width).toBeGreaterThan(NARROWEST / 2);
      const past = overflow(badge, field);
      if (past > 0) spills.push(`${status} "${badge.textContent}" by ${past.toFixed(1)} px`);
      unmount();
    }
    expect(spills).toEqual([]);
  });

  it.each(locales)('should fit each payment intent status in %s inside the confirm button\'s result', (locale) => {
    const messages = messagesByLocale[locale];
    // The result ConfirmIntentButton shows after a confirm, as its markup is (the status line in
    // its bordered box, ConfirmIntentButton.tsx): reaching it for real takes a confirm per status.
    const { container } = render(
      <Page locale={locale}>
        <div className="pk-root pk-confirm">
          <div className="pk-confirm__result">
            {[...Object.keys(messages.paymentIntentStatuses), undefined].map((status) => (
              <p key={status ?? 'unknown'} className="pk-confirm__status">
                <StatusBadge kind="paymentIntent" status={status} messages={messages} />
              </p>
            ))}
          </div>
        </div>
      </Page>,
    );
    // The result box is as wide as its content, up to the component's width: the room is the
    // component's, less the box's padding and border.
    const [root, result] = [container.querySelector<HTMLElement>('.pk-confirm'), container.querySelector<HTMLElement>('.pk-confirm__result')];
    if (!root || !result) throw new Error('no result box');
    expect(root.getBoundingClientRect().width).toBeCloseTo(NARROWEST, 0);
    const badges = [...container.querySelectorAll<HTMLElement>('.pk-badge')];
    expect(badges).toHaveLength(Object.keys(messages.paymentIntentStatuses).length + 1);
    const spills = badges
      .map((badge) => ({ badge, past: overflow(badge, root, [result]) }))
      .filter(({ past }) => past > 0)
      .map(({ badge, past }) => `${badge.dataset.status ?? 'unknown'} "${badge.textContent}" by ${past.toFixed(1)} px`);
    expect(spills).toEqual([]);
  });

  it('should measure a word too long for the narrowest badge as spilling', () => {
    // The check above would pass on anything if the badge could wrap or the measure were off.
    const messages = { ...messagesByLocale.de, paymentIntentStatuses: { ...messagesByLocale.de.paymentIntentStatuses, requires_payment_method: 'Zahlungsmethode erforderlich, bitte auswählen' } };
    const { container } = render(
      <Page locale="de">
        <div className="pk-root pk-confirm">
          <div className="pk-confirm__result">
            <p className="pk-confirm__status">
              <StatusBadge kind="paymentIntent" status="requires_payment_method" messages={messages} />
            </p>
          </div>
        </div>
      </Page>,
    );
    const [root, result, badge] = ['.pk-confirm', '.pk-confirm__result', '.pk-badge'].map((selector) => container.querySelector<HTMLElement>(selector));
    if (!root || !result || !badge) throw new Error('no badge');
    expect(overflow(badge, root, [result])).toBeGreaterThan(0);
  });
});
