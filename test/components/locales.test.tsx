import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmIntentButton, FlowLauncher, TransactionDetail, VolumeCard } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- formatMessage of components/shared/formatMessage, which no entry exports
import { formatMessage } from '../../src/components/shared/formatMessage.js';
// eslint-disable-next-line no-restricted-imports -- formatMoney of components/shared/money/formatMoney, which no entry exports
import { formatMoney } from '../../src/components/shared/money/formatMoney.js';
import { localeDirection, messagesByLocale, messagesEn, pickMessages, type PaymentsMessages } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoAxeViolations, renderWithProvider, setUpSandbox } from './harness.js';

// Every component, rendered in each shipped language and in locales another catalogue serves:
// the words all come from that catalogue (no English left, no {placeholder} unfilled), while
// money follows the locale asked for. Layout in these languages: stories/Locales.stories.tsx and
// test/components/rtl.browser.test.tsx, in Chromium.

setUpSandbox();

const bundled: Readonly<Record<string, PaymentsMessages>> = messagesByLocale;

/** Leaf strings of a catalogue (plural forms included). */
function strings(tree: object): string[] {
  return Object.values(tree).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? strings(value) : [],
  );
}

/**
 * English sentences a translated page must not show: every English string of six characters or
 * more, without placeholders, that the catalogue words differently.
 */
function englishOnly(words: PaymentsMessages): string[] {
  const translated = new Set(strings(words));
  return strings(messagesEn).filter((text) => text.length >= 6 && !text.includes('{') && !translated.has(text));
}

/** `text` as whole words: not inside a longer word ("Transfer" is not in "Transferencia"). */
function asWords(text: string): RegExp {
  return new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
}

async function renderAll(locale: string) {
  const words = pickMessages(locale, bundled) ?? messagesEn;
  const { container } = renderWithProvider(
    <>
      <TransactionDetail transactionId={sandboxIds.transactions.created} />
      <VolumeCard period="month" type="receive" tz="UTC" />
      <ConfirmIntentButton
        paymentIntentId={sandboxIds.paymentIntents.succeeded}
        paymentMethodId={sandboxIds.paymentMethod}
        requireConfirmation
        amount={4_999}
      />
      <FlowLauncher steps={['compliance', 'id-verification']} />
    </>,
    { locale, messages: pickMessages(locale, bundled) },
  );
  const transaction = await screen.findByRole('region', { name: formatMessage(words.transactionTitle, { id: sandboxIds.transactions.created }) });
  await waitFor(() => expect(transaction).toHaveAttribute('data-state', 'success'));
  await waitFor(() => expect(container.querySelector('.pk-volume')).toHaveAttribute('data-state', 'success'));
  return { container, words, transaction };
}

describe.each([
  ['en', 'en'],
  ['es', 'es'],
  ['fr', 'fr'],
  ['de', 'de'],
  ['it', 'it'],
  ['nl', 'nl'],
  ['pt-BR', 'pt-BR'],
  ['ja', 'ja'],
  ['ar', 'ar'],
  ['zh-CN', 'zh-CN'],
  ['pl', 'pl'],
  ['he', 'he'],
  ['fr-CH', 'fr'],
  ['pt-PT', 'pt-BR'],
  ['de-AT', 'de'],
  ['en-CA', 'en'],
  ['zh', 'zh-CN'],
  ['zh-TW', 'en'],
  ['he-IL', 'he'],
  ['@@', 'en'],
])('given the components with locale %j', (locale, catalogue) => {
  it(`should show the ${catalogue} words, every placeholder filled, and money for ${locale}`, async () => {
    const { container, words, transaction } = await renderAll(locale);
    expect(words).toBe(bundled[catalogue]);
    const text = () => container.textContent;
    expect(text()).not.toMatch(/\{\w+\}/);
    for (const english of englishOnly(words)) expect(text(), english).not.toMatch(asWords(english));
    // Money follows the locale asked for (`@@` falls back to English formats), words or not.
    const intlLocale = locale === '@@' ? 'en' : locale;
    const amount = transaction.querySelector('.pk-money');
    expect(amount?.textContent).toBe(formatMoney(125_000, { locale: intlLocale }));
    const badges = Array.from(transaction.querySelectorAll('.pk-badge'), (badge) => [badge.textContent, badge.getAttribute('data-tone')]);
    expect(badges).toContainEqual([words.transferStatuses.created, 'info']);

    screen.getByRole('button', { name: words.confirmButton }).click();
    const question = formatMessage(words.confirmPrompt, { amount: formatMoney(4_999, { locale: intlLocale }) });
    expect(await screen.findByRole('group', { name: question })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: words.flowStart })).toBeEnabled();
    expect(text()).not.toMatch(/\{\w+\}/);
    // Each root says its language and direction, whatever the host page's are.
    const roots = Array.from(container.querySelectorAll('.pk-root'), (root) => [root.getAttribute('lang'), root.getAttribute('dir')]);
    expect(roots).toEqual(Array.from({ length: 4 }, () => [intlLocale, localeDirection(intlLocale)]));
    await expectNoAxeViolations(container);
  });
});

