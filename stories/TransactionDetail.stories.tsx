import type { Meta, StoryObj } from '@storybook/react-vite';
import { TransactionDetail } from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import { expect, fn, waitFor, within } from 'storybook/test';
import { field, fill, localeOf, messagesFor, rateLimitedByProxy, refusedByApi, refusedByProxy, sandboxOf, sandboxParameters, settled, usd, withFault } from './support.js';

const ids = sandboxIds.transactions;
const legacy = sandboxIds.legacyTransactions;

// One transaction of either API generation: `v2` (the default) with its embedded transfer, or
// `legacy` with its notes and receipt. Every story below runs on the sandbox behind MSW, as it
// would behind your proxy; the ids are the sandbox's seeded ones (`sandboxIds`).
const meta = {
  title: 'Components/TransactionDetail',
  component: TransactionDetail,
  args: { transactionId: ids.created, generation: 'v2', onError: fn() },
  argTypes: {
    generation: { control: 'inline-radio', options: ['v2', 'legacy'] },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4, 5] },
  },
} satisfies Meta<typeof TransactionDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The component's root, a region named by its heading, once it shows `state`. */
async function card(context: Context, state: string): Promise<HTMLElement> {
  const m = messagesFor(context);
  const root = await context.canvas.findByRole('region', {
    name: fill(m.transactionTitle, { id: context.args.transactionId }),
  });
  return settled(root, state);
}

/** A v2 transaction whose transfer status badge reads `label` in the `tone` tone. */
function v2Status(transactionId: string, label: (context: Context) => string, tone: string): Story {
  return {
    args: { transactionId },
    play: async (context) => {
      const m = messagesFor(context);
      const root = await card(context, 'success');
      const transfer = within(root).getByRole('region', { name: m.transfer });
      const badge = within(field(transfer, m.transferStatus)).getByText(label(context));
      await expect(badge).toHaveAttribute('data-tone', tone);
      await expect(context.args.onError).not.toHaveBeenCalled();
    },
  };
}

// ─── v2 (docs/api.md#read-a-transaction, with the embedded transfer) ───

/** Transfer status `created`, type `refill`, platform `ach`: the values the API shows. */
export const Created: Story = {
  name: 'v2 · created',
  play: async (context) => {
    const m = messagesFor(context);
    const locale = localeOf(context);
    const root = await card(context, 'success');
    await expect(within(root).getByRole('heading', { level: 2 })).toHaveTextContent(
      fill(m.transactionTitle, { id: ids.created }),
    );
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(125_000, locale));
    await expect(field(root, m.transactionSource)).toHaveTextContent('Acme Supplies');
    await expect(field(root, m.transactionDestination)).toHaveTextContent('Northwind Traders');
    const transfer = within(root).getByRole('region', { name: m.transfer });
    const badge = within(field(transfer, m.transferStatus)).getByText(m.transferStatuses.created);
    await expect(badge).toHaveAttribute('data-tone', 'info');
    await expect(field(transfer, m.transferPlatform)).toHaveTextContent('ACH');
  },
};

/**
 * `liveStatus`: while the transfer is under way the transaction is read again (here every second
 * instead of 5 s growing to 60 s). The sandbox moves the transfer from `created` to `pending`,
 * then to `completed` while you watch: the badge follows, each change is announced once, and the
 * reads stop at the final status.
 */
