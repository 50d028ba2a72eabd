// The checks the browser makes before it sends anything, without a schema library: the parts of a
// request that say *where* it goes (path parameters, the confirm's Idempotency-Key, a list's
// cursors and `user_id`), and the volume's `tz`, which VolumeCard explains itself. Any other query
// value is checked only as a string (`checkQueryString`). The proxy checks every part again with
// the operations' schemas (schemas/ids.ts, schemas/volume.ts, schemas/flow.ts, schemas/transfer.ts),
// which use the same patterns; test/api/requestChecks.test.ts holds each check to its schema.

/** What a check says of a value it refuses, as in "params.transaction_id must be …"; undefined when the value passes. */
export type Check = (value: unknown) => string | undefined;

/** Letters, digits, `_` and `-`: no `/`, `.`, `%`, whitespace or NUL can reach a path. */
export const SAFE_TOKEN = /^[A-Za-z0-9_-]+$/;
export const UUID = /^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/i;
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;
/** The confirm's `Idempotency-Key` (docs/api.md#idempotency). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
/** A `period` or `type` of the volume metric, a list's `type` or `status` (docs/api.md#transaction-volume, docs/api.md#list-transfers). */
export const QUERY_TOKEN = /^[A-Za-z0-9_-]{1,32}$/;
/** The volume metric's `tz`: three letters, sent upper-cased (docs/api.md#transaction-volume). */
export const TZ = /^[A-Za-z]{3}$/;

const notString = (value: unknown) => (typeof value === 'string' ? undefined : 'must be a string');

/** The v2 ids (`transaction_id`, `payment_intent_id`): opaque tokens of at most 64 characters (docs/api.md#read-a-transaction). */
export const checkOpaqueId: Check = (value) =>
  notString(value) ??
  (!SAFE_TOKEN.test(value as string)
    ? 'may hold only letters, digits, "_" and "-"'
    : (value as string).length > 64
      ? 'must be at most 64 characters'
      : undefined);

/** Whether `value` is a legacy `transaction_id`: a non-negative safe integer, or a UUID (docs/api.md#read-a-transaction-legacy). */
export function isLegacyTransactionId(value: string): boolean {
  return UUID.test(value) || (/^\d+$/.test(value) && value.length <= MAX_SAFE_DIGITS && Number.isSafeInteger(Number(value)));
}

export const checkLegacyId: Check = (value) =>
  notString(value) ?? (isLegacyTransactionId(value as string) ? undefined : 'must be a non-negative safe integer or a UUID');

export const checkIdempotencyKey: Check = (value) =>
  notString(value) ?? (IDEMPOTENCY_KEY.test(value as string) ? undefined : 'must be 8–128 letters, digits, "_" or "-"');

const optional = (check: Check): Check => (value) => (value === undefined ? undefined : check(value));

export const checkTz: Check = /* @__PURE__ */ optional(
  (value) => notString(value) ?? (TZ.test(value as string) ? undefined : 'must be a three-letter timezone code such as UTC'),
);

/** A list's `limit`: a whole number from 1 to 100, as a query string (docs/api.md#list-transfers). */
export const LIST_LIMIT = /^(100|[1-9]\d?)$/;
/**
 * A list's `start_date` / `end_date`: an ISO 8601 date, or a date-time with an optional
 * fraction and offset (docs/api.md#list-transfers).
 */
export const QUERY_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A query value the proxy checks in full and the browser only as a string: nothing in it can
 * reach the path (the query is encoded), and a wrong one is the proxy's 400, naming it.
 */
export const checkQueryString: Check = /* @__PURE__ */ optional(notString);

/** A list's cursors (`starting_after`, `ending_before`) and `user_id`: opaque ids, as path ids are. */
export const checkOptionalId: Check = /* @__PURE__ */ optional(checkOpaqueId);

/** The step names a create-flow request may use (docs/api.md#create-a-flow). */
export const flowSteps = [
  'compliance',
  'id-verification',
  'background-check',
  'manage-payments',
  'manage-payouts',
  'payout',
  'redirect',
  'pdf-form-fill',
] as const;

