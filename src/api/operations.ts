import type * as z from 'zod/mini';
import type { OperationPart } from './defineOperation.js';
import { coreOperationTable, flowOperationTable, transferOperationTable } from './operationTables.js';
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
export const operations = { ...coreOperationTable, ...flowOperationTable, ...transferOperationTable } as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export const operationNames = Object.keys(operations) as OperationName[];

type InferOr<S, Fallback> = S extends z.ZodMiniType ? z.output<S> : Fallback;
type InputOr<S, Fallback> = S extends z.ZodMiniType ? z.input<S> : Fallback;

/** Validated path parameters of an operation. */
export type OperationParams<N extends OperationName> = InferOr<OperationPart<Operations[N], 'params'>, undefined>;
export type OperationQuery<N extends OperationName> = InferOr<OperationPart<Operations[N], 'query'>, undefined>;
export type OperationQueryInput<N extends OperationName> = InputOr<OperationPart<Operations[N], 'query'>, undefined>;
export type OperationBody<N extends OperationName> = InferOr<OperationPart<Operations[N], 'body'>, undefined>;
export type OperationBodyInput<N extends OperationName> = InputOr<OperationPart<Operations[N], 'body'>, undefined>;
export type OperationResponse<N extends OperationName> = z.output<Operations[N]['response']>;

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
