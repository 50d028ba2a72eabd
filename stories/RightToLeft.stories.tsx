import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmIntentButton, FlowLauncher, TransactionDetail, VolumeCard } from 'payments-kit';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { expect, waitFor, within } from 'storybook/test';
import {
  digitPositions,
  directionOf,
  field,
  fill,
  messagesFor,
  periodWords,
  sandboxFlowOrigins,
  settled,
  textBox,
  textEdge,
  usd,
  withFault,
} from './support.js';

/**
 * Every component in Arabic, laid out right to left, and the Hebrew words in a left-to-right page. The host sets `dir="rtl"` (and `lang`) on
 * its page or on a container — here the preview does, for the toolbar's `ar` — and passes
 * `messagesAr`; the stylesheet's logical properties mirror every layout. Amounts and ids stay
 * left to right inside the Arabic text (`dir="ltr"`), dates keep the order their locale gives
 * them (`dir="auto"`). Each story also runs 288 px wide and in both themes, with axe.
 *
 * ```tsx
 * import { localeDirection, messagesAr } from 'payments-kit/messages';
 *
 * <div lang="ar" dir={localeDirection('ar')}>
 *   <PaymentsProvider locale="ar" messages={messagesAr}>…</PaymentsProvider>
 * </div>
 * ```
 */
const meta = {
  title: 'Locales/Right to left',
  globals: { locale: 'ar' },
  parameters: { docs: { story: { height: '520px' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

const ids = sandboxIds.transactions;

/** The `.pk-root` of the story, laid out right to left, as the host's `dir` asks. */
async function rtlRoot(context: Context, selector: string): Promise<HTMLElement> {
  const root = await waitFor(() => {
    const found = context.canvasElement.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`No ${selector} yet.`);
    return found;
  });
  await expect(directionOf(root)).toBe('rtl');
  return root;
}

/** The TransactionDetail of `id`, a region named by its Arabic heading, once shown. */
async function transactionCard(context: Context, id: string): Promise<HTMLElement> {
  const name = fill(messagesFor(context).transactionTitle, { id });
  return settled(await context.canvas.findByRole('region', { name }), 'success');
}

/** An amount: isolated, left to right inside the Arabic text, its digits drawn in reading order. */
async function expectAmount(money: Element | null, text: string) {
  if (!money) throw new Error('No amount.');
  await expect(money).toHaveTextContent(text);
  await expect(money).toHaveAttribute('dir', 'ltr');
  await expect(directionOf(money)).toBe('ltr');
  await expect(getComputedStyle(money).unicodeBidi).toBe('isolate');
  const digits = digitPositions(money);
  await expect(digits.length).toBeGreaterThan(2);
  await expect(digits).toEqual([...digits].sort((a, b) => a - b));
}

/**
 * That `label` comes before `value` in right-to-left reading: on its right (a wide card), or
 * above it with both starting at the right edge (a card under 22rem, as on a phone).
 */
async function expectLabelBefore(label: Element, value: Element) {
  const [l, v] = [label.getBoundingClientRect(), value.getBoundingClientRect()];
  if (l.bottom <= v.top + 1) {
    await expect(Math.abs(textBox(label).right - textBox(value).right)).toBeLessThanOrEqual(1);
  } else {
    await expect(l.left).toBeGreaterThanOrEqual(v.right);
  }
}

/** v2 with its transfer: labels on the right, values on their left; amounts, ids and dates isolated. */
export const TransactionDetailV2: Story = {
  name: 'TransactionDetail · v2 with transfer',
  render: () => <TransactionDetail transactionId={ids.created} />,
  play: async (context) => {
    const m = messagesFor(context);
    const root = await transactionCard(context, ids.created);
    await rtlRoot(context, '.pk-transaction');
    // "المعاملة 1001", the id isolated (U+2066…U+2069) so that the Arabic around it cannot reorder it.
    await expect(within(root).getByRole('heading', { level: 2 })).toHaveTextContent('المعاملة \u20661001\u2069');
    // The heading starts at the right edge of the card; each label sits right of its value.
    await expect(textEdge(within(root).getByRole('heading', { level: 2 }), root)).toBe('right');
    const amount = field(root, m.transactionAmount);
    const label = amount.previousElementSibling;
    if (!label) throw new Error('No label before the amount.');
    await expectLabelBefore(label, amount);
    await expectAmount(amount.querySelector('.pk-money'), usd(125_000, 'ar'));
    // The date is in Arabic words: isolated, in the order its own locale gives it.
    const created = field(root, m.transactionCreated).querySelector('.pk-date');
    await expect(created).toHaveAttribute('dir', 'auto');
    await expect(created && getComputedStyle(created).unicodeBidi).toBe('isolate');
    // An id: left to right, its head (cut with an ellipsis) before its tail, as written.
    const transfer = within(root).getByRole('region', { name: m.transfer });
    const id = field(transfer, m.transferId).querySelector('.pk-id');
    if (!id) throw new Error('No transfer id.');
    await expect(directionOf(id)).toBe('ltr');
    const [head, tail] = [id.querySelector('.pk-id__head'), id.querySelector('.pk-id__tail')];
    if (!head || !tail) throw new Error('The transfer id is not shortened.');
    await expect(head.getBoundingClientRect().right).toBeLessThanOrEqual(tail.getBoundingClientRect().left + 1);
    await expect(field(transfer, m.transferTransactions)).toHaveTextContent('معاملة واحدة');
    await expect(within(field(transfer, m.transferStatus)).getByText(m.transferStatuses.created)).toHaveAttribute('data-tone', 'info');
  },
};

/** A refund: the minus sign stays before the digits, as it would not in bare right-to-left text. */
export const NegativeAmount: Story = {
  name: 'TransactionDetail · refund (negative amount)',
  render: () => <TransactionDetail transactionId={ids.refund} />,
  play: async (context) => {
    const m = messagesFor(context);
    const root = await transactionCard(context, ids.refund);
    const money = field(root, m.transactionAmount).querySelector('.pk-money');
    await expectAmount(money, usd(-2_500, 'ar'));
    if (!money) return;
    // The sign is drawn left of the first digit.
    const text = money.textContent;
    const range = document.createRange();
    const node = money.firstChild;
    if (!node) throw new Error('No text in the amount.');
    range.setStart(node, text.indexOf('-'));
    range.setEnd(node, text.indexOf('-') + 1);
    await expect(range.getBoundingClientRect().right).toBeLessThanOrEqual(Math.min(...digitPositions(money)) + 1);
  },
};

/** Legacy with its receipt: the first column on the right, amounts at the cells' far (left) end. */
export const LegacyReceipt: Story = {
  name: 'TransactionDetail · legacy receipt',
  render: () => <TransactionDetail transactionId={sandboxIds.legacyTransactions.receipt} generation="legacy" />,
  parameters: { docs: { story: { height: '720px' } } },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await transactionCard(context, sandboxIds.legacyTransactions.receipt);
    const table = within(root).getByRole('table', { name: m.receiptCaption });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent)).toEqual([
      m.receiptName,
      m.receiptDescription,
      m.receiptQuantity,
      m.receiptUnitAmount,
      m.receiptLineTotal,
    ]);
    // Columns run right to left: the item column is the rightmost.
    const [first, second] = headers.map((header) => header.getBoundingClientRect());
    if (!first || !second) throw new Error('No receipt columns.');
    await expect(first.left).toBeGreaterThanOrEqual(second.right - 1);
    // Amounts sit at the end of their cells: the left, in right-to-left text.
    const total = within(table).getByRole('rowheader', { name: m.receiptGrandTotal }).closest('tr')?.querySelector('td');
    if (!total) throw new Error('No grand total.');
    await expect(textEdge(total, total)).toBe('left');
    await expectAmount(total.querySelector('.pk-money'), usd(5_647, 'ar'));
  },
};

