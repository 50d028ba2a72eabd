import type * as z from 'zod/mini';
import type {
  ApiBase,
  HttpMethod,
  LegacyTransaction,
  OperationDefinition,
  OperationName,
  OperationResult,
  Operations,
  Transaction,
} from '../api/index.js';

/**
 * One request, as the client layer hands it to a {@link PaymentsFetcher}. Everything in it has
 * already been validated against the operations table, so a fetcher only has to move bytes.
 */
export interface PaymentsRequest {
  /** The operations-table entry the request is for; set on every error the fetcher throws. */
  operation: OperationName;
  /** HTTP method of the operation (spec §4). */
  method: HttpMethod;
  /** Which upstream interface the path belongs to: `v2` is `{base_url}`, `legacy` `{legacy_base_url}` (spec §9). */
  base: ApiBase;
  /** The upstream path with its parameters filled in, e.g. `/api/v2/transactions/42`. */
  path: string;
  /** Validated query parameters (spec §4.5 only); absent when the operation has none. */
  query?: Record<string, string> | undefined;
  /** Validated JSON body, for `POST` operations; absent otherwise. */
  body?: unknown;
  /**
   * Headers the kit needs on this request (e.g. `Idempotency-Key`, spec §4.3). Never an
   * `Authorization` header: credentials are the proxy's business (ARCHITECTURE.md).
   */
  headers: Record<string, string>;
  /** Aborted when the caller no longer wants the answer (unmount, query cancelled). */
  signal?: AbortSignal | undefined;
}

/**
 * The injectable transport of the kit. Resolves with the parsed JSON of a successful answer
 * (the client layer validates it), or rejects with a `PaymentsError`. Anything else it throws is
 * wrapped into one by `callOperation`.
 *
 * The default, {@link createProxyFetcher}, talks to the merchant's proxy; tests and hosts with
 * their own transport (GraphQL gateway, RPC, …) pass another.
 */
export type PaymentsFetcher = (request: PaymentsRequest) => Promise<unknown>;

/** Headers the host adds to every request: an object, or a (possibly async) function returning one. */
export type PaymentsHeadersInit =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** The two interface generations of a transaction: `v2` (spec §4.2) and `legacy` (spec §4.1). */
export type TransactionGeneration = 'v2' | 'legacy';

/** What `useTransaction` resolves with, per generation: the v2 transaction or the legacy one (unwrapped). */
export interface TransactionByGeneration {
  /** Spec §2.2. */
  v2: Transaction;
  /** Spec §2.1, taken out of its `{ success, transaction }` envelope. */
  legacy: LegacyTransaction;
}

/** Query parameters of the volume metric (spec §4.5); all optional, as their requiredness is not shown. */
export type TransactionVolumeParams = NonNullable<z.input<Operations['getTransactionVolume']['query']>>;

/** What `useTransactionVolume` resolves with: the volume, in cents (spec §2.6), out of its envelope. */
export interface TransactionVolume {
  /** Volume in cents. */
  volume: number;
}

/** Variables of the confirm mutation (spec §4.3). All three are required. */
export interface ConfirmPaymentIntentVariables {
  /** Id of the payment intent to confirm (path parameter `payment_intent_id`). */
  paymentIntentId: string;
  /** Id of the payment method to confirm it with (body `payment_method_id`). */
  paymentMethodId: string;
  /**
   * One key per user action (e.g. `crypto.randomUUID()` when the confirm button is first
   * pressed), reused if the user retries the same action, so the money moves at most once.
   * Sent as the `Idempotency-Key` header; 8–128 letters, digits, `_` or `-`.
   */
  idempotencyKey: string;
}

/** Variables of the create-flow mutation: the request body of spec §4.4. */
export type CreateFlowVariables = z.input<Operations['createFlow']['body']>;

type PartInput<Key extends string, Value, Optional extends boolean> = [Value] extends [undefined]
  ? { [K in Key]?: undefined }
  : Optional extends true
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** An operation, by its definition (`getTransaction`) or by its name in the table (`'getTransaction'`). */
export type OperationRef = (OperationDefinition & { readonly name: OperationName }) | OperationName;
type DefinitionOf<O extends OperationRef> = O extends OperationName ? Operations[O] : O;
type OutputOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

/**
 * The input of one operation for `callOperation`: `params` (path parameters) when its path has
 * any, `query` (optional) when it takes one, `body` when it has one.
 */
export type OperationInput<O extends OperationRef> = PartInput<'params', OutputOf<DefinitionOf<O>['params']>, false> &
  PartInput<'query', InputOf<DefinitionOf<O>['query']>, true> &
  PartInput<'body', InputOf<DefinitionOf<O>['body']>, false>;

/**
 * What `callOperation` resolves with: the validated response, minus the legacy
 * `{ success: false }` branch, which is always an error (spec §7).
 */
export type OperationData<O extends OperationRef> = OperationResult<DefinitionOf<O>>;

/** Per-call options of `callOperation`. */
export interface CallOperationOptions {
  /** Cancels the request; the call then rejects with a `PaymentsError` of kind `aborted`. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this request (e.g. `Idempotency-Key`). */
  headers?: Record<string, string> | undefined;
}
