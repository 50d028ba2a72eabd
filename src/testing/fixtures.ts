import type * as z from 'zod/mini';
import type { LegacyTransaction, PaymentIntent, PaymentIntentStatus, transactionSchema } from '../api/index.js';
import { paymentIntentStatuses } from '../api/index.js';

/**
 * Ids of the sandbox's seeded data, by what each one shows. Stable across versions of the kit
 * so integrators can use them in their own tests and stories.
 */
export const sandboxIds = {
  /**
   * v2 transactions (docs/api.md#read-a-transaction). Each shows one documented transfer status
   * or one documented shape of the answer.
   */
  transactions: {
    /** Transfer status `created`, type `refill`, platform `ach`. */
    created: '1001',
    /** Transfer status `pending`, a payout on RTP. */
    pending: '1002',
    /** Transfer status `completed`, a payout to PayPal. */
    completed: '1003',
    /** Transfer status `failed`, a payout to Venmo. */
    failed: '1004',
    /** Transfer status `canceled`, a payment. */
    canceled: '1005',
    /** A transaction type and transfer status, type and platform the API does not document: shown as raw text. */
    unknownStatus: '1006',
    /** Amount 0. */
    zeroAmount: '1007',
    /** Amount 123 456 789 012 cents and a transfer with many transactions. */
    largeAmount: '1008',
    /** Accents, CJK, emoji and right-to-left names. */
    unicodeNames: '1009',
    /** A negative amount (a refund), its transfer `completed`. */
    refund: '1010',
    /** The largest amount the kit accepts: Number.MAX_SAFE_INTEGER cents. */
    maxSafeAmount: '1011',
    /** Transfer status `reversed`. */
    reversed: '1012',
    /** Transfer status `flagged`: under review, still live. */
    flagged: '1013',
    /** No `transfer` (it is only sent when asked for) and no `type`; `metadata` is `{}`. */
    withoutTransfer: '1014',
    /** `metadata` an object; the transfer's `external_data` `{}`, no `payout_link_id`, `metadata` null. */
    metadataObject: '1015',
    /** The amount as a decimal string (`"1000.0000000000"`), `metadata` null, as the API's guides show. */
    decimalAmount: '1016',
    /** A fraction of a cent: 12.5 cents, shown as $0.125. */
    fractionOfCent: '1017',
    /** @deprecated The API has no `processing` transfer status: {@link sandboxIds.transactions.pending}. */
    processing: '1002',
    /** @deprecated The API has no `succeeded` transfer status: {@link sandboxIds.transactions.completed}. */
    succeeded: '1003',
  },
  /** Legacy transactions (docs/api.md#read-a-transaction-legacy), in the `{ success, transaction }` envelope; amounts in cents. */
  legacyTransactions: {
    /** A receipt with three items, tax and shipping, and notes; the date in RFC 7231 form. */
    receipt: '1',
    /** A date in a format that does not parse: shown verbatim. */
    unparsableDate: '2',
    /** Amount 0, an empty receipt and empty notes. */
    zeroAmount: '3',
    /** Unicode usernames and item names. */
    unicode: '4',
    /** `type: debit` (not a documented type: shown raw), not completed. */
    unknownType: '5',
    /** Answers `200 { success: false }`. */
    unsuccessful: '6',
    /** The API's own published example: a UUID id, type `wallet`, no `credit_transaction_id`. */
    uuid: '5cfabe15-d452-4558-8e46-56d90ebe48f7',
  },
  /**
   * Payment intents: `pi_<status>` ends in that status when confirmed, for each status of
   * the API lists (docs/api.md#confirm-a-payment-intent); `pi_unknown` ends in a status no
   * version of the kit knows.
   */
  paymentIntents: {
    ...(Object.fromEntries(paymentIntentStatuses.map((s) => [s, `pi_${s}`])) as Record<
      (typeof paymentIntentStatuses)[number],
      string
    >),
    unknown: 'pi_unknown',
  },
  /** A payment method the sandbox accepts for any intent. */
  paymentMethod: 'pm_card_visa',
  /** Ids that answer 404. */
  missing: { transaction: '404404', legacyTransaction: '404404', paymentIntent: 'pi_missing' },
  /** A `user_id` that makes `createFlow` return a link that no longer works: its page says `{ status: 'expired' }`. */
  expiredFlowUser: 'usr_expired',
} as const;