/** Confirmed: the Arabic status badge beside the amount, from the right. */
export const ConfirmOutcome: Story = {
  name: 'ConfirmIntentButton · confirmed',
  render: () => (
    <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />
  ),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await rtlRoot(context, '.pk-confirm');
    const button = context.canvas.getByRole('button', { name: m.confirmButton });
    await expect(button).toHaveTextContent('تأكيد الدفعة');
    // The button starts at the right edge of the component.
    await expect(Math.abs(button.getBoundingClientRect().right - root.getBoundingClientRect().right)).toBeLessThanOrEqual(1);
    await context.userEvent.click(button);
    const badge = await context.canvas.findByText(m.paymentIntentStatuses.succeeded, { selector: '.pk-badge' });
    await expect(badge).toHaveAttribute('data-tone', 'success');
    await expect(root).toHaveAttribute('data-state', 'confirmed');
    const money = root.querySelector('.pk-confirm__status .pk-money');
    if (!money) throw new Error('No amount beside the status.');
    // The badge comes first in reading order: on the right of the amount.
    await expect(badge.getBoundingClientRect().left).toBeGreaterThanOrEqual(money.getBoundingClientRect().right);
    await expect(context.canvas.getByRole('status')).toHaveTextContent(fill(m.confirmResult, { status: m.paymentIntentStatuses.succeeded }));
  },
};