export const LiveStatus: Story = {
  name: 'v2 · live status, changes while you watch',
  args: { liveStatus: { initialIntervalMs: 1_000, maxIntervalMs: 1_000 } },
  parameters: sandboxParameters(() => undefined, '560px'),
  play: async (context) => {
    const m = messagesFor(context);
    const sandbox = sandboxOf(context);
    const id = context.args.transactionId;
    const seeded = sandbox.data.transactions.get(id);
    if (!seeded) throw new Error(`No transaction ${id} in the sandbox.`);
    // What the API would answer once the transfer has moved on.
    const moveTo = (status: string) => sandbox.data.transactions.set(id, { ...seeded, transfer: { ...seeded.transfer, status } });
    const root = await card(context, 'success');
    const status = () => field(within(root).getByRole('region', { name: m.transfer }), m.transferStatus);
    const live = () => root.querySelector('.pk-live');
    await expect(status()).toHaveTextContent(m.transferStatuses.created);
    moveTo('pending');
    await waitFor(() => expect(status()).toHaveTextContent(m.transferStatuses.pending));
    await expect(live()).toHaveTextContent(fill(m.transferStatusChanged, { status: m.transferStatuses.pending }));
    moveTo('completed');
    await waitFor(() => expect(live()).toHaveTextContent(fill(m.transferStatusChanged, { status: m.transferStatuses.completed })));
    const reads = sandbox.callsFor('getTransaction').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expect(sandbox.callsFor('getTransaction')).toHaveLength(reads);
  },
};

// Each transfer status the API documents, with its word and the tone that says which way it went.
/** `pending`: under way, a payout on RTP. */
export const Pending: Story = { name: 'v2 · pending', ...v2Status(ids.pending, (c) => messagesFor(c).transferStatuses.pending, 'info') };
/** `completed`, a payout to PayPal. */
export const Completed: Story = { name: 'v2 · completed', ...v2Status(ids.completed, (c) => messagesFor(c).transferStatuses.completed, 'success') };
/** `failed`, a payout to Venmo. */
export const Failed: Story = { name: 'v2 · failed', ...v2Status(ids.failed, (c) => messagesFor(c).transferStatuses.failed, 'danger') };
/** `canceled`, a payment. */
export const Canceled: Story = { name: 'v2 · canceled', ...v2Status(ids.canceled, (c) => messagesFor(c).transferStatuses.canceled, 'danger') };
/** `reversed`, a payout to Cash App. */
export const Reversed: Story = { name: 'v2 · reversed', ...v2Status(ids.reversed, (c) => messagesFor(c).transferStatuses.reversed, 'danger') };
/** `flagged`: under review, still live. */
export const Flagged: Story = { name: 'v2 · flagged (under review)', ...v2Status(ids.flagged, (c) => messagesFor(c).transferStatuses.flagged, 'warning') };

// ─── the shapes the API's documentation shows (docs/api.md#reading-tolerantly) ───

/** No transfer (it is only sent when asked for), no type, `metadata: {}`: the transfer id alone, the rest "None". */
export const WithoutTransfer: Story = {
  name: 'v2 · without its transfer',
  args: { transactionId: ids.withoutTransfer },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionType)).toHaveTextContent(m.valueMissing);
    await expect(field(root, m.transactionMetadata)).toHaveTextContent(m.valueMissing);
    await expect(field(root, m.transferId)).toBeVisible();
    await expect(within(root).queryByRole('region', { name: m.transfer })).toBeNull();
    await expect(context.args.onError).not.toHaveBeenCalled();
  },
};

/** `metadata` as an object (compact JSON); a transfer with `external_data: {}` and no payout link. */
export const MetadataObject: Story = {
  name: 'v2 · metadata object, no outside account',
  args: { transactionId: ids.metadataObject },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionMetadata)).toHaveTextContent('{"order_id":"ORD-7781","channel":"api"}');
    const transfer = within(root).getByRole('region', { name: m.transfer });
    await expect(field(transfer, m.transferPlatform)).toHaveTextContent(m.valueMissing);
    await expect(field(transfer, m.transferPayoutLinkId)).toHaveTextContent(m.valueMissing);
  },
};

/** The amount as the API's guides show it, `"1000.0000000000"` cents: $10.00 exactly; `metadata: null`. */
export const DecimalStringAmount: Story = {
  name: 'v2 · decimal-string amount',
  args: { transactionId: ids.decimalAmount },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(1_000, localeOf(context)));
  },
};

