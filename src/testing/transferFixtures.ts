import type * as z from 'zod/mini';
import type { transferResourceSchema } from '../api/index.js';
import { payoutsGuideTransfer, transfersOverviewTransfer } from './publishedTransfers.js';

/** A transfer as the API sends it (amounts may be decimal strings), before the kit reads it. */
export type TransferAnswer = z.input<typeof transferResourceSchema>;

/**
 * Ids of the sandbox's seeded transfers (docs/api.md#list-transfers), by what each one shows.
 * Stable across versions of the kit, like `sandboxIds`.
 */
export const transferIds = {
  users: {
    /** 250 transfers, newest first every 5 h 37 min back from 2026-11-01 12:00 UTC: pages of 100 are 100, 100 and 50. */
    many: 'a169451c-8525-4352-b8ca-070dd449a1a5',
    /**
     * 12 transfers, each showing one shape: every documented status and type, an unknown status
     * and type, a fraction of a cent, a decimal-string amount, unicode metadata, and cells a
     * spreadsheet would run as formulas.
     */
    few: 'd3b0c442-98fc-4c1c-9b6c-1e5a7f0e2b11',
    /** A user with no transfers at all. */
    none: '0e5f3a8c-7b1d-4f6a-9c2e-8d4b1a0f3c77',
    /** The user of the payouts guide's transfer. */
    payoutsGuide: payoutsGuideTransfer.user_id,
    /** The user of the transfers overview's transfer. */
    transfersOverview: transfersOverviewTransfer.user_id,
  },
  /** The payouts guide's transfer, word for word: a string amount and a `status_history`. */
  payoutsGuide: payoutsGuideTransfer.id,
  /** The transfers overview's transfer object, word for word. */
  transfersOverview: transfersOverviewTransfer.id,
  /** Of user `few`: status `pending`, a payout on RTP, with a status history. */
  pending: 'd3b0c442-0000-4000-8000-000000000001',
  /** Of user `few`: a status and a type the API does not document (shown raw). */
  unknownStatus: 'd3b0c442-0000-4000-8000-000000000007',
  /** Of user `few`: metadata and a transaction name that a spreadsheet would run as formulas. */
  formulaCells: 'd3b0c442-0000-4000-8000-00000000000b',
  /** Answers 404. */
  missing: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
} as const;

