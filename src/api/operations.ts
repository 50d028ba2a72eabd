import type * as z from 'zod/mini';
import type { OperationDefinition } from './defineOperation.js';
import { confirmPaymentIntent } from './operations/confirmPaymentIntent.js';
import { createFlow } from './operations/createFlow.js';
import { getLegacyTransaction } from './operations/getLegacyTransaction.js';
import { getTransaction } from './operations/getTransaction.js';
import { getTransactionVolume } from './operations/getTransactionVolume.js';
import { getTransfer } from './operations/getTransfer.js';
import { listTransactions } from './operations/listTransactions.js';
import { listTransfers } from './operations/listTransfers.js';
import { parseOperationResponse } from './parse.js';

// Each operation lives in its own module (operations/*.ts), so a browser bundle that uses one
// carries only that one's schemas. This module assembles the whole table, for the code that
// needs all of it: the proxy's allowlist and the sandbox. (No value re-exports here: bundlers
// turn them into bare imports that consumers' bundlers warn about; src/api/index.ts has them.)

export type { ApiBase, HttpMethod, OperationDefinition } from './defineOperation.js';
/**
 * The operations of the API the kit uses (docs/api.md#operations), declared once. The hooks build requests from
 * it, the proxy's allowlist *is* it, and the sandbox implements exactly its entries.
 */
export const operations = {
  getLegacyTransaction,
  getTransaction,
  confirmPaymentIntent,
  createFlow,
  getTransactionVolume,
  listTransfers,
  getTransfer,
  listTransactions,
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
  for (const { operation, template } of templates) {
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < template.length && ok; i++) {
      const t = template[i] as TemplateSegment;
      const s = segments[i] as string;
      if (t.param !== undefined) {
        if (s === '') ok = false;
        else params[t.param] = s;
      } else if (t.literal !== s) ok = false;
    }
    if (ok) matches.push({ operation, params });
  }
  return matches;
}

interface TemplateSegment {
  /** A `{param}` segment's name, or undefined for a literal segment. */
  param: string | undefined;
  literal: string;
}

/** Every path template split once, not on every request the proxy matches. */
const templates = operationNames.map((name) => ({
  operation: operations[name],
  template: operations[name].path.split('/').map((segment): TemplateSegment => {
    const param = /^\{([a-z_]+)\}$/.exec(segment)?.[1];
    return { param, literal: segment };
  }),
}));

/**
 * Validates a response body with the named operation's schema, and unwraps the legacy envelope:
 * `success: false` becomes an `http` error with code `success_false`.
 */
export function parseResponse<N extends OperationName>(
  operation: N,
  value: unknown,
  status = 200,
): OperationResponse<N> {
  return parseOperationResponse(operations[operation], value, status);
}