/** 12.5 cents: every digit shown ($0.125), never rounded to a figure the API did not send. */
export const FractionOfCent: Story = {
  name: 'v2 · a fraction of a cent',
  args: { transactionId: ids.fractionOfCent },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount).querySelector('.pk-money')).toHaveAttribute('data-state', 'valid');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(/0[.,]125/);
  },
};

/** A status, type and platform no version of the kit knows: raw text, neutral, never an error. */
export const UnknownStatus: Story = {
  name: 'v2 · unknown status',
  args: { transactionId: ids.unknownStatus },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    for (const [label, raw] of [
      [m.transferStatus, 'awaiting_kyc_review'],
      [m.transactionType, 'fx_settlement'],
      [m.transferType, 'instant_sweep'],
      [m.transferPlatform, 'sepa_instant'],
    ] as const) {
      await expect(within(field(root, label)).getByText(raw)).toHaveAttribute('data-tone', 'neutral');
    }
  },
};

/** Amount 0. */
export const ZeroAmount: Story = {
  name: 'v2 · zero amount',
  args: { transactionId: ids.zeroAmount },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(0, localeOf(context)));
  },
};

/** 123 456 789 012 cents, exactly, and a transfer with twelve transactions. */
export const LargeAmount: Story = {
  name: 'v2 · large amount',
  args: { transactionId: ids.largeAmount },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(123_456_789_012, localeOf(context)));
    await expect(field(root, m.transferTransactions)).toHaveTextContent('12');
  },
};

/** Number.MAX_SAFE_INTEGER cents: the last cent is kept, never rounded. */
export const MaxSafeAmount: Story = {
  name: 'v2 · largest amount',
  args: { transactionId: ids.maxSafeAmount },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(Number.MAX_SAFE_INTEGER, localeOf(context)));
  },
};

/** A negative amount (a refund). */
export const Refund: Story = {
  name: 'v2 · refund (negative)',
  args: { transactionId: ids.refund },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    const money = field(root, m.transactionAmount).querySelector('.pk-money');
    await expect(money).toHaveTextContent(usd(-2_500, localeOf(context)));
    await expect(money).toHaveAttribute('data-sign', 'negative');
  },
};

/** Accents, CJK, emoji and right-to-left names, shown as sent and isolated (`<bdi>`). */
export const UnicodeNames: Story = {
  name: 'v2 · unicode names',
  args: { transactionId: ids.unicodeNames },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionSource)).toHaveTextContent('Zoë Ångström ☕');
    const destination = within(field(root, m.transactionDestination)).getByText('東京コーヒー株式会社 · شركة القهوة');
    await expect(destination.tagName).toBe('BDI');
    await expect(field(root, m.transactionMetadata)).toHaveTextContent('nota=café con leche 🚀');
  },
};

/**
 * Names, ids and metadata with bidi control characters (U+202E RIGHT-TO-LEFT OVERRIDE and
 * others), as a spoofing attempt would send them: each control shows as U+FFFD and every value
 * is isolated, so `acct\u202E1234` reads `acct�1234`, never `acct4321`.
 */
export const BidiInNames: Story = {
  name: 'v2 · bidi controls in names',
  parameters: sandboxParameters((sandbox) => {
    const seeded = sandbox.data.transactions.get(ids.created);
    if (!seeded) throw new Error(`The sandbox has no transaction ${ids.created}.`);
    sandbox.inject(
      {
        kind: 'status',
        status: 200,
        body: {
          ...seeded,
          source_name: 'acct\u202E1234',
          destination_name: 'Refund to \u2067evil\u2069 txt.exe',
          metadata: 'invoice=\u202E4321',
          transfer: { ...seeded.transfer, external_data: { ...seeded.transfer?.external_data, account_id: 'acct\u202E1234' } },
        },
      },
      { operation: 'getTransaction' },
    );
  }, '560px'),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionSource)).toHaveTextContent('acct\uFFFD1234');
    await expect(field(root, m.transactionDestination)).toHaveTextContent('Refund to \uFFFDevil\uFFFD txt.exe');
    await expect(field(root, m.transactionMetadata)).toHaveTextContent('invoice=\uFFFD4321');
    await expect(field(root, m.transferAccountId)).toHaveTextContent('acct\uFFFD1234');
    await expect(root.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  },
};

