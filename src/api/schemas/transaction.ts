import * as z from 'zod/mini';
import { integerSchema, numberSchema } from './numeric.js';
import { openEnum, type OpenEnum } from './openEnum.js';

// ─── Legacy transaction (docs/api.md#read-a-transaction-legacy) ─────────────────────────────

/** Legacy transaction `type`: `wallet` (money) or `credit` (credit balance); others render as raw text. */
export const knownLegacyTransactionTypes = ['wallet', 'credit'] as const;
export type LegacyTransactionType = OpenEnum<(typeof knownLegacyTransactionTypes)[number]>;

/**
 * Free key-value pairs as the API sends them: a string, an object or `null` (docs/api.md#read-a-transaction).
 * An object is kept whole, as sent.
 */
export const metadataSchema = z.nullish(z.union([z.string(), z.looseObject({})]));
export type Metadata = z.infer<typeof metadataSchema>;

// The field tables of transactions and transfers mark nothing as required: every field but a
// transaction's identity and amount may be absent or null (docs/api.md#reading-tolerantly).

export const receiptItemSchema = z.object({
  name: z.nullish(z.string()),
  /** In cents. */
  unit_amount: z.nullish(numberSchema),
  quantity: z.nullish(numberSchema),
  description: z.nullish(z.string()),
});

export const receiptSchema = z.object({
  items: z.nullish(z.array(receiptItemSchema)),
  /** Every amount in cents. */
  breakdown: z.nullish(
    z.object({
      items_total: z.nullish(numberSchema),
      tax: z.nullish(numberSchema),
      shipping: z.nullish(numberSchema),
    }),
  ),
});

export const legacyTransactionSchema = z.object({
  /** An integer, or a UUID as the API's own example shows: kept as sent. */
  id: z.union([integerSchema, z.string()]),
  /** Documented in RFC 7231 form (`Mon, 21 Feb 2022 21:08:49 GMT`); shown verbatim when unreadable. */
  date: z.nullish(z.string()),
  source_username: z.nullish(z.string()),
  destination_username: z.nullish(z.string()),
  /** In cents, like every legacy amount (docs/api.md#units). */
  amount: numberSchema,
  type: z.nullish(openEnum(knownLegacyTransactionTypes)),
  completed: z.nullish(z.boolean()),
  /** Inner structure not documented: any JSON object, kept as sent. */
  notes: z.nullish(z.looseObject({})),
  receipt: z.nullish(receiptSchema),
  credit_transaction_id: z.nullish(z.string()),
});

/**
 * The legacy envelope's answer (docs/api.md#read-a-transaction-legacy). Its refusal, `{ success: false }`, carries no
 * transaction and is not data: the operation is marked `envelope: 'success'` in the operations
 * table, and `isEnvelopeRefusal` picks the refusal out before this schema is applied (the client
 * turns it into a `PaymentsError`; the proxy passes it through).
 */
export const legacyTransactionResponseSchema = z.object({
  success: z.literal(true),
  transaction: legacyTransactionSchema,
});

export type ReceiptItem = z.infer<typeof receiptItemSchema>;
export type Receipt = z.infer<typeof receiptSchema>;
export type LegacyTransaction = z.infer<typeof legacyTransactionSchema>;
export type LegacyTransactionResponse = z.infer<typeof legacyTransactionResponseSchema>;

// ─── Transfer embedded in a v2 transaction (docs/api.md#read-a-transaction) ─────────────────

/** The transfer statuses the API documents (docs/api.md#read-a-transaction); not their transitions. */
export const knownTransferStatuses = ['created', 'pending', 'failed', 'completed', 'reversed', 'canceled', 'flagged'] as const;
export type TransferStatus = OpenEnum<(typeof knownTransferStatuses)[number]>;
/** The transfer types the API documents (`settlement` is documented as unused). */
export const knownTransferTypes = ['refill', 'payout', 'balance', 'payment', 'settlement', 'payable'] as const;
export type TransferType = OpenEnum<(typeof knownTransferTypes)[number]>;
/** The platforms (rails) a transfer's `external_data` documents. */
export const knownTransferPlatforms = [
  'ach',
  'rtp',
  'paypal',
  'venmo',
  'visa',
  'amazon',
  'cash_app',
  'intl_bank',
  'airtm',
  'payoneer',
  'wire',
  'invoice',
  'crypto',
] as const;
export type TransferPlatform = OpenEnum<(typeof knownTransferPlatforms)[number]>;

export const transferSchema = z.object({
  id: z.nullish(z.string()),
  created: z.nullish(z.string()),
  user_id: z.nullish(z.string()),
  status: z.nullish(openEnum(knownTransferStatuses)),
  type: z.nullish(openEnum(knownTransferTypes)),
  /** In cents. */
  amount: z.nullish(numberSchema),
  /** Every field optional; `{}` for a transfer with no outside account. */
  external_data: z.nullish(
    z.object({
      account_id: z.nullish(z.string()),
      external_id: z.nullish(z.string()),
      platform: z.nullish(openEnum(knownTransferPlatforms)),
    }),
  ),
  /** The items are transactions; kept as sent, only counted. */
  transactions: z.nullish(z.array(z.unknown())),
  payout_link_id: z.nullish(z.string()),
  metadata: metadataSchema,
});

export type Transfer = z.infer<typeof transferSchema>;

// ─── Transaction (v2, docs/api.md#read-a-transaction) ───────────────────────────────────────

/** The v2 transaction types the API documents. */
export const knownTransactionTypes = ['balance', 'refill', 'payout', 'payment', 'fee', 'surrogate'] as const;
export type TransactionType = OpenEnum<(typeof knownTransactionTypes)[number]>;

export const transactionSchema = z.object({
  id: integerSchema,
  /** In cents; may carry a fraction of a cent (docs/api.md#units). */
  amount: numberSchema,
  /** ISO 8601 date-time, UTC. Kept as a string: the formatter shows it verbatim if unparsable. */
  created: z.nullish(z.string()),
  source_name: z.nullish(z.string()),
  destination_name: z.nullish(z.string()),
  type: z.nullish(openEnum(knownTransactionTypes)),
  metadata: metadataSchema,
  transfer_id: z.nullish(z.string()),
  /** Present only when the API was asked to include the transfer. */
  transfer: z.nullish(transferSchema),
});

export type Transaction = z.infer<typeof transactionSchema>;