/** A status the sandbox's `pi_unknown` ends in: absent from the API's list on purpose. */
export const UNKNOWN_INTENT_STATUS = 'pending_review';

const uuid = (n: number): string => `6b1f4a2e-0c3d-4e5f-8a9b-${n.toString(16).padStart(12, '0')}`;

/**
 * A v2 transaction as the API sends it (amounts may be decimal strings), before the kit reads it.
 * The sandbox answers these.
 */
export type TransactionAnswer = z.input<typeof transactionSchema>;

interface TransactionSeed {
  id: string;
  amount: number | string;
  created: string;
  source: string;
  destination: string;
  type?: string | undefined;
  /** The transfer, or `null` for an answer without one. */
  transfer: {
    status: string;
    type: string;
    platform?: string | undefined;
    count?: number | undefined;
    /** `{}`: no outside account, as for a balance transfer. */
    noExternal?: boolean | undefined;
    noPayoutLink?: boolean | undefined;
  } | null;
  metadata?: string | Record<string, unknown> | null | undefined;
}

function transaction(seed: TransactionSeed, n: number): TransactionAnswer {
  const answer: TransactionAnswer = {
    id: Number(seed.id),
    amount: seed.amount,
    created: seed.created,
    source_name: seed.source,
    destination_name: seed.destination,
    metadata: seed.metadata === undefined ? `invoice=INV-${seed.id}` : seed.metadata,
    transfer_id: uuid(n),
  };
  if (seed.type !== undefined) answer.type = seed.type;
  const t = seed.transfer;
  if (t === null) return answer;
  answer.transfer = {
    id: uuid(n),
    created: seed.created,
    user_id: uuid(1000 + n),
    status: t.status,
    type: t.type,
    amount: seed.amount,
    external_data: t.noExternal
      ? {}
      : {
          account_id: `acct_${(n * 7919).toString(36).padStart(6, '0')}9f2c41d8e7b5`,
          external_id: `ext_${(n * 104729).toString(36).padStart(8, '0')}a73e0c95`,
          platform: t.platform ?? 'ach',
        },
    transactions: Array.from({ length: t.count ?? 1 }, (_, i) => ({ id: Number(seed.id) * 100 + i })),
    ...(t.noPayoutLink ? {} : { payout_link_id: uuid(2000 + n) }),
    metadata: typeof seed.metadata === 'string' ? seed.metadata : null,
  };
  return answer;
}

