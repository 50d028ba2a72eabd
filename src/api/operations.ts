import * as z from 'zod/mini';
import { PaymentsError } from './errors.js';
import { createFlowBodySchema, flowSchema } from './schemas/flow.js';
import { confirmPaymentIntentBodySchema, paymentIntentSchema } from './schemas/paymentIntent.js';
import { legacyTransactionResponseSchema, transactionSchema } from './schemas/transaction.js';
import { volumeMetricSchema } from './schemas/volume.js';

// ─── Parameter schemas ────────────────────────────────────────────────────────────────────────
// Path parameters arrive as strings (from a URL or a caller). Each is a short token of safe
// characters: no `/`, `.`, `%`, whitespace or NUL can reach a path, whoever builds it.

const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** Spec §4.1: `transaction_id`, integer, required. */
export const legacyTransactionIdSchema = z.string().check(
  z.regex(/^\d+$/, 'must be a non-negative integer'),
  z.maxLength(MAX_SAFE_DIGITS, 'is too long'),
  z.refine((v) => Number.isSafeInteger(Number(v)), 'is too large'),
);

/** Spec §4.2: the v2 transaction id's type is not shown; ids are opaque tokens. */
export const transactionIdSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "_" and "-"'),
  z.maxLength(64, 'is too long'),
);

/** Spec §4.3: `payment_intent_id`, string, required. */
export const paymentIntentIdSchema = transactionIdSchema;

/** A request token for the confirm operation: UUIDs and similar opaque keys. */
export const idempotencyKeySchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8–128 letters, digits, "_" or "-"'),
);

const queryTokenSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1–32 letters, digits, "_" or "-"'),
);

/** Spec §4.5: all strings; `tz` is a three-letter timezone code. Requiredness is not shown. */
export const volumeQuerySchema = z.object({
  period: z.optional(queryTokenSchema),
  type: z.optional(queryTokenSchema),
  tz: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[A-Za-z]{3}$/, 'must be a three-letter timezone code such as UTC')),
      z.transform((tz) => tz.toUpperCase()),
    ),
  ),
});

// ─── The operations table ─────────────────────────────────────────────────────────────────────

export type HttpMethod = 'GET' | 'POST';
/** `v2` is `{base_url}`, `legacy` is `{legacy_base_url}` (spec §9). */
export type ApiBase = 'v2' | 'legacy';

export interface OperationDefinition {
  readonly name: string;
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** The path exactly as the spec writes it, with `{param}` placeholders. */
  readonly path: string;
  readonly params: z.ZodMiniObject | undefined;
  readonly query: z.ZodMiniObject | undefined;
  readonly body: z.ZodMiniType | undefined;
  readonly response: z.ZodMiniType;
  /** Legacy interface envelope: `success: false` is an error, not data (spec §7). */
  readonly envelope: 'success' | undefined;
  /** Money-moving: sent at most once per user action, with an `Idempotency-Key`. */
  readonly idempotent: boolean;
}

function defineOperation<const T extends OperationDefinition>(operation: T): T {
  return operation;
}

/**
 * The five specified operations (spec §4.1–4.5), declared once. The hooks build requests from
 * it, the proxy's allowlist *is* it, and the sandbox implements exactly its entries.
 */