/** The transfer id of user `many`'s `n`-th transfer, 1 the newest. */
export const manyTransferId = (n: number): string => `a169451c-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const BASE = Date.UTC(2026, 10, 1, 12, 0, 0);
const STEP_MS = (5 * 60 + 37) * 60_000;
const cycle = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;

/** The API's `created`: ISO 8601 without an offset, microseconds, as its examples write it. */
const created = (ms: number) => new Date(ms).toISOString().replace('Z', '000');
/** `status_history` timestamps as the payouts guide writes them (RFC 7231). */
const httpDate = (ms: number) => new Date(ms).toUTCString();

interface Shape {
  id: string;
  user: string;
  at: number;
  status: string;
  type: string;
  amount: number | string;
  platform?: string | undefined;
  metadata?: string | Record<string, unknown> | null | undefined;
  source?: string | undefined;
  destination?: string | undefined;
  transactionId: number;
  history?: boolean | undefined;
}

function transfer(shape: Shape): TransferAnswer {
  const { id, user, at, status, type, amount } = shape;
  const magnitude = typeof amount === 'number' ? Math.abs(amount) : amount.replace(/^-/, '');
  const answer: TransferAnswer = {
    id,
    created: created(at),
    user_id: user,
    status,
    type,
    amount,
    external_data: shape.platform === undefined ? {} : { platform: shape.platform, account_id: `acct_${id.slice(-4)}`, external_id: `ext_${id.slice(-6)}` },
    transactions: [
      {
        id: shape.transactionId,
        amount: magnitude,
        created: created(at - 1000),
        source_name: shape.source ?? 'Sandbox App',
        destination_name: shape.destination ?? `user-${user.slice(0, 8)}`,
        type,
        metadata: null,
      },
    ],
    metadata: shape.metadata ?? null,
  };
  if (shape.history === true) {
    answer.status_history = [
      { status: 'created', timestamp: httpDate(at) },
      ...(status === 'created' ? [] : [{ status, timestamp: httpDate(at + 90_000) }]),
    ];
  }
  return answer;
}

const manyStatuses = ['completed', 'completed', 'pending', 'completed', 'failed', 'completed', 'created', 'completed', 'reversed', 'completed'] as const;
const manyTypes = ['payout', 'balance', 'refill', 'payment'] as const;
const payoutPlatforms = ['ach', 'rtp', 'paypal', 'venmo', 'cash_app'] as const;

function manyTransfers(): TransferAnswer[] {
  return Array.from({ length: 250 }, (_, i) => {
    const n = i + 1;
    const type = cycle(manyTypes, i);
    const cents = ((n * 7919) % 250_000) + 100;
    return transfer({
      id: manyTransferId(n),
      user: transferIds.users.many,
      at: BASE - n * STEP_MS,
      status: cycle(manyStatuses, i),
      type,
      // Money from the app to the user is negative (docs/api.md#list-transfers).
      amount: type === 'balance' || type === 'payout' ? -cents : cents,
      platform: type === 'payout' ? cycle(payoutPlatforms, i) : type === 'refill' ? 'ach' : undefined,
      metadata: n % 3 === 0 ? { order: `ORD-${String(n).padStart(4, '0')}` } : null,
      transactionId: 600_000 + n,
      history: n % 5 === 0,
    });
  });
}

function fewTransfers(): TransferAnswer[] {
  const user = transferIds.users.few;
  const id = (n: number) => `d3b0c442-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const at = (n: number) => BASE - n * 26 * 3_600_000;
  const base = (n: number) => ({ id: id(n), user, at: at(n), transactionId: 700_000 + n });
  return [
    transfer({ ...base(1), status: 'pending', type: 'payout', amount: -12_500, platform: 'rtp', history: true }),
    transfer({ ...base(2), status: 'completed', type: 'payout', amount: '-4999', platform: 'paypal', history: true }),
    transfer({ ...base(3), status: 'failed', type: 'payout', amount: -250_000, platform: 'venmo', history: true }),
    transfer({ ...base(4), status: 'created', type: 'refill', amount: 100_000, platform: 'ach' }),
    transfer({ ...base(5), status: 'canceled', type: 'payment', amount: 1250 }),
    transfer({ ...base(6), status: 'flagged', type: 'balance', amount: -75_000, history: true }),
    transfer({ ...base(7), status: 'on_hold', type: 'adjustment', amount: 300 }),
    transfer({ ...base(8), status: 'reversed', type: 'payout', amount: '-1000.0000000000', platform: 'ach', history: true }),
    transfer({ ...base(9), status: 'completed', type: 'payable', amount: 12.5 }),
    transfer({ ...base(10), status: 'completed', type: 'settlement', amount: 0, metadata: 'Zahlung für Café ☕ — 東京 — مرحبا' }),
    transfer({
      ...base(11),
      status: 'completed',
      type: 'payment',
      amount: 4200,
      metadata: '=HYPERLINK("https://evil.example","refund")',
      source: '@SUM(1+1)',
      destination: '-2+3',
    }),
    transfer({ ...base(12), status: 'completed', type: 'payout', amount: -123_456_789_012, platform: 'intl_bank' }),
  ];
}

/** Every seeded transfer, newest first (the API's default order). */
export function seedTransfers(): TransferAnswer[] {
  const all = [
    ...manyTransfers(),
    ...fewTransfers(),
    structuredClone(payoutsGuideTransfer) as unknown as TransferAnswer,
    structuredClone(transfersOverviewTransfer) as unknown as TransferAnswer,
  ];
  return all.sort((a, b) => compareNewestFirst(a, b));
}

/** The API orders by time of creation (docs/api.md#list-transfers); ties by id, so the order is total. */
export function compareNewestFirst(a: { created?: string | null | undefined; id: unknown }, b: { created?: string | null | undefined; id: unknown }): number {
  const byTime = createdMs(b.created) - createdMs(a.created);
  return byTime !== 0 ? byTime : String(b.id).localeCompare(String(a.id));
}

/** A `created` or a query date as an instant: no offset reads as UTC, a date alone as its midnight UTC. */
export function createdMs(value: string | null | undefined): number {
  if (value == null) return 0;
  const utc = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || !value.includes('T') ? value : `${value}Z`;
  const ms = Date.parse(/T/.test(utc) ? utc : `${utc}T00:00:00Z`);
  return Number.isNaN(ms) ? 0 : ms;
}
