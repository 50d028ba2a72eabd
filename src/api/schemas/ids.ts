import * as z from 'zod/mini';
import { lengthWithin } from './length.js';

// Path parameters arrive as strings (from a URL or a caller). Each is a short token of safe
// characters: no `/`, `.`, `%`, whitespace or NUL can reach a path, whoever builds it.

const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** Spec §4.1: `transaction_id`, integer, required. */
export const legacyTransactionIdSchema = z.string().check(
  z.regex(/^\d+$/, 'must be a non-negative integer'),
  lengthWithin(0, MAX_SAFE_DIGITS),
  z.refine((v) => Number.isSafeInteger(Number(v)), 'is too large'),
);

/** Spec §4.2: the v2 transaction id's type is not shown; ids are opaque tokens. */
export const transactionIdSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "_" and "-"'),
  lengthWithin(0, 64),
);

/** Spec §4.3: `payment_intent_id`, string, required. */
export const paymentIntentIdSchema = transactionIdSchema;

/** A request token for the confirm operation: UUIDs and similar opaque keys. */
export const idempotencyKeySchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8–128 letters, digits, "_" or "-"'),
);
