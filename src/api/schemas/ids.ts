import * as z from 'zod/mini';
import { lengthWithin } from './length.js';
import { IDEMPOTENCY_KEY, SAFE_TOKEN, isLegacyTransactionId } from '../requestChecks.js';

// Path parameters arrive as strings (from a URL or a caller). Each is a short token of safe
// characters: no `/`, `.`, `%`, whitespace or NUL can reach a path, whoever builds it.

/**
 * The legacy `transaction_id`: an integer, or a UUID as the API's own example shows
 * (docs/api.md#read-a-transaction-legacy).
 */
export const legacyTransactionIdSchema = z.string().check(
  z.refine(isLegacyTransactionId, 'must be a non-negative safe integer or a UUID'),
);

/** The v2 `transaction_id`: the API gives no type, so an opaque token (docs/api.md#read-a-transaction). */
export const transactionIdSchema = z.string().check(
  z.regex(SAFE_TOKEN, 'may hold only letters, digits, "_" and "-"'),
  lengthWithin(0, 64),
);

/** `payment_intent_id`: a string, required (docs/api.md#confirm-a-payment-intent). */
export const paymentIntentIdSchema = transactionIdSchema;

/**
 * `transfer_id`, and the ids a list takes as cursors or `user_id`: the API types them as UUIDs,
 * the kit as opaque tokens like `transaction_id` (docs/api.md#get-a-transfer).
 */
export const transferIdSchema = transactionIdSchema;

/** The confirm's `Idempotency-Key`: UUIDs and similar opaque keys (docs/api.md#idempotency). */
export const idempotencyKeySchema = z.string().check(
  z.regex(IDEMPOTENCY_KEY, 'must be 8–128 letters, digits, "_" or "-"'),
);