export const operations = {
  getLegacyTransaction: defineOperation({
    name: 'getLegacyTransaction',
    method: 'GET',
    base: 'legacy',
    path: '/api/api/transactions/get/transaction/{transaction_id}',
    params: z.object({ transaction_id: legacyTransactionIdSchema }),
    query: undefined,
    body: undefined,
    response: legacyTransactionResponseSchema,
    envelope: 'success',
    idempotent: false,
  }),
  getTransaction: defineOperation({
    name: 'getTransaction',
    method: 'GET',
    base: 'v2',
    path: '/api/v2/transactions/{transaction_id}',
    params: z.object({ transaction_id: transactionIdSchema }),
    query: undefined,
    body: undefined,
    response: transactionSchema,
    envelope: undefined,
    idempotent: false,
  }),
  confirmPaymentIntent: defineOperation({
    name: 'confirmPaymentIntent',
    method: 'POST',
    base: 'v2',
    path: '/api/v2/payment-intents/{payment_intent_id}/confirm',
    params: z.object({ payment_intent_id: paymentIntentIdSchema }),
    query: undefined,
    body: confirmPaymentIntentBodySchema,
    response: paymentIntentSchema,
    envelope: undefined,
    idempotent: true,
  }),
  createFlow: defineOperation({
    name: 'createFlow',
    method: 'POST',
    base: 'v2',
    path: '/api/v2/flows',
    params: undefined,
    query: undefined,
    body: createFlowBodySchema,
    response: flowSchema,
    envelope: undefined,
    idempotent: false,
  }),
  getTransactionVolume: defineOperation({
    name: 'getTransactionVolume',
    method: 'GET',
    base: 'legacy',
    path: '/api/api/metrics/transaction/volume',
    params: undefined,
    query: volumeQuerySchema,
    body: undefined,
    response: volumeMetricSchema,
    envelope: 'success',
    idempotent: false,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export const operationNames = Object.keys(operations) as OperationName[];

type InferOr<S, Fallback> = S extends z.ZodMiniType ? z.output<S> : Fallback;
type InputOr<S, Fallback> = S extends z.ZodMiniType ? z.input<S> : Fallback;

/** Validated path parameters of an operation. */
export type OperationParams<N extends OperationName> = InferOr<Operations[N]['params'], undefined>;
export type OperationQuery<N extends OperationName> = InferOr<Operations[N]['query'], undefined>;
export type OperationQueryInput<N extends OperationName> = InputOr<Operations[N]['query'], undefined>;
export type OperationBody<N extends OperationName> = InferOr<Operations[N]['body'], undefined>;
export type OperationBodyInput<N extends OperationName> = InputOr<Operations[N]['body'], undefined>;
export type OperationResponse<N extends OperationName> = z.output<Operations[N]['response']>;

// ─── Path templates ───────────────────────────────────────────────────────────────────────────

/** The `{param}` names of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
}

/**
 * Fills a path template with *validated* parameters. Every parameter schema admits only
 * `[A-Za-z0-9_-]`, so no encoding is needed and none can smuggle a `/` or `..` in.
 */
export function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return value;
  });
}

export interface OperationMatch {
  operation: OperationDefinition & { name: OperationName };
  /** Raw (not yet validated) path parameters. */
  params: Record<string, string>;
}

/**
 * Finds the operation a method-less pathname belongs to. Segments are compared literally;
 * a `{param}` segment takes one whole non-empty segment. Returns every entry with a matching
 * path (so a caller can answer 405 with `Allow`), or an empty list.
 */
export function matchOperationPath(pathname: string): OperationMatch[] {
  const segments = pathname.split('/');
  const matches: OperationMatch[] = [];
  for (const name of operationNames) {
    const operation = operations[name];
    const template = operation.path.split('/');
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < template.length && ok; i++) {
      const t = template[i] as string;
      const s = segments[i] as string;
      const param = /^\{([a-z_]+)\}$/.exec(t);
      if (param) {
        if (s === '') ok = false;
        else params[param[1] as string] = s;
      } else if (t !== s) ok = false;
    }
    if (ok) matches.push({ operation, params });
  }
  return matches;
}

// ─── Validation ───────────────────────────────────────────────────────────────────────────────

function describeIssues(error: z.core.$ZodError, label: string): string {
  const first = error.issues[0];
  if (!first) return `${label} is invalid`;
  const where = first.path.length > 0 ? `${label}.${first.path.map(String).join('.')}` : label;
  return `${where} ${first.message}`;
}

/**
 * Validates one part of a request (`params`, `query` or `body`) with its schema, or throws a
 * `PaymentsError` of kind `invalid_request` naming the field.
 */
export function parseRequestPart<S extends z.ZodMiniType>(
  operation: OperationName,
  part: 'params' | 'query' | 'body' | 'headers',
  schema: S,
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return fail('invalid_request', operation, describeIssues(result.error, part), result.error);
}

/**
 * Validates a response body with the operation's schema, and unwraps the legacy envelope:
 * `success: false` becomes an `http` error with code `success_false`.
 */
export function parseResponse<N extends OperationName>(
  operation: N,
  value: unknown,
  status = 200,
): OperationResponse<N> {
  const definition: OperationDefinition = operations[operation];
  const result = definition.response.safeParse(value);
  if (!result.success) {
    return fail(
      'invalid_response',
      operation,
      `The payments API answered ${operation} with an unexpected shape: ${describeIssues(result.error, 'response')}`,
      result.error,
    );
  }
  if (definition.envelope === 'success' && !(result.data as { success: boolean }).success) {
    throw new PaymentsError({
      kind: 'http',
      status,
      code: 'success_false',
      operation,
      message: `The payments API answered ${operation} with success: false.`,
    });
  }
  return result.data as OperationResponse<N>;
}

function fail(
  kind: 'invalid_request' | 'invalid_response',
  operation: string,
  message: string,
  cause: unknown,
): never {
  throw new PaymentsError({ kind, operation, message, cause });
}
