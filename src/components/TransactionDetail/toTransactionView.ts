import type { LegacyTransaction, Metadata, Transaction } from '../../api/index.js';
import type { TransactionGeneration } from '../../client/index.js';
import { addAmounts } from '../shared/money/addAmounts.js';
import type { MoneyUnit } from '../shared/money/prepareMoney.js';
import type { SharedMessages, StringMessageKey, TransactionDetailMessages } from '../messages/types.js';
import { multiplyAmounts } from '../shared/money/multiplyAmounts.js';

// No 'use client': a pure mapping, usable on the server and in tests without React.

/** Message records holding the words of an open enum (docs/api.md#forward-compatibility). */
export type EnumLabels = 'transactionTypes' | 'transferTypes' | 'transferPlatforms';

/**
 * What one field shows. The mapping names *what* to show; the words (labels, enum words, yes/no,
 * plurals) and the locale formatting are resolved when rendering, so the view is locale-free.
 */
export type FieldValue =
  /** Every amount of the API is in cents, legacy included (docs/api.md#units). */
  | { kind: 'money'; amount: number | string; unit: MoneyUnit }
  /** A field the answer left out or sent as `null`: shown as "None". */
  | { kind: 'missing' }
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
  /** `''` when the answer has none. */
  name: string;
  description: string;
  /** `NaN` when the answer has none (shown as "Amount unavailable"). */
  quantity: number;
  unitAmount: number;
  /** A decimal numeral string, or `NaN` when it cannot be computed (rendered as "Amount unavailable"). */
  lineTotal: string | number;
}

export interface ReceiptView {
  lines: ReceiptLineView[];
  /** In cents; `NaN` when the answer has none. */
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

type Label = FieldView['label'];
/** How a field is shown: a kind of `FieldValue`, an open enum's word set, or metadata. */
type Show = 'money' | 'date' | 'text' | 'id' | 'status' | 'boolean' | 'count' | 'metadata' | EnumLabels;
/** One row of a field table: the API field, its label and how it is shown. */
type Row = readonly [key: string, label: Label, show: Show];

/** Metadata as text: a string as sent, an object as compact JSON; `{}` and `""` show as "None". */
function metadata(value: Metadata): FieldValue {
  const shown = typeof value === 'string' || value === null || value === undefined ? value : noteText(value);
  return shown === null || shown === undefined || shown === '' || shown === '{}' ? { kind: 'missing' } : { kind: 'code', text: shown };
}

/**
 * One value of the answer as a field: `missing` when it is absent or `null`. The schemas have
 * checked each value's type (src/api/schemas/transaction.ts), which the tables below follow.
 */
function show(how: Show, value: unknown): FieldValue {
  if (value === null || value === undefined) return { kind: 'missing' };
  switch (how) {
    case 'money':
      return { kind: how, amount: value as number, unit: 'minor' };
    case 'date':
    case 'id':
      return { kind: how, value: value as string };
    case 'text':
      return { kind: how, text: value as string };
    case 'status':
      return { kind: how, status: value as string };
    case 'boolean':
      return { kind: how, value: value as boolean };
    case 'count':
      // The items' fields are not shown (docs/api.md#read-a-transaction): only their number.
      return { kind: how, count: (value as unknown[]).length, message: 'transferTransactionsCount' };
    case 'metadata':
      return metadata(value as Metadata);
    default:
      return { kind: 'enum', value: value as string, labels: how };
  }
}

/** The fields `table` names, read from `source`. */
const fieldsOf = (source: object, table: readonly Row[]): FieldView[] =>
  table.map(([key, label, how]) => ({ key, label, value: show(how, (source as Record<string, unknown>)[key]) }));

const v2Fields: readonly Row[] = [
  ['amount', 'transactionAmount', 'money'],
  ['created', 'transactionCreated', 'date'],
  ['source_name', 'transactionSource', 'text'],
  ['destination_name', 'transactionDestination', 'text'],
  ['type', 'transactionType', 'transactionTypes'],
  ['metadata', 'transactionMetadata', 'metadata'],
];
/** The transfer's own fields and its `external_data`'s, in one list. */
const transferFields: readonly Row[] = [
  ['status', 'transferStatus', 'status'],
  ['type', 'transferType', 'transferTypes'],
  ['amount', 'transferAmount', 'money'],
  ['created', 'transferCreated', 'date'],
  ['platform', 'transferPlatform', 'transferPlatforms'],
  ['account_id', 'transferAccountId', 'id'],
  ['external_id', 'transferExternalId', 'id'],
  ['id', 'transferId', 'id'],
  ['user_id', 'transferUserId', 'id'],
  ['payout_link_id', 'transferPayoutLinkId', 'id'],
  ['transactions', 'transferTransactions', 'count'],
  ['metadata', 'transferMetadata', 'metadata'],
];
const legacyFields: readonly Row[] = [
  // Legacy amounts are cents too (docs/api.md#units).
  ['amount', 'transactionAmount', 'money'],
  ['date', 'legacyDate', 'date'],
  ['source_username', 'legacySourceUsername', 'text'],
  ['destination_username', 'legacyDestinationUsername', 'text'],
  ['type', 'legacyType', 'transactionTypes'],
  ['completed', 'legacyCompleted', 'boolean'],
  ['credit_transaction_id', 'legacyCreditTransactionId', 'id'],
];

function fromV2(tx: Transaction): TransactionView {
  const transfer = tx.transfer;
  return {
    generation: 'v2',
    id: String(tx.id),
    // Without the transfer (it is only sent when asked for), its id is all there is to show.
    fields: fieldsOf(tx, transfer ? v2Fields : [...v2Fields, ['transfer_id', 'transferId', 'id']]),
    sections: transfer
      ? [{ key: 'transfer', title: 'transfer', fields: fieldsOf({ ...transfer.external_data, ...transfer, id: transfer.id ?? tx.transfer_id }, transferFields) }]
      : [],
    notes: null,
    receipt: null,
  };
}

/** A number of the receipt, or `NaN` (shown as "Amount unavailable") when the answer has none. */
const orNaN = (value: number | null | undefined): number => value ?? Number.NaN;

function fromLegacy(tx: LegacyTransaction): TransactionView {
  const breakdown = tx.receipt?.breakdown;
  return {
    generation: 'legacy',
    id: String(tx.id),
    fields: fieldsOf(tx, legacyFields),
    sections: [],
    notes: Object.entries(tx.notes ?? {}).map(([key, value]) => ({ key, text: noteText(value), json: typeof value !== 'string' })),
    receipt: tx.receipt
      ? {
          lines: (tx.receipt.items ?? []).map((item, index) => ({
            key: String(index),
            name: item.name ?? '',
            description: item.description ?? '',
            quantity: orNaN(item.quantity),
            unitAmount: orNaN(item.unit_amount),
            lineTotal: exactly(() => multiplyAmounts(orNaN(item.unit_amount), orNaN(item.quantity))),
          })),
          itemsTotal: orNaN(breakdown?.items_total),
          tax: orNaN(breakdown?.tax),
          shipping: orNaN(breakdown?.shipping),
          grandTotal: exactly(() => addAmounts(orNaN(breakdown?.items_total), orNaN(breakdown?.tax), orNaN(breakdown?.shipping))),
        }
      : null,
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
  return generation === 'legacy' ? fromLegacy(tx) : fromV2(tx as Transaction);
}
