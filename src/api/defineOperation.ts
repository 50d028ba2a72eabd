import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST';
/** `v2` is `{base_url}`, `legacy` is `{legacy_base_url}` (docs/api.md#base-addresses). */
export type ApiBase = 'v2' | 'legacy';

/**
 * One entry of the operations table: the one place an operation is declared, from which the
 * hooks, the proxy's allowlist and the sandbox are all built (docs/api.md#operations).
 */
export interface OperationDefinition {
  readonly name: string;
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** The API's path, exactly as documented, with `{param}` placeholders. */
  readonly path: string;
  // Each part is absent when the operation takes none (`OperationPart` reads it as `undefined`):
  // one property less per entry in every bundle that carries the table.
  readonly params?: z.ZodMiniObject | undefined;
  readonly query?: z.ZodMiniObject | undefined;
  readonly body?: z.ZodMiniType | undefined;
  readonly response: z.ZodMiniType;
  /** Legacy interface envelope: `success: false` is an error, not data (docs/api.md#forward-compatibility). Absent on v2. */
  readonly envelope?: 'success' | undefined;
  /** Money-moving: sent at most once per user action, with an `Idempotency-Key`. Absent on a read. */
  readonly idempotent?: boolean | undefined;
}

/** A part's schema of an entry (`'params'`, `'query'`, `'body'`), `undefined` when the entry has none. */
export type OperationPart<D, K extends 'params' | 'query' | 'body'> = D extends Readonly<Record<K, infer S>> ? S : undefined;

/** Checks an entry against {@link OperationDefinition} while keeping its literal types. */
export function defineOperation<const T extends OperationDefinition>(operation: T): T {
  return operation;
}
