import * as z from 'zod/mini';
import { integerSchema, numberSchema } from './numeric.js';
import { openEnum, type OpenEnum } from './openEnum.js';

// ─── Legacy transaction (docs/api.md#read-a-transaction-legacy) ─────────────────────────────

/** Legacy transaction `type`. The API shows `credit` only; other values render as raw text. */
export const knownLegacyTransactionTypes = ['credit'] as const;
export type LegacyTransactionType = OpenEnum<(typeof knownLegacyTransactionTypes)[number]>;

export const receiptItemSchema = z.object({
  name: z.string(),
  unit_amount: numberSchema,
  quantity: numberSchema,
  description: z.string(),
});

export const receiptSchema = z.object({
  items: z.array(receiptItemSchema),
  breakdown: z.object({
    items_total: numberSchema,
    tax: numberSchema,
    shipping: numberSchema,
  }),
});

export const legacyTransactionSchema = z.object({
  id: integerSchema,
  /** Its format is not documented: kept verbatim (docs/api.md#forward-compatibility). */
  date: z.string(),
  source_username: z.string(),
  destination_username: z.string(),
  amount: numberSchema,
  type: openEnum(knownLegacyTransactionTypes),
  completed: z.boolean(),
  /** Inner structure not documented: any JSON object, kept as sent. */
  notes: z.looseObject({}),
  receipt: receiptSchema,
  credit_transaction_id: z.string(),
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

/** The API shows `created` only, and documents neither the full set nor the transitions. */
export const knownTransferStatuses = ['created'] as const;
export type TransferStatus = OpenEnum<(typeof knownTransferStatuses)[number]>;
/** The API shows `refill` only. */
export const knownTransferTypes = ['refill'] as const;
export type TransferType = OpenEnum<(typeof knownTransferTypes)[number]>;
/** The API shows `ach` only. */
export const knownTransferPlatforms = ['ach'] as const;
export type TransferPlatform = OpenEnum<(typeof knownTransferPlatforms)[number]>;

export const transferSchema = z.object({
  id: z.string(),
  created: z.string(),
  user_id: z.string(),
  status: openEnum(knownTransferStatuses),
  type: openEnum(knownTransferTypes),
  amount: integerSchema,
  external_data: z.object({
    account_id: z.string(),
    external_id: z.string(),
    platform: openEnum(knownTransferPlatforms),
  }),
  /** The fields of the items are not documented: kept as sent, only counted. */
  transactions: z.array(z.unknown()),
  payout_link_id: z.string(),
  metadata: z.string(),
});

export type Transfer = z.infer<typeof transferSchema>;

// ─── Transaction (v2, docs/api.md#read-a-transaction) ───────────────────────────────────────

/** The API shows `balance` only. */
export const knownTransactionTypes = ['balance'] as const;
export type TransactionType = OpenEnum<(typeof knownTransactionTypes)[number]>;

export const transactionSchema = z.object({
  id: integerSchema,
  /** Integer amount; in minor units (cents) like every other v2 amount. */
  amount: integerSchema,
  /** ISO 8601 date-time, UTC. Kept as a string: the formatter shows it verbatim if unparsable. */
  created: z.string(),
  source_name: z.string(),
  destination_name: z.string(),
  type: openEnum(knownTransactionTypes),
  metadata: z.string(),
  transfer_id: z.string(),
  transfer: transferSchema,
});

export type Transaction = z.infer<typeof transactionSchema>;
