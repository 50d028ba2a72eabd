import * as z from 'zod/mini';
import { numberSchema } from './numeric.js';
import { openEnum } from './openEnum.js';
import { knownTransferStatuses, transactionSchema, transferSchema } from './transaction.js';
import { LIST_LIMIT, QUERY_DATE, QUERY_TOKEN } from '../requestChecks.js';
import { transferIdSchema } from './ids.js';

// ─── Transfers as the transfers endpoints answer them (docs/api.md#list-transfers) ──────────

/**
 * One entry of a transfer's `status_history`: the payouts guide's example carries it, the API's
 * schema does not (docs/api.md#get-a-transfer). Both fields may be absent; `timestamp` is kept as
 * sent (the guide writes it in RFC 7231 form).
 */
export const transferStatusEventSchema = z.object({
  status: z.nullish(openEnum(knownTransferStatuses)),
  timestamp: z.nullish(z.string()),
});
export type TransferStatusEvent = z.infer<typeof transferStatusEventSchema>;

/**
 * A transfer as `GET /v2/transfers` and `GET /v2/transfers/{transfer_id}` answer it
 * (docs/api.md#list-transfers). Its identity and amount are required: a row without an id can be
 * neither opened nor paged past, and one without an amount has nothing to show. Every other field
 * may be absent or `null`. Its `transactions` are read as transactions (each with its own `id`
 * and `amount`); `status_history` is read when present.
 */
export const transferResourceSchema = z.object({
  ...transferSchema.shape,
  id: z.string(),
  /** In cents; negative when money went from the app to the user (docs/api.md#units). */
  amount: numberSchema,
  transactions: z.nullish(z.array(transactionSchema)),
  status_history: z.nullish(z.array(transferStatusEventSchema)),
});
export type TransferResource = z.infer<typeof transferResourceSchema>;

/**
 * A page of a list: `has_more` says whether another page follows in the direction asked for
 * (docs/api.md#list-transfers). Both fields are required: without `has_more` the next page cannot
 * be decided, and a list that silently stopped would hide money.
 */
function pageOf<Item extends z.ZodMiniType>(item: Item) {
  return z.object({ has_more: z.boolean(), data: z.array(item) });
}

/** The answer of `GET /v2/transfers` (docs/api.md#list-transfers). */
export const transferPageSchema = pageOf(transferResourceSchema);
export type TransferPage = z.infer<typeof transferPageSchema>;

/** The answer of `GET /v2/transactions` (docs/api.md#list-transactions). */
export const transactionPageSchema = pageOf(transactionSchema);
export type TransactionPage = z.infer<typeof transactionPageSchema>;

// ─── Queries (strings, as they travel in a URL) ──────────────────────────────────────────────

const limitSchema = z.string().check(z.regex(LIST_LIMIT, 'must be a whole number from 1 to 100, as a string'));
const booleanSchema = z.enum(['true', 'false']);
const queryTokenSchema = z.string().check(z.regex(QUERY_TOKEN, 'must be 1–32 letters, digits, "_" or "-"'));
const dateSchema = z.string().check(
  z.regex(QUERY_DATE, 'must be an ISO 8601 date or date-time such as 2024-07-11T21:17:33Z'),
);
// The API types ids and cursors as UUIDs; the kit takes any opaque id, as for path ids.
const idSchema = transferIdSchema;

/** The cursors and size of a page, shared by both lists (docs/api.md#list-transfers). */
const pageQueryShape = {
  /** 1–100, as a string (`'25'`). The API's default page size is not documented. */
  limit: z.optional(limitSchema),
  /** The id of the last item of the page before: the page after it. */
  starting_after: z.optional(idSchema),
  /** The id of the first item of the page after: the page before it. */
  ending_before: z.optional(idSchema),
};

/**
 * Query of `GET /v2/transfers` (docs/api.md#list-transfers): every parameter optional, all
 * strings. `type` and `status` are open sets (`knownTransferTypes`, `knownTransferStatuses`): any
 * token is sent as is.
 */
export const listTransfersQuerySchema = z.object({
  ...pageQueryShape,
  user_id: z.optional(idSchema),
  /** `'true'`: oldest first. The API's default, `'false'`, is newest first. */
  reverse_order: z.optional(booleanSchema),
  type: z.optional(queryTokenSchema),
  status: z.optional(queryTokenSchema),
  start_date: z.optional(dateSchema),
  end_date: z.optional(dateSchema),
});
export type ListTransfersQuery = z.input<typeof listTransfersQuerySchema>;

/** Query of `GET /v2/transactions` (docs/api.md#list-transactions). */
export const listTransactionsQuerySchema = z.object({
  ...pageQueryShape,
  /** `'true'`: each transaction carries its `transfer`. */
  include_transfer: z.optional(booleanSchema),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;
