import type { LegacyTransaction, Transaction } from '../../api/index.js';
import type { TransactionGeneration } from '../../client/index.js';
import { addAmounts } from '../shared/addAmounts.js';
import type { MoneyUnit } from '../shared/prepareMoney.js';
import type { SharedMessages, StringMessageKey, TransactionDetailMessages } from '../messages/types.js';
import { multiplyAmounts } from '../shared/multiplyAmounts.js';

// No 'use client': a pure mapping, usable on the server and in tests without React.

/** Message records holding the words of an open enum (docs/api.md#forward-compatibility). */
export type EnumLabels = 'transactionTypes' | 'transferTypes' | 'transferPlatforms';

/**
 * What one field shows. The mapping names *what* to show; the words (labels, enum words, yes/no,
 * plurals) and the locale formatting are resolved when rendering, so the view is locale-free.
 */
export type FieldValue =
  /** `unit` per the documented decision: v2 amounts are cents, legacy amounts dollars (docs/api.md#forward-compatibility). */
  | { kind: 'money'; amount: number | string; unit: MoneyUnit }
  /** An ISO 8601 timestamp, or any text (shown verbatim: the legacy format is not documented). */
  | { kind: 'date'; value: string }
  /** Free text from the API: names, usernames. */
  | { kind: 'text'; text: string }
  /** Machine text shown monospaced: metadata strings. Empty text shows `valueMissing`. */
  | { kind: 'code'; text: string }
  /** An identifier: shown shortened, the full value kept for copying and screen readers. */
  | { kind: 'id'; value: string }
  /** A value of an open enum: its word, or the raw text for a value the kit does not know. */
  | { kind: 'enum'; value: string; labels: EnumLabels }
  /** A transfer status, shown as a badge. */
  | { kind: 'status'; status: string }
  | { kind: 'boolean'; value: boolean }
  /** The size of a list, shown with plural rules. */
  | { kind: 'count'; count: number; message: 'transferTransactionsCount' };

export interface FieldView {
  /** Stable React key: the API field it comes from. */
  key: string;
  label: StringMessageKey<SharedMessages & TransactionDetailMessages>;
  value: FieldValue;
}

/** One legacy receipt line; `lineTotal` is computed exactly, the API does not send it. */
export interface ReceiptLineView {
  key: string;
  name: string;
  description: string;
  quantity: number;
  unitAmount: number;
  /** A decimal numeral string, or `NaN` when it cannot be computed (rendered as "Amount unavailable"). */
  lineTotal: string | number;
}

export interface ReceiptView {
  lines: ReceiptLineView[];
  itemsTotal: number;
  tax: number;
  shipping: number;
  /** items total + tax + shipping, exact; `NaN` when it cannot be computed. */
  grandTotal: string | number;
}

/** A legacy note: its key, and its value as text (objects as compact JSON). */
export interface NoteView {
  key: string;
  text: string;
  /** The value was not a string: `text` is its compact JSON, shown as code. */
  json: boolean;
}

/** A titled group of fields (the embedded transfer). */
export interface SectionView {
  key: string;
  title: StringMessageKey<SharedMessages & TransactionDetailMessages>;
  fields: FieldView[];
}

/** One shape for both generations: the component renders this, never an API object. */
export interface TransactionView {
  generation: TransactionGeneration;
  /** The id as text, for the heading. */
  id: string;
  fields: FieldView[];
  sections: SectionView[];
  /** Legacy notes; null for v2, which has none. */
  notes: NoteView[] | null;
  /** Legacy receipt; null for v2. */
  receipt: ReceiptView | null;
}

/** A computed amount that cannot fail the render: NaN makes `<Money>` show "Amount unavailable". */
function exactly(compute: () => string): string | number {
  try {
    return compute();
  } catch {
    return Number.NaN;
  }
}

/** Note values: the inner structure of `notes` is not documented (docs/api.md#read-a-transaction-legacy). */
function noteText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    // Compact JSON for objects, arrays, numbers, booleans and null: one line, exactly the data.
    // (typed as string, but undefined for a value JSON cannot hold, such as undefined itself)
    const json = JSON.stringify(value) as string | undefined;
    return json ?? String(value);
  } catch {
    return String(value);
  }
}

