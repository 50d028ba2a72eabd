import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST';
/** `v2` is `{base_url}`, `legacy` is `{legacy_base_url}` (spec §9). */
export type ApiBase = 'v2' | 'legacy';

/** One entry of the operations table (ARCHITECTURE.md: one source of truth). */
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

/** Checks an entry against {@link OperationDefinition} while keeping its literal types. */
export function defineOperation<const T extends OperationDefinition>(operation: T): T {
  return operation;
}