const t = sandboxIds.transactions;
const transfer = (status: string, type: string, platform?: string) => ({ status, type, platform });
const transactionSeeds: TransactionSeed[] = [
  { id: t.created, amount: 125_000, created: '2026-11-20T14:32:05Z', source: 'Acme Supplies', destination: 'Northwind Traders', type: 'refill', transfer: transfer('created', 'refill') },
  { id: t.pending, amount: 4_999, created: '2026-11-21T09:15:00Z', source: 'Globex', destination: 'Initech', type: 'payout', transfer: transfer('pending', 'payout', 'rtp') },
  { id: t.completed, amount: 87_250, created: '2026-11-19T23:59:59Z', source: 'Umbrella Corp', destination: 'Stark Industries', type: 'payout', transfer: transfer('completed', 'payout', 'paypal') },
  { id: t.failed, amount: 15_000, created: '2026-11-18T06:00:00Z', source: 'Hooli', destination: 'Pied Piper', type: 'payout', transfer: transfer('failed', 'payout', 'venmo') },
  { id: t.canceled, amount: 2_500, created: '2026-11-17T12:00:00Z', source: 'Vehement Capital', destination: 'Massive Dynamic', type: 'payment', transfer: transfer('canceled', 'payment') },
  { id: t.unknownStatus, amount: 33_333, created: '2026-11-16T18:45:30Z', source: 'Soylent', destination: 'Tyrell', type: 'fx_settlement', transfer: transfer('awaiting_kyc_review', 'instant_sweep', 'sepa_instant') },
  { id: t.zeroAmount, amount: 0, created: '2026-11-15T00:00:00Z', source: 'Wayne Enterprises', destination: 'Wonka Industries', type: 'balance', transfer: { ...transfer('created', 'balance'), noExternal: true } },
  { id: t.largeAmount, amount: 123_456_789_012, created: '2026-11-14T10:10:10Z', source: 'Cyberdyne Systems', destination: 'Weyland-Yutani', type: 'payout', transfer: { ...transfer('created', 'payout', 'wire'), count: 12 } },
  { id: t.unicodeNames, amount: 1_999, created: '2026-11-13T07:07:07Z', source: 'Zoë Ångström ☕', destination: '東京コーヒー株式会社 · شركة القهوة', type: 'balance', transfer: transfer('created', 'balance', 'intl_bank'), metadata: 'nota=café con leche 🚀' },
  { id: t.refund, amount: -2_500, created: '2026-11-12T16:20:00Z', source: 'Northwind Traders', destination: 'Acme Supplies', type: 'refill', transfer: transfer('completed', 'refill'), metadata: 'refund_of=1001' },
  { id: t.maxSafeAmount, amount: Number.MAX_SAFE_INTEGER, created: '2026-11-11T11:11:11Z', source: 'Federal Reserve', destination: 'Treasury', type: 'refill', transfer: transfer('created', 'refill') },
  { id: t.reversed, amount: 64_000, created: '2026-11-10T08:30:00Z', source: 'Initech', destination: 'Globex', type: 'payout', transfer: transfer('reversed', 'payout', 'cash_app') },
  { id: t.flagged, amount: 990_000, created: '2026-11-09T13:05:00Z', source: 'Massive Dynamic', destination: 'Oceanic Airlines', type: 'payout', transfer: transfer('flagged', 'payout', 'payoneer') },
  { id: t.withoutTransfer, amount: 7_500, created: '2026-11-08T17:40:00Z', source: 'App', destination: 'User', transfer: null, metadata: {} },
  { id: t.metadataObject, amount: 2_000, created: '2026-11-07T10:00:00Z', source: 'Stark Industries', destination: 'Wayne Enterprises', type: 'balance', transfer: { ...transfer('completed', 'balance'), noExternal: true, noPayoutLink: true }, metadata: { order_id: 'ORD-7781', channel: 'api' } },
  { id: t.decimalAmount, amount: '1000.0000000000', created: '2024-07-11T21:17:33.950405', source: 'TestWriteChoiceApp', destination: 'enamored-education', type: 'balance', transfer: null, metadata: null },
  { id: t.fractionOfCent, amount: 12.5, created: '2026-11-06T09:00:00Z', source: 'Acme Supplies', destination: 'Umbrella Corp', type: 'fee', transfer: { ...transfer('completed', 'payment'), noExternal: true } },
];

/** The v2 transactions the sandbox answers, as it sends them. */
export function seedTransactionAnswers(): Map<string, TransactionAnswer> {
  return new Map(transactionSeeds.map((seed, i) => [seed.id, transaction(seed, i + 1)]));
}