describe('given the components on a host page in another language and direction', () => {
  const rootsOf = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('.pk-root'), (root) => ({ className: root.className, lang: root.getAttribute('lang'), dir: root.getAttribute('dir') }));

  it('should set lang and dir on each root from the provider\'s locale, so the words are not read as the page\'s', async () => {
    const { container } = renderWithProvider(
      <div lang="de" dir="ltr">
        <TransactionDetail transactionId={sandboxIds.transactions.created} />
        <VolumeCard period="month" type="receive" tz="UTC" />
        <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />
        <FlowLauncher steps={['compliance']} />
      </div>,
      { locale: 'ar', messages: messagesByLocale.ar },
    );
    expect(rootsOf(container).map(({ lang, dir }) => [lang, dir])).toEqual(Array.from({ length: 4 }, () => ['ar', 'rtl']));
    // The closest `lang` above any word of the kit is its root's, not the page's German.
    const heading = await screen.findByRole('heading', { name: messagesByLocale.ar.volumeTitle });
    expect(heading.closest('[lang]')).toHaveAttribute('lang', 'ar');
  });

  it('should follow a component\'s own locale, canonicalised, and let the host\'s own attributes win', () => {
    const { container } = renderWithProvider(
      <div lang="ar" dir="rtl">
        <VolumeCard period="month" type="receive" tz="UTC" locale="pt_BR" />
        <VolumeCard period="month" type="receive" tz="UTC" locale="he-IL" />
        <VolumeCard period="month" type="receive" tz="UTC" lang="en-GB" dir="auto" />
      </div>,
      { locale: 'fr' },
    );
    expect(rootsOf(container).map(({ lang, dir }) => [lang, dir])).toEqual([
      ['pt-BR', 'ltr'],
      ['he-IL', 'rtl'],
      ['en-GB', 'auto'],
    ]);
  });
});

describe('given Arabic words with locale "ar-EG", whose numbers are written in Arabic-Indic digits', () => {
  // Each number reaches the page through the locale's number formatter: a step number written
  // with String() read "الخطوة 1 من 3" beside "١٢ معاملة".
  const western = /[0-9]/;
  const arabicIndic = /^[\u0660-\u0669]+$/;
  const digitRuns = (text: string) => text.match(/[0-9\u0660-\u0669]+/g) ?? [];

  it('should write the flow progress, the transfer count and the 30 of "30d" in the same digits', async () => {
    const { container } = renderWithProvider(
      <>
        <TransactionDetail transactionId={sandboxIds.transactions.largeAmount} />
        <VolumeCard period="30d" type="receive" tz="UTC" />
        <FlowLauncher steps={['compliance', 'id-verification', 'payout']} autoStart />
      </>,
      { locale: 'ar-EG', messages: messagesByLocale.ar },
    );
    const progress = await waitFor(() => {
      const label = container.querySelector('.pk-progress__label');
      expect(label).not.toBeNull();
      return label as HTMLElement;
    });
    const count = await waitFor(() => {
      const value = container.querySelector('[data-field="transactions"] .pk-field__value');
      expect(value).not.toBeNull();
      return value as HTMLElement;
    });
    const caption = container.querySelector('.pk-volume .pk-stat__caption') as HTMLElement;

    expect(progress.textContent).toBe('الخطوة ١ من ٣');
    expect(count.textContent).toBe('١٢ معاملة');
    expect(caption.textContent).toContain('آخر ٣٠ يومًا');
    for (const element of [progress, count, caption]) {
      expect(element.textContent, element.className).not.toMatch(western);
      for (const run of digitRuns(element.textContent)) expect(run, element.className).toMatch(arabicIndic);
    }
  });
});