/** The hosted flow in its dialog: the title on the right, Close on the left, progress from the right. */
export const FlowDialog: Story = {
  name: 'FlowLauncher · dialog open',
  render: () => <FlowLauncher steps={['compliance', 'id-verification', 'payout']} mode="dialog" allowedOrigins={sandboxFlowOrigins} />,
  parameters: { docs: { story: { inline: false, height: '640px' } } },
  play: async (context) => {
    const m = messagesFor(context);
    await rtlRoot(context, '.pk-flow');
    await context.userEvent.click(context.canvas.getByRole('button', { name: m.flowStart }));
    const dialog = await context.canvas.findByRole('dialog', { name: m.flowTitle });
    // The dialog is drawn in the top layer, and still inherits the page's direction.
    await expect(directionOf(dialog)).toBe('rtl');
    const title = within(dialog).getByRole('heading', { name: m.flowTitle });
    const close = within(dialog).getByRole('button', { name: m.flowClose });
    await expect(title.getBoundingClientRect().left).toBeGreaterThan(close.getBoundingClientRect().right);
    const label = await waitFor(() => {
      const found = dialog.querySelector('.pk-progress__label');
      if (!found) throw new Error('No progress yet.');
      return found;
    });
    await expect(label).toHaveTextContent(fill(m.flowProgress, { done: 1, total: 3 }));
    // A <progress> fills from its inline start: the right, in right-to-left text.
    const progress = dialog.querySelector('progress');
    if (!progress) throw new Error('No progress bar.');
    await expect(directionOf(progress)).toBe('rtl');
    // The steps read from the right: the first step is the rightmost.
    const steps = within(dialog).getAllByRole('listitem');
    await expect(steps.map((step) => step.textContent)).toEqual([m.flowSteps.compliance, m.flowSteps['id-verification'], m.flowSteps.payout]);
    const [firstStep, secondStep] = steps.map((step) => step.getBoundingClientRect());
    if (!firstStep || !secondStep) throw new Error('No steps.');
    if (firstStep.top === secondStep.top) await expect(firstStep.left).toBeGreaterThan(secondStep.right);
    else await expect(Math.abs(firstStep.right - secondStep.right)).toBeLessThanOrEqual(1); // wrapped: both from the right
  },
};

/** The volume: title and caption on the right, the figure left to right. */
export const Volume: Story = {
  name: 'VolumeCard',
  render: () => <VolumeCard period="month" type="receive" tz="UTC" />,
  play: async (context) => {
    const m = messagesFor(context);
    const root = await settled(await rtlRoot(context, '.pk-volume'), 'success');
    const heading = within(root).getByRole('heading', { name: m.volumeTitle });
    await expect(heading).toHaveTextContent('حجم المعاملات');
    await expect(textEdge(heading, root)).toBe('right');
    const caption = within(root).getByText(fill(m.volumeSummary, { type: m.volumeTypes.receive, period: m.volumePeriods.month }));
    await expect(textEdge(caption, root)).toBe('right');
    await expectAmount(root.querySelector('.pk-stat__value .pk-money'), usd(volumeFor('month', 'receive', 'UTC'), 'ar'));
  },
};

/** An error: the Arabic title and advice, and the retry button on the right. */
export const NetworkError: Story = {
  name: 'TransactionDetail · network error',
  render: () => <TransactionDetail transactionId={ids.created} />,
  parameters: { ...withFault({ kind: 'network' }, { operation: 'getTransaction' }), showsError: ['error:network'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await settled(await rtlRoot(context, '.pk-transaction'), 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.network);
    await expect(alert).toHaveTextContent(m.errorDescriptions.network);
    const title = within(alert).getByText(m.errorTitles.network);
    await expect(textEdge(title, root.querySelector('.pk-card__body') ?? root)).toMatch(/right|both/);
    const retry = within(root).getByRole('button', { name: m.retry });
    await expect(retry).toHaveTextContent('إعادة المحاولة');
    const body = root.getBoundingClientRect();
    const padding = Number.parseFloat(getComputedStyle(root).paddingRight);
    await expect(Math.abs(retry.getBoundingClientRect().right - (body.right - padding - 1))).toBeLessThanOrEqual(1);
  },
};

/**
 * Hebrew, the second right-to-left catalogue, on a page that is itself left to right (an English
 * admin page): each root carries `lang="he"` and `dir="rtl"` from the provider's locale, so the
 * cards mirror, and the words are hyphenated and voiced as Hebrew, whatever the page says.
 */
export const HebrewInALeftToRightPage: Story = {
  name: 'עברית (Hebrew) · in a left-to-right page',
  globals: { locale: 'he' },
  render: () => (
    <div lang="en" dir="ltr">
      <TransactionDetail transactionId={ids.created} />
      <VolumeCard period="30d" type="receive" tz="UTC" />
    </div>
  ),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await transactionCard(context, ids.created);
    await rtlRoot(context, '.pk-transaction');
    await expect(root).toHaveAttribute('lang', 'he');
    const heading = within(root).getByRole('heading', { level: 2 });
    await expect(heading).toHaveTextContent('עסקה \u20661001\u2069');
    await expect(textEdge(heading, root)).toBe('right');
    const amount = field(root, m.transactionAmount);
    if (!amount.previousElementSibling) throw new Error('No label before the amount.');
    await expectLabelBefore(amount.previousElementSibling, amount);
    await expectAmount(amount.querySelector('.pk-money'), usd(125_000, 'he'));

    const volume = await settled(await rtlRoot(context, '.pk-volume'), 'success');
    await expect(volume).toHaveAttribute('lang', 'he');
    const caption = within(volume).getByText(fill(m.volumeSummary, { type: m.volumeTypes.receive, period: periodWords('30d', m, 'he') }));
    await expect(caption).toHaveTextContent('30 הימים האחרונים');
    await expect(textEdge(caption, volume)).toBe('right');
    await expectAmount(volume.querySelector('.pk-stat__value .pk-money'), usd(volumeFor('30d', 'receive', 'UTC'), 'he'));
  },
};