function fromV2(tx: Transaction): TransactionView {
  const transfer = tx.transfer;
  return {
    generation: 'v2',
    id: String(tx.id),
    fields: [
      { key: 'amount', label: 'transactionAmount', value: { kind: 'money', amount: tx.amount, unit: 'minor' } },
      { key: 'created', label: 'transactionCreated', value: { kind: 'date', value: tx.created } },
      { key: 'source_name', label: 'transactionSource', value: { kind: 'text', text: tx.source_name } },
      { key: 'destination_name', label: 'transactionDestination', value: { kind: 'text', text: tx.destination_name } },
      { key: 'type', label: 'transactionType', value: { kind: 'enum', value: tx.type, labels: 'transactionTypes' } },
      { key: 'metadata', label: 'transactionMetadata', value: { kind: 'code', text: tx.metadata } },
    ],
    sections: [
      {
        key: 'transfer',
        title: 'transfer',
        fields: [
          { key: 'status', label: 'transferStatus', value: { kind: 'status', status: transfer.status } },
          { key: 'type', label: 'transferType', value: { kind: 'enum', value: transfer.type, labels: 'transferTypes' } },
          { key: 'amount', label: 'transferAmount', value: { kind: 'money', amount: transfer.amount, unit: 'minor' } },
          { key: 'created', label: 'transferCreated', value: { kind: 'date', value: transfer.created } },
          {
            key: 'platform',
            label: 'transferPlatform',
            value: { kind: 'enum', value: transfer.external_data.platform, labels: 'transferPlatforms' },
          },
          { key: 'account_id', label: 'transferAccountId', value: { kind: 'id', value: transfer.external_data.account_id } },
          { key: 'external_id', label: 'transferExternalId', value: { kind: 'id', value: transfer.external_data.external_id } },
          { key: 'id', label: 'transferId', value: { kind: 'id', value: transfer.id } },
          { key: 'user_id', label: 'transferUserId', value: { kind: 'id', value: transfer.user_id } },
          { key: 'payout_link_id', label: 'transferPayoutLinkId', value: { kind: 'id', value: transfer.payout_link_id } },
          {
            key: 'transactions',
            label: 'transferTransactions',
            // The items' fields are not documented (docs/api.md#read-a-transaction): only their number is shown.
            value: { kind: 'count', count: transfer.transactions.length, message: 'transferTransactionsCount' },
          },
          { key: 'metadata', label: 'transferMetadata', value: { kind: 'code', text: transfer.metadata } },
        ],
      },
    ],
    notes: null,
    receipt: null,
  };
}

function fromLegacy(tx: LegacyTransaction): TransactionView {
  const { items, breakdown } = tx.receipt;
  return {
    generation: 'legacy',
    id: String(tx.id),
    fields: [
      // Legacy amounts are dollars (docs/components-shared.md, the legacy-amount decision).
      { key: 'amount', label: 'transactionAmount', value: { kind: 'money', amount: tx.amount, unit: 'major' } },
      { key: 'date', label: 'legacyDate', value: { kind: 'date', value: tx.date } },
      { key: 'source_username', label: 'legacySourceUsername', value: { kind: 'text', text: tx.source_username } },
      { key: 'destination_username', label: 'legacyDestinationUsername', value: { kind: 'text', text: tx.destination_username } },
      // The API shows `credit` only; other values render as raw text (docs/api.md#forward-compatibility).
      { key: 'type', label: 'legacyType', value: { kind: 'enum', value: tx.type, labels: 'transactionTypes' } },
      { key: 'completed', label: 'legacyCompleted', value: { kind: 'boolean', value: tx.completed } },
      { key: 'credit_transaction_id', label: 'legacyCreditTransactionId', value: { kind: 'id', value: tx.credit_transaction_id } },
    ],
    sections: [],
    notes: Object.entries(tx.notes).map(([key, value]) => ({ key, text: noteText(value), json: typeof value !== 'string' })),
    receipt: {
      lines: items.map((item, index) => ({
        key: String(index),
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unitAmount: item.unit_amount,
        lineTotal: exactly(() => multiplyAmounts(item.unit_amount, item.quantity)),
      })),
      itemsTotal: breakdown.items_total,
      tax: breakdown.tax,
      shipping: breakdown.shipping,
      grandTotal: exactly(() => addAmounts(breakdown.items_total, breakdown.tax, breakdown.shipping)),
    },
  };
}

/**
 * Maps a transaction of either generation to the one shape `<TransactionDetail>` renders.
 * Pure and total: it never throws on data the schemas accepted (amounts that cannot be shown
 * exactly become `NaN`, which `<Money>` shows as "Amount unavailable").
 */
export function toTransactionView(tx: Transaction, generation: 'v2'): TransactionView;
export function toTransactionView(tx: LegacyTransaction, generation: 'legacy'): TransactionView;
export function toTransactionView(tx: Transaction | LegacyTransaction, generation: TransactionGeneration): TransactionView;
export function toTransactionView(tx: Transaction | LegacyTransaction, generation: TransactionGeneration): TransactionView {
  // The query key carries the generation, so the data always matches it (src/client/queries.ts).
  return generation === 'legacy' ? fromLegacy(tx as LegacyTransaction) : fromV2(tx as Transaction);
}