export function seedLegacyTransactions(): Map<string, LegacyTransaction> {
  // Every legacy amount is in cents (docs/api.md#units): grand total = items + tax + shipping.
  const list: LegacyTransaction[] = [
    {
      id: 1,
      date: 'Fri, 20 Nov 2026 14:32:05 GMT',
      source_username: 'alice',
      destination_username: 'bob_store',
      amount: 5_647,
      type: 'wallet',
      completed: true,
      notes: { order_id: 'A-1042', channel: 'web', gift: true },
      receipt: {
        items: [
          { name: 'Espresso beans', description: '1 kg, dark roast', quantity: 2, unit_amount: 1_850 },
          { name: 'Milk frother', description: 'Handheld, USB-C', quantity: 1, unit_amount: 999 },
          { name: 'Paper filters', description: 'Pack of 100', quantity: 3, unit_amount: 150 },
        ],
        breakdown: { items_total: 5_149, tax: 413, shipping: 85 },
      },
      credit_transaction_id: 'ctx_8f14e45f',
    },
    {
      id: 2,
      date: '20/11/2026 14h32',
      source_username: 'carol',
      destination_username: 'dave',
      amount: 1_000,
      type: 'credit',
      completed: true,
      notes: {},
      receipt: {
        items: [{ name: 'Gift card', description: 'Digital', quantity: 1, unit_amount: 1_000 }],
        breakdown: { items_total: 1_000, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_c9f0f895',
    },
    {
      id: 3,
      date: 'Wed, 18 Nov 2026 08:00:00 GMT',
      source_username: 'erin',
      destination_username: 'frank',
      amount: 0,
      type: 'credit',
      completed: true,
      notes: {},
      receipt: { items: [], breakdown: { items_total: 0, tax: 0, shipping: 0 } },
      credit_transaction_id: 'ctx_45c48cce',
    },
    {
      id: 4,
      date: 'Tue, 17 Nov 2026 21:30:00 GMT',
      source_username: 'zoë.ångström',
      destination_username: '東京_store',
      amount: 2_340,
      type: 'wallet',
      completed: true,
      notes: { mensaje: '¡Gracias! 🎉' },
      receipt: {
        items: [{ name: 'Matcha 抹茶', description: 'Ceremonial grade — 30 g', quantity: 2, unit_amount: 1_170 }],
        breakdown: { items_total: 2_340, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_d3d94468',
    },
    {
      id: 5,
      date: 'Mon, 16 Nov 2026 10:00:00 GMT',
      source_username: 'grace',
      destination_username: 'heidi',
      amount: 12_000,
      type: 'debit',
      completed: false,
      notes: { reason: 'chargeback', nested: { case: 77 } },
      receipt: {
        items: [{ name: 'Annual plan', description: 'Refund pending', quantity: 1, unit_amount: 12_000 }],
        breakdown: { items_total: 12_000, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_6512bd43',
    },
    {
      // The API's published example, as published: its amount (700) is the items' total without the tax.
      id: sandboxIds.legacyTransactions.uuid,
      date: 'Mon, 21 Feb 2022 21:08:49 GMT',
      source_username: 'sha',
      destination_username: 'kartikye',
      amount: 700,
      completed: true,
      type: 'wallet',
      receipt: {
        items: [
          { name: 'Pikachu Digital Pet', unit_amount: 250, quantity: 1, description: 'A little Pikachu for your desktop' },
          { name: 'Charmander Digital Pet', unit_amount: 225, quantity: 2, description: 'A ferocius Charmander for your desktop' },
        ],
        breakdown: { items_total: 700, tax: 100, shipping: 0 },
      },
      notes: { internal_id: 'tr_213124' },
    },
  ];
  return new Map(list.map((tx) => [String(tx.id), tx]));
}

export interface IntentSeed {
  intent: PaymentIntent;
  /** The status a confirm ends in. */
  outcome: PaymentIntentStatus;
}

export function seedPaymentIntents(): Map<string, IntentSeed> {
  const entries: [string, IntentSeed][] = paymentIntentStatuses.map((status, i) => [
    `pi_${status}`,
    {
      intent: {
        id: `pi_${status}`,
        amount: 4_999 + i * 1_000,
        currency: 'usd',
        metadata: { order: `ORD-${2000 + i}` },
        status: 'requires_confirmation',
        user_id: uuid(3000 + i),
      },
      outcome: status,
    },
  ]);
  entries.push([
    'pi_unknown',
    {
      intent: { id: 'pi_unknown', amount: 1_250, currency: 'usd', status: 'requires_confirmation' },
      outcome: UNKNOWN_INTENT_STATUS,
    },
  ]);
  return new Map(entries);
}

/** Deterministic volume in cents for any (period, type, tz), known or not. */
export function volumeFor(period = 'month', type = 'receive', tz = 'UTC'): number {
  // Maps, not object literals: `period=constructor` must not read Object.prototype.
  const base = new Map([
    ['day', 1_234_567],
    ['week', 8_765_432],
    ['month', 37_512_090],
    ['30d', 36_904_318],
    ['year', 451_200_000],
  ]);
  const factor = new Map([['receive', 1], ['send', 0.37]]);
  let hash = 0;
  for (const ch of `${period}|${type}|${tz}`) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const b = base.get(period) ?? 100_000 + (hash % 900_000);
  const f = factor.get(type) ?? 0.5;
  const tzShift = tz === 'UTC' ? 0 : (hash % 997) * 100;
  return Math.round(b * f) + tzShift;
}
