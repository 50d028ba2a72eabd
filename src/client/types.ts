import type * as z from 'zod/mini';
import type {
  ApiBase,
  HttpMethod,
  LegacyTransaction,
  OperationName,
  OperationPart,
  OperationRoute,
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
  /** HTTP method of the operation (docs/api.md#operations). */
  method: HttpMethod;
  /** Which upstream interface the path belongs to: `v2` is `{base_url}`, `legacy` `{legacy_base_url}` (docs/api.md#base-addresses). */
  base: ApiBase;
  /** The upstream path with its parameters filled in, e.g. `/api/v2/transactions/42`. */
  path: string;
  /** Validated query parameters (the volume metric only); absent when the operation has none. */
  query?: Record<string, string> | undefined;
  /** Validated JSON body, for `POST` operations; absent otherwise. */
  body?: unknown;
  /**
   * Headers the kit needs on this request (e.g. `Idempotency-Key` on a confirm). Never an
   * `Authorization` header: credentials are the proxy's business (docs/api.md#authentication).
   */
  headers: Record<string, string>;
  /** Aborted when the caller no longer wants the answer (unmount, query canceled). */
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

/** The two interface generations of a transaction: `v2` and `legacy` (docs/api.md#base-addresses). */
export type TransactionGeneration = 'v2' | 'legacy';

/** What `useTransaction` resolves with, per generation: the v2 transaction or the legacy one (unwrapped). */
export interface TransactionByGeneration {
  /** The v2 transaction with its transfer (docs/api.md#read-a-transaction). */
  v2: Transaction;
  /** The legacy transaction, taken out of its `{ success, transaction }` envelope (docs/api.md#read-a-transaction-legacy). */
  legacy: LegacyTransaction;
}

/**
 * Query parameters of the volume metric, all optional (the API does not say which are required):
 * `period` (`day`, `week`, `month`, `year`, `30d`, or another token), `type` (`receive`, `send`,
 * or another token) and `tz` (a three-letter code such as `UTC`). See docs/api.md#transaction-volume.
 */
export type TransactionVolumeParams = NonNullable<z.input<Operations['getTransactionVolume']['query']>>;

/** What `useTransactionVolume` resolves with: the volume, in cents, out of its envelope. */
export interface TransactionVolume {
  /** Volume in cents. */
  volume: number;
}

/** Variables of the confirm mutation (docs/api.md#confirm-a-payment-intent). All three are required. */
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

/** Variables of the create-flow mutation: the request body (docs/api.md#create-a-flow). */
export type CreateFlowVariables = z.input<Operations['createFlow']['body']>;

type PartInput<Key extends string, Value, Optional extends boolean> = [Value] extends [undefined]
  ? { [K in Key]?: undefined }
  : Optional extends true
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** An operation, by its route (`getTransaction`) or by its name in the table (`'getTransaction'`). */
export type OperationRef = OperationRoute<OperationName> | OperationName;
type DefinitionOf<O extends OperationRef> = Operations[O extends OperationRoute<infer N extends OperationName> ? N : O & OperationName];
type OutputOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

/**
 * The input of one operation for `callOperation`: `params` (path parameters) when its path has
 * any, `query` (optional) when it takes one, `body` when it has one.
 */
export type OperationInput<O extends OperationRef> = PartInput<'params', OutputOf<OperationPart<DefinitionOf<O>, 'params'>>, false> &
  PartInput<'query', InputOf<OperationPart<DefinitionOf<O>, 'query'>>, true> &
  PartInput<'body', InputOf<OperationPart<DefinitionOf<O>, 'body'>>, false>;

/**
 * What `callOperation` resolves with: the validated response, minus the legacy
 * `{ success: false }` branch, which is always an error (docs/api.md#forward-compatibility).
 */
export type OperationData<O extends OperationRef> = OperationResult<DefinitionOf<O>>;

/** Per-call options of `callOperation`. */
export interface CallOperationOptions {
  /** Cancels the request; the call then rejects with a `PaymentsError` of kind `aborted`. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this request (e.g. `Idempotency-Key`). */
  headers?: Record<string, string> | undefined;
}
