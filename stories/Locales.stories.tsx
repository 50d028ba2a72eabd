import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmIntentButton, FlowLauncher, TransactionDetail, VolumeCard } from 'payments-kit';
import { localeDirection } from 'payments-kit/messages';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { expect, within } from 'storybook/test';
import { directionOf, field, fill, localeOf, messagesFor, periodWords, settled, usd } from './support.js';

/**
 * The four components in each shipped language, and in locales served by another catalogue. The
 * words come from the catalogue that serves the locale (`pickMessages`, as the preview does for
 * the toolbar); money and dates follow the locale itself. In your app:
 *
 * ```tsx
 * import { loadMessages, localeDirection } from 'payments-kit/messages';
 *
 * const messages = await loadMessages(locale); // fr-CH → French words, one chunk downloaded
 * <div lang={locale} dir={localeDirection(locale)}>
 *   <PaymentsProvider locale={locale} messages={messages}>…</PaymentsProvider>
 * </div>
 * ```
 *
 * Each story is also checked 288 px wide, and with axe in both themes: long German words, Japanese without
 * spaces and Arabic must all fit.
 */
const meta = {
  title: 'Locales/Languages',
  render: () => <Board />,
  parameters: { docs: { story: { height: '760px' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

const transactionId = sandboxIds.transactions.created;
const AMOUNT = 10_999;

/** One of each component, as a merchant's page would hold them. */
function Board() {
  return (
    <div className="sb-dashboard">
      <VolumeCard period="30d" type="receive" tz="UTC" headingLevel={3} />
      <TransactionDetail transactionId={transactionId} headingLevel={3} />
      <ConfirmIntentButton
        paymentIntentId={sandboxIds.paymentIntents.succeeded}
        paymentMethodId={sandboxIds.paymentMethod}
        requireConfirmation
        amount={AMOUNT}
      />
      <FlowLauncher steps={['compliance', 'id-verification']} />
    </div>
  );
}

/** A name matcher that compares text with its whitespace (no-break spaces included) collapsed. */
const named = (expected: string) => (name: string) => name.replace(/\s+/g, ' ') === expected.replace(/\s+/g, ' ');

/** The date as `Intl` writes it for `locale` in UTC: the kit's default format. */
function dateIn(locale: string, iso: string): string {
  const format = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(locale, { ...format, timeZone: 'UTC' }).format(new Date(iso)).replace(/\s+/g, ' ');
}

/**
 * Every component in the toolbar's locale: the catalogue's words, the locale's money and dates,
 * its direction; then the confirmation question, whose amount is formatted inside the words.
 * `count` is how the transfer's one transaction reads.
 */
async function showsLocale(context: Context, count: string) {
  const m = messagesFor(context);
  const locale = localeOf(context);
  const surface = context.canvasElement.querySelector('.sb-surface');
  await expect(surface).toHaveAttribute('lang', locale);
  await expect(surface && directionOf(surface)).toBe(localeDirection(locale));

  const volume = await settled(await context.canvas.findByRole('region', { name: (name) => name.startsWith(m.volumeTitle) }), 'success');
  await expect(volume).toHaveTextContent(fill(m.volumeSummary, { type: m.volumeTypes.receive, period: periodWords('30d', m, locale) }));
  await expect(volume.querySelector('.pk-money')).toHaveTextContent(usd(volumeFor('30d', 'receive', 'UTC'), locale));

  const title = fill(m.transactionTitle, { id: transactionId });
  const transaction = await settled(await context.canvas.findByRole('region', { name: title }), 'success');
  await expect(field(transaction, m.transactionAmount)).toHaveTextContent(usd(125_000, locale));
  const created = field(transaction, m.transactionCreated).querySelector('time');
  await expect(created).toHaveTextContent(dateIn(locale, created?.dateTime ?? ''));
  const transfer = within(transaction).getByRole('region', { name: m.transfer });
  await expect(field(transfer, m.transferTransactions)).toHaveTextContent(count);
  await expect(within(field(transfer, m.transferStatus)).getByText(m.transferStatuses.created)).toBeVisible();
  // Each component names its language and direction on its root, as the page around it does here.
  for (const root of context.canvasElement.querySelectorAll('.pk-root')) {
    await expect(root).toHaveAttribute('lang', locale);
    await expect(root).toHaveAttribute('dir', localeDirection(locale));
  }

  await expect(context.canvas.getByRole('button', { name: m.flowStart })).toBeEnabled();
  await context.userEvent.click(context.canvas.getByRole('button', { name: m.confirmButton }));
  const prompt = await context.canvas.findByRole('group', { name: named(fill(m.confirmPrompt, { amount: usd(AMOUNT, locale) })) });
  await expect(within(prompt).getByRole('button', { name: m.confirmAccept })).toBeEnabled();
  await expect(within(prompt).getByRole('button', { name: m.confirmCancel })).toHaveFocus();
}

/** A story in `locale`; `count` is how one transaction reads there. */
const inLocale = (locale: string, count: string): Story => ({
  globals: { locale },
  play: async (context) => {
    await showsLocale(context, count);
  },
});

export const English: Story = { ...inLocale('en', '1 transaction') };
export const Spanish: Story = { name: 'Español', ...inLocale('es', '1 transacción') };
export const French: Story = { name: 'Français', ...inLocale('fr', '1 transaction') };
export const German: Story = { name: 'Deutsch', ...inLocale('de', '1 Transaktion') };
export const Italian: Story = { name: 'Italiano', ...inLocale('it', '1 transazione') };
export const Dutch: Story = { name: 'Nederlands', ...inLocale('nl', '1 transactie') };
export const BrazilianPortuguese: Story = { name: 'Português (Brasil)', ...inLocale('pt-BR', '1 transação') };
export const Japanese: Story = { name: '日本語', ...inLocale('ja', '1 件') };
export const Arabic: Story = { name: 'العربية (right to left)', ...inLocale('ar', 'معاملة واحدة') };
export const SimplifiedChinese: Story = { name: '简体中文', ...inLocale('zh-CN', '1 笔交易') };
export const Polish: Story = { name: 'Polski', ...inLocale('pl', '1 transakcja') };
export const Hebrew: Story = { name: 'עברית (right to left)', ...inLocale('he', 'עסקה אחת') };

// ─── Locales served by another catalogue: the words fall back, Intl keeps the locale ───

/** `fr-CH`: the French words; money and dates as Switzerland writes them. */
export const SwissFrench: Story = { name: 'fr-CH → French words', ...inLocale('fr-CH', '1 transaction') };
/** `pt-PT`: the Brazilian Portuguese words (the one Portuguese catalogue); European formats. */
export const EuropeanPortuguese: Story = { name: 'pt-PT → Brazilian Portuguese words', ...inLocale('pt-PT', '1 transação') };
/** `en-CA`: the English words, Canadian formats. */
export const CanadianEnglish: Story = { name: 'en-CA → English words', ...inLocale('en-CA', '1 transaction') };
/** `zh-SG`: the Simplified Chinese words; money and dates as Singapore writes them. */
export const SingaporeChinese: Story = { name: 'zh-SG → Simplified Chinese words', ...inLocale('zh-SG', '1 笔交易') };
/**
 * `zh-TW`: Traditional Chinese, another script, which the Simplified catalogue does not serve: so
 * English words — with their English plural ("1 transaction", not "1 transactions", though
 * Chinese has one form) — and Taiwanese money and dates.
 */
export const TraditionalChineseFallsBackToEnglish: Story = {
  name: 'zh-TW → English words, Taiwanese dates',
  ...inLocale('zh-TW', '1 transaction'),
};