/** Dates in the time zone given to this component (`timeZone`), not the reader's. */
export const InTimeZone: Story = {
  name: 'v2 · dates in Asia/Tokyo',
  args: { timeZone: 'Asia/Tokyo' },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    // 2026-11-20T14:32:05Z is 23:32 on the same day in Tokyo.
    await expect(field(root, m.transactionCreated)).toHaveTextContent(/\b(11:32|23:32)\b/);
  },
};

// ─── legacy (docs/api.md#read-a-transaction-legacy, in the `{ success, transaction }` envelope) ───

/** The receipt's last row, headed by the grand total's word. */
const grandTotalRow = (table: HTMLElement, word: string) => within(table).getByRole('rowheader', { name: word }).closest('tr');

/** Three items, tax and shipping, notes; line and grand totals computed exactly. */
export const LegacyReceipt: Story = {
  name: 'legacy · receipt',
  args: { generation: 'legacy', transactionId: legacy.receipt },
  parameters: { docs: { story: { height: '640px' } } },
  play: async (context) => {
    const m = messagesFor(context);
    const locale = localeOf(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(5_647, locale));
    const table = within(root).getByRole('table', { name: m.receiptCaption });
    await expect(within(table).getByRole('rowheader', { name: 'Espresso beans' })).toBeVisible();
    // 2 × 18.50 = 37.00
    await expect(within(table).getByRole('row', { name: /Espresso beans/ })).toHaveTextContent(usd(3_700, locale));
    await expect(grandTotalRow(table, m.receiptGrandTotal)).toHaveTextContent(usd(5_647, locale));
    const notes = within(root).getByRole('region', { name: m.legacyNotes });
    await expect(field(notes, 'order_id')).toHaveTextContent('A-1042');
  },
};

/**
 * The API's own published legacy example: a UUID id, type `wallet`, amounts in cents (700 → $7.00,
 * its receipt's total $8.00 with the tax), a date in RFC 7231 form and no credit transaction.
 */
export const LegacyPublishedExample: Story = {
  name: 'legacy · the API’s published example',
  args: { generation: 'legacy', transactionId: legacy.uuid },
  parameters: { docs: { story: { height: '640px' } } },
  play: async (context) => {
    const m = messagesFor(context);
    const locale = localeOf(context);
    const root = await card(context, 'success');
    await expect(field(root, m.transactionAmount)).toHaveTextContent(usd(700, locale));
    await expect(field(root, m.legacyType)).toHaveTextContent(m.transactionTypes.wallet);
    await expect(field(root, m.legacyCreditTransactionId)).toHaveTextContent(m.valueMissing);
    const table = within(root).getByRole('table', { name: m.receiptCaption });
    await expect(grandTotalRow(table, m.receiptGrandTotal)).toHaveTextContent(usd(800, locale));
  },
};

/** A date in a format the kit cannot read: shown verbatim, and empty notes as "None". */
export const LegacyUnparsableDate: Story = {
  name: 'legacy · unparsable date',
  args: { generation: 'legacy', transactionId: legacy.unparsableDate },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(root).toHaveTextContent('20/11/2026 14h32');
    await expect(within(root).getByRole('region', { name: m.legacyNotes })).toHaveTextContent(m.valueMissing);
  },
};

/** Amount 0, an empty receipt ("No items") and zero totals. */
export const LegacyZeroAmount: Story = {
  name: 'legacy · zero amount, empty receipt',
  args: { generation: 'legacy', transactionId: legacy.zeroAmount },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    const table = within(root).getByRole('table', { name: m.receiptCaption });
    await expect(within(table).getByRole('cell', { name: m.receiptEmpty })).toBeVisible();
    await expect(grandTotalRow(table, m.receiptGrandTotal)).toHaveTextContent(usd(0, localeOf(context)));
  },
};

