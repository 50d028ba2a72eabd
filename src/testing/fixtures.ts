import type { LegacyTransaction, PaymentIntent, PaymentIntentStatus, Transaction } from '../api/index.js';
import { paymentIntentStatuses } from '../api/index.js';

/**
 * Ids of the sandbox's seeded data, by what each one shows. Stable across versions of the kit
 * so integrators can use them in their own tests and stories.
 */
export const sandboxIds = {
  /** v2 transactions (docs/api.md#read-a-transaction), each with an embedded transfer. */
  transactions: {
    /** Transfer status `created`, type `refill`, platform `ach`: the values the API shows. */
    created: '1001',
    /** Transfer status `processing` (not among the values the API shows; shown as raw text). */
    processing: '1002',
    /** Transfer status `succeeded`, type `payout`. */
    succeeded: '1003',
    /** Transfer status `failed`, type `withdrawal`. */
    failed: '1004',
    /** Transfer status `canceled`, type `deposit`. */
    canceled: '1005',
    /** A status, type and platform no version of the kit knows: rendered as raw text. */
    unknownStatus: '1006',
    /** Amount 0. */
    zeroAmount: '1007',
    /** Amount 123 456 789 012 cents and a transfer with many transactions. */
    largeAmount: '1008',
    /** Accents, CJK, emoji and right-to-left names. */
    unicodeNames: '1009',
    /** A negative amount (a refund). */
    refund: '1010',
    /** The largest amount the kit accepts: Number.MAX_SAFE_INTEGER cents. */
    maxSafeAmount: '1011',
  },
  /** Legacy transactions (docs/api.md#read-a-transaction-legacy), in the `{ success, transaction }` envelope. */
  legacyTransactions: {
    /** A receipt with three items, tax and shipping, and notes. */
    receipt: '1',
    /** A date in a format that does not parse: shown verbatim. */
    unparsableDate: '2',
    /** Amount 0, an empty receipt and empty notes. */
    zeroAmount: '3',
    /** Unicode usernames and item names. */
    unicode: '4',
    /** `type: debit` (the API shows `credit` only), not completed. */
    unknownType: '5',
    /** Answers `200 { success: false }`. */
    unsuccessful: '6',
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

interface TransactionSeed {
  id: string;
  amount: number;
  created: string;
  source: string;
  destination: string;
  type?: string;
  status: string;
  transferType: string;
  platform?: string;
  transferCount?: number;
  metadata?: string;
}

function transaction(seed: TransactionSeed, n: number): Transaction {
  return {
    id: Number(seed.id),
    amount: seed.amount,
    created: seed.created,
    source_name: seed.source,
    destination_name: seed.destination,
    type: seed.type ?? 'balance',
    metadata: seed.metadata ?? `invoice=INV-${seed.id}`,
    transfer_id: uuid(n),
    transfer: {
      id: uuid(n),
      created: seed.created,
      user_id: uuid(1000 + n),
      status: seed.status,
      type: seed.transferType,
      amount: seed.amount,
      external_data: {
        account_id: `acct_${(n * 7919).toString(36).padStart(6, '0')}9f2c41d8e7b5`,
        external_id: `ext_${(n * 104729).toString(36).padStart(8, '0')}a73e0c95`,
        platform: seed.platform ?? 'ach',
      },
      transactions: Array.from({ length: seed.transferCount ?? 1 }, (_, i) => ({
        id: Number(seed.id) * 100 + i,
      })),
      payout_link_id: uuid(2000 + n),
      metadata: seed.metadata ?? '',
    },
  };
}

const t = sandboxIds.transactions;
const transactionSeeds: TransactionSeed[] = [
  { id: t.created, amount: 125_000, created: '2026-11-20T14:32:05Z', source: 'Acme Supplies', destination: 'Northwind Traders', status: 'created', transferType: 'refill' },
  { id: t.processing, amount: 4_999, created: '2026-11-21T09:15:00Z', source: 'Globex', destination: 'Initech', status: 'processing', transferType: 'refill' },
  { id: t.succeeded, amount: 87_250, created: '2026-11-19T23:59:59Z', source: 'Umbrella Corp', destination: 'Stark Industries', status: 'succeeded', transferType: 'payout' },
  { id: t.failed, amount: 15_000, created: '2026-11-18T06:00:00Z', source: 'Hooli', destination: 'Pied Piper', status: 'failed', transferType: 'withdrawal' },
  { id: t.canceled, amount: 2_500, created: '2026-11-17T12:00:00Z', source: 'Vehement Capital', destination: 'Massive Dynamic', status: 'canceled', transferType: 'deposit' },
  { id: t.unknownStatus, amount: 33_333, created: '2026-11-16T18:45:30Z', source: 'Soylent', destination: 'Tyrell', type: 'fx_settlement', status: 'awaiting_kyc_review', transferType: 'instant_sweep', platform: 'rtp' },
  { id: t.zeroAmount, amount: 0, created: '2026-11-15T00:00:00Z', source: 'Wayne Enterprises', destination: 'Wonka Industries', status: 'created', transferType: 'refill' },
  { id: t.largeAmount, amount: 123_456_789_012, created: '2026-11-14T10:10:10Z', source: 'Cyberdyne Systems', destination: 'Weyland-Yutani', status: 'created', transferType: 'payout', transferCount: 12 },
  { id: t.unicodeNames, amount: 1_999, created: '2026-11-13T07:07:07Z', source: 'Zoë Ångström ☕', destination: '東京コーヒー株式会社 · شركة القهوة', status: 'created', transferType: 'refill', metadata: 'nota=café con leche 🚀' },
  { id: t.refund, amount: -2_500, created: '2026-11-12T16:20:00Z', source: 'Northwind Traders', destination: 'Acme Supplies', status: 'succeeded', transferType: 'refill', metadata: 'refund_of=1001' },
  { id: t.maxSafeAmount, amount: Number.MAX_SAFE_INTEGER, created: '2026-11-11T11:11:11Z', source: 'Federal Reserve', destination: 'Treasury', status: 'created', transferType: 'refill' },
];

export function seedTransactions(): Map<string, Transaction> {
  return new Map(transactionSeeds.map((seed, i) => [seed.id, transaction(seed, i + 1)]));
}

export function seedLegacyTransactions(): Map<string, LegacyTransaction> {
  // The API names no unit for legacy amounts; the sandbox uses major units (dollars with
  // cents as decimals), consistent with the receipt: grand total = items + tax + shipping.
  const list: LegacyTransaction[] = [
    {
      id: 1,
      date: '2026-11-20T14:32:05Z',
      source_username: 'alice',
      destination_username: 'bob_store',
      amount: 56.47,
      type: 'credit',
      completed: true,
      notes: { order_id: 'A-1042', channel: 'web', gift: true },
      receipt: {
        items: [
          { name: 'Espresso beans', description: '1 kg, dark roast', quantity: 2, unit_amount: 18.5 },
          { name: 'Milk frother', description: 'Handheld, USB-C', quantity: 1, unit_amount: 9.99 },
          { name: 'Paper filters', description: 'Pack of 100', quantity: 3, unit_amount: 1.5 },
        ],
        breakdown: { items_total: 51.49, tax: 4.13, shipping: 0.85 },
      },
      credit_transaction_id: 'ctx_8f14e45f',
    },
    {
      id: 2,
      date: '20/11/2026 14h32',
      source_username: 'carol',
      destination_username: 'dave',
      amount: 10,
      type: 'credit',
      completed: true,
      notes: {},
      receipt: {
        items: [{ name: 'Gift card', description: 'Digital', quantity: 1, unit_amount: 10 }],
        breakdown: { items_total: 10, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_c9f0f895',
    },
    {
      id: 3,
      date: '2026-11-18T08:00:00Z',
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
      date: '2026-11-17T21:30:00Z',
      source_username: 'zoë.ångström',
      destination_username: '東京_store',
      amount: 23.4,
      type: 'credit',
      completed: true,
      notes: { mensaje: '¡Gracias! 🎉' },
      receipt: {
        items: [{ name: 'Matcha 抹茶', description: 'Ceremonial grade — 30 g', quantity: 2, unit_amount: 11.7 }],
        breakdown: { items_total: 23.4, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_d3d94468',
    },
    {
      id: 5,
      date: '2026-11-16T10:00:00Z',
      source_username: 'grace',
      destination_username: 'heidi',
      amount: 120,
      type: 'debit',
      completed: false,
      notes: { reason: 'chargeback', nested: { case: 77 } },
      receipt: {
        items: [{ name: 'Annual plan', description: 'Refund pending', quantity: 1, unit_amount: 120 }],
        breakdown: { items_total: 120, tax: 0, shipping: 0 },
      },
      credit_transaction_id: 'ctx_6512bd43',
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