/** Unicode usernames and item names. */
export const LegacyUnicode: Story = {
  name: 'legacy · unicode names',
  args: { generation: 'legacy', transactionId: legacy.unicode },
  play: async (context) => {
    const root = await card(context, 'success');
    await expect(within(root).getByRole('rowheader', { name: 'Matcha 抹茶' })).toBeVisible();
    await expect(within(root).getByText('zoë.ångström')).toBeVisible();
  },
};

/** `type: debit` (not a documented type): raw text; not completed; object notes as JSON. */
export const LegacyUnknownType: Story = {
  name: 'legacy · unknown type',
  args: { generation: 'legacy', transactionId: legacy.unknownType },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'success');
    await expect(within(field(root, m.legacyType)).getByText('debit')).toHaveAttribute('data-tone', 'neutral');
    await expect(field(root, m.legacyCompleted)).toHaveTextContent(m.no);
    const notes = within(root).getByRole('region', { name: m.legacyNotes });
    await expect(within(field(notes, 'nested')).getByText('{"case":77}').tagName).toBe('CODE');
  },
};

/** The legacy envelope says `success: false`: an error (with a retry), never data. */
export const LegacySuccessFalse: Story = {
  name: 'legacy · success: false',
  parameters: { showsError: ['error:http'] },
  args: { generation: 'legacy', transactionId: legacy.unsuccessful },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.http);
    await expect(within(alert).getByRole('button', { name: m.retry })).toBeEnabled();
    await waitFor(() => expect(context.args.onError).toHaveBeenCalledTimes(1));
  },
};

// ─── loading, not found and errors ───

/** The answer never comes (fault `hang`): a busy status region with a skeleton, under the heading. */
export const Loading: Story = {
  parameters: withFault({ kind: 'hang' }, { operation: 'getTransaction' }),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'loading');
    const status = within(root).getByRole('status', { busy: true });
    await expect(status).toHaveTextContent(m.loading);
    await expect(within(root).getByRole('heading', { level: 2 })).toBeVisible();
    // The skeleton shows before the read has left the page: wait for the sandbox to hold it, or it
    // would reach the page's one sandbox after the next story's reset and count as that story's.
    await waitFor(() => expect(sandboxOf(context).callsFor('getTransaction')).toHaveLength(1));
  },
};

/** An id the service does not know (404): a definite answer, so no retry. */
export const NotFound: Story = {
  parameters: { showsError: ['not-found'] },
  args: { transactionId: sandboxIds.missing.transaction },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'not-found');
    await expect(within(root).getByText(m.notFoundTitle, { selector: '.pk-not-found p' })).toBeVisible();
    await expect(within(root).queryByRole('button')).toBeNull();
  },
};

/** The same for a legacy id. */
export const LegacyNotFound: Story = {
  name: 'Not found (legacy)',
  parameters: { showsError: ['not-found'] },
  args: { generation: 'legacy', transactionId: sandboxIds.missing.legacyTransaction },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'not-found');
    await expect(root).toHaveTextContent(m.notFoundDescription);
  },
};

/** A legacy id must be an integer: refused before sending, without a retry (it would fail again). */
export const InvalidLegacyId: Story = {
  name: 'Invalid legacy id',
  parameters: { showsError: ['error:invalid_request'] },
  args: { generation: 'legacy', transactionId: 'abc' },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.invalid_request);
    await expect(within(root).queryByRole('button')).toBeNull();
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

/**
 * The proxy refuses the page's payment session (401 `session_expired`) and the provider has no
 * `getSession` to renew it: "Your session has expired", no retry (it would be refused again).
 */
export const SessionExpired: Story = {
  name: 'Session expired',
  parameters: { ...refusedByProxy('getTransaction', 401, 'session_expired'), showsError: ['error:http/session'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.sessionExpiredTitle);
    await expect(alert).toHaveTextContent(m.sessionExpiredDescription);
    await expect(within(root).queryByRole('button')).toBeNull();
    await expect(context.args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 401, code: 'session_expired' }));
  },
};

/**
 * The payments API itself refuses the read with a 403 (the account may not see it): "This account
 * can’t do this", for support, with no retry, unlike the proxy's own `not_granted`.
 */
export const RefusedByApi: Story = {
  name: 'Refused by the API (403)',
  parameters: { ...refusedByApi('getTransaction', 'unauthorized'), showsError: ['error:http/not-allowed'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.notAllowedTitle);
    await expect(within(root).queryByRole('button')).toBeNull();
    await expect(context.args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 403, upstreamMessage: 'Resource not found or unauthorized' }));
  },
};

/** The session does not grant this transaction (403 `not_granted`): "You don’t have access to this", no retry. */
export const NotGranted: Story = {
  name: 'Not granted',
  parameters: { ...refusedByProxy('getTransaction', 403, 'not_granted'), showsError: ['error:http/not-granted'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.notGrantedTitle);
    await expect(within(root).queryByRole('button')).toBeNull();
  },
};

/**
 * Too many requests (429 `rate_limited`, `Retry-After: 2`), until the limit clears. The kit's own
 * `QueryClient` reads again after each wait, three times, before showing this; the stories'
 * client does not retry, so it shows at once. "Try again" reads once more, and the transaction shows.
 */
export const RateLimited: Story = {
  name: 'Too many requests (429)',
  parameters: rateLimitedByProxy('getTransaction', 2, 1),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.rateLimitedTitle);
    await expect(alert).toHaveTextContent(m.rateLimitedDescription);
    await expect(context.args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ status: 429, code: 'rate_limited', retryAfterMs: 2_000 }),
    );
    await context.userEvent.click(within(alert).getByRole('button', { name: m.retry }));
    await settled(root, 'success');
    await expect(sandboxOf(context).callsFor('getTransaction')).toHaveLength(2);
  },
};

/** The connection drops (fault `network`): the network error, with a retry. */
export const NetworkError: Story = {
  parameters: { ...withFault({ kind: 'network' }, { operation: 'getTransaction' }), showsError: ['error:network'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.network);
    await expect(within(alert).getByRole('button', { name: m.retry })).toBeEnabled();
  },
};

/** A 500 from the service, with the request id the proxy passed on for support. */
export const ServerError: Story = {
  name: 'Server error (500)',
  parameters: {
    ...withFault({ kind: 'status', status: 500, headers: { 'x-request-id': 'req_7f3a9c' } }, { operation: 'getTransaction' }),
    showsError: ['error:http'],
  },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.http);
    await expect(alert).toHaveTextContent(fill(m.errorReference, { requestId: 'req_7f3a9c' }));
    await waitFor(() => expect(context.args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 500 })));
  },
};

/** A 500 once, then the user presses "Try again": the transaction shows. */
export const ServerErrorThenRetried: Story = {
  name: 'Server error, then retried',
  parameters: withFault({ kind: 'status', status: 500 }, { operation: 'getTransaction', times: 1 }),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await context.userEvent.click(within(root).getByRole('button', { name: m.retry }));
    await settled(root, 'success');
    await expect(field(root, m.transactionSource)).toHaveTextContent('Acme Supplies');
    await expect(sandboxOf(context).callsFor('getTransaction')).toHaveLength(2);
  },
};

/** A 200 whose body is cut off (fault `malformed-json`): an unexpected answer, never a crash. */
export const MalformedJson: Story = {
  name: 'Malformed JSON',
  parameters: { ...withFault({ kind: 'malformed-json' }, { operation: 'getTransaction' }), showsError: ['error:invalid_response'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.invalid_response);
  },
};

/** Valid JSON that breaks the documented shape (fault `wrong-shape`): the same error. */
export const WrongShape: Story = {
  name: 'Wrong shape',
  parameters: { ...withFault({ kind: 'wrong-shape' }, { operation: 'getTransaction' }), showsError: ['error:invalid_response'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.invalid_response);
  },
};
