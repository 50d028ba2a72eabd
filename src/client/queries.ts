// Options factories, not hooks: no 'use client' here, so server code can prefetch with them.
// The hooks are one-liners over these.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  confirmPaymentIntent,
  createFlow,
  getLegacyTransaction,
  getTransaction,
  getTransactionVolume,
  type Flow,
  type PaymentIntent,
  type PaymentsError,
} from '../api/index.js';
import { callOperation } from './callOperation.js';
import type {
  ConfirmPaymentIntentVariables,
  CreateFlowVariables,
  PaymentsFetcher,
  TransactionByGeneration,
  TransactionGeneration,
  TransactionVolume,
  TransactionVolumeParams,
} from './types.js';

const KIT = 'payments-kit';

/** Key of every confirm mutation, or with an id of those of one payment intent. */
function confirmPaymentIntentKey(): readonly ['payments-kit', 'confirmPaymentIntent'];
function confirmPaymentIntentKey(paymentIntentId: string): readonly ['payments-kit', 'confirmPaymentIntent', string];
function confirmPaymentIntentKey(paymentIntentId?: string) {
  return paymentIntentId === undefined
    ? ([KIT, 'confirmPaymentIntent'] as const)
    : ([KIT, 'confirmPaymentIntent', paymentIntentId] as const);
}

/**
 * Query and mutation keys of the kit. Every key starts with `'payments-kit'`: the host may share
 * its `QueryClient` with the kit, and the kit's entries must never collide with the host's.
 */
export const paymentsKeys = {
  /** Prefix of every key of the kit. */
  all: [KIT] as const,
  /** Prefix of every transaction of both generations: invalidated after money moved. */
  transactions: () => [KIT, 'transaction'] as const,
  /** One transaction: `['payments-kit', 'transaction', 'v2', '42']`. */
  transaction: <G extends TransactionGeneration>(generation: G, id: string) =>
    [KIT, 'transaction', generation, id] as const,
  /** Prefix of every volume metric: invalidated after money moved. */
  volumes: () => [KIT, 'volume'] as const,
  /** One volume metric: `['payments-kit', 'volume', { period, type, tz }]`. */
  volume: (params: TransactionVolumeParams) =>
    // `tz` is sent upper-cased (docs/api.md#transaction-volume), so `utc` and `UTC` share one cache entry.
    [KIT, 'volume', { period: params.period, type: params.type, tz: params.tz?.toUpperCase() }] as const,
  /**
   * The confirm mutations, for `useIsMutating` / `useMutationState`: every confirm
   * (`['payments-kit', 'confirmPaymentIntent']`, a prefix of the next), or with an id the
   * confirms of that payment intent (`['payments-kit', 'confirmPaymentIntent', 'pi_123']`), which
   * `useConfirmIntent` and `ConfirmIntentButton` use.
   */
  confirmPaymentIntent: confirmPaymentIntentKey,
  /** The create-flow mutation. */
  createFlow: () => [KIT, 'createFlow'] as const,
};

/**
 * One transaction. `v2` reads docs/api.md#read-a-transaction; `legacy` reads
 * docs/api.md#read-a-transaction-legacy and unwraps `.transaction` from its envelope (a `success: false` envelope is an error, never data). A legacy id that is
 * not an integer fails with `invalid_request` before anything is sent.
 */
export function transactionQueryOptions<G extends TransactionGeneration>(
  fetcher: PaymentsFetcher,
  id: string,
  generation: G,
) {
  return queryOptions<
    TransactionByGeneration[G],
    PaymentsError,
    TransactionByGeneration[G],
    ReturnType<typeof paymentsKeys.transaction<G>>
  >({
    queryKey: paymentsKeys.transaction(generation, id),
    // Reading `signal` opts in to cancellation: the request is aborted when the last observer
    // unmounts, and its late answer is dropped.
    queryFn: async ({ signal }) => {
      const transaction =
        generation === 'legacy'
          ? (await callOperation(fetcher, getLegacyTransaction, { params: { transaction_id: id } }, { signal }))
              .transaction
          : await callOperation(fetcher, getTransaction, { params: { transaction_id: id } }, { signal });
      // `generation` decides which branch ran, which TypeScript cannot follow through `G`.
      return transaction as TransactionByGeneration[G];
    },
  });
}

/**
 * The transaction volume metric (docs/api.md#transaction-volume), as `{ volume }` in cents, out of its envelope.
 * A `tz` that is not three letters is the proxy's to refuse (`invalid_request`, nothing reaches the API).
 */
export function transactionVolumeQueryOptions(fetcher: PaymentsFetcher, params: TransactionVolumeParams) {
  return queryOptions<TransactionVolume, PaymentsError, TransactionVolume, ReturnType<typeof paymentsKeys.volume>>({
    queryKey: paymentsKeys.volume(params),
    queryFn: async ({ signal }) => {
      // Sent upper-cased (docs/api.md#transaction-volume), as the key above reads it.
      const query = typeof params.tz === 'string' ? { ...params, tz: params.tz.toUpperCase() } : params;
      const { volume } = await callOperation(fetcher, getTransactionVolume, { query }, { signal });
      return { volume };
    },
  });
}

/**
 * How long a settled confirm or create-flow stays in the mutation cache once no component
 * watches it: 5 s instead of react-query's 5 min. What they hold is sensitive and has a single
 * reader: a confirmed payment intent may carry its `client_secret`, a flow's `link` lets whoever
 * holds it through the onboarding of that user, and the component that asked keeps its own copy
 * while it is on screen. A host `useMutationState` reader mounted as the component leaves (a toast
 * after a dialog closes) still finds the entry. In flight, the entry stays whatever the time: a
 * pending mutation is never collected. Override it by spreading these options into `useMutation`.
 */
export const SETTLED_MUTATION_GC_MS = 5_000;

/**
 * Confirming a payment intent (docs/api.md#confirm-a-payment-intent) moves money: `retry: false` is set here, not left to
 * the client's defaults, so even a host `QueryClient` that retries mutations never sends it
 * twice on its own. On success, every transaction and volume of the kit is refetched.
 *
 * With `paymentIntentId`, the mutation key names that intent
 * (`paymentsKeys.confirmPaymentIntent(paymentIntentId)`): pass the same id in the variables.
 */
export function confirmPaymentIntentMutationOptions(fetcher: PaymentsFetcher, paymentIntentId?: string) {
  return mutationOptions<PaymentIntent, PaymentsError, ConfirmPaymentIntentVariables>({
    mutationKey: paymentIntentId === undefined ? paymentsKeys.confirmPaymentIntent() : paymentsKeys.confirmPaymentIntent(paymentIntentId),
    mutationFn: ({ paymentIntentId, paymentMethodId, idempotencyKey }) =>
      callOperation(
        fetcher,
        confirmPaymentIntent,
        { params: { payment_intent_id: paymentIntentId }, body: { payment_method_id: paymentMethodId } },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    retry: false,
    gcTime: SETTLED_MUTATION_GC_MS,
    onSuccess: (_data, _variables, _onMutateResult, { client }) => {
      // Not awaited: the confirm has succeeded whatever the refetch does; the refetched
      // queries show their own loading and error states.
      void client.invalidateQueries({ queryKey: paymentsKeys.transactions() });
      void client.invalidateQueries({ queryKey: paymentsKeys.volumes() });
    },
  });
}

/**
 * Creating a flow (docs/api.md#create-a-flow). Not idempotent upstream: `retry: false` explicitly, so a lost
 * answer never creates a second flow behind the user's back.
 *
 * `prepare`, optional, runs with each creation while the request is out (what shows the flow or
 * its refusal, such as a chunk to load); the creation settles once both are done: with the API's
 * refusal if there is one, else with what `prepare`'s promise rejects with, if it does.
 */
export function createFlowMutationOptions(fetcher: PaymentsFetcher, prepare?: () => Promise<unknown> | undefined) {
  return mutationOptions<Flow, PaymentsError, CreateFlowVariables>({
    mutationKey: paymentsKeys.createFlow(),
    // The answer may leave `completed_steps` out (docs/api.md#create-a-flow): none done yet.
    mutationFn: async (body) => {
      const created = callOperation(fetcher, createFlow, { body });
      // What the caller needs to show the flow or its refusal, loaded while the request is out:
      // either is there when both are, and creating fails if that cannot be loaded.
      const prepared = prepare?.();
      await Promise.allSettled([created, prepared]);
      const flow = await created;
      await prepared;
      return { ...flow, completed_steps: flow.completed_steps ?? [] };
    },
    retry: false,
    gcTime: SETTLED_MUTATION_GC_MS,
  });
}
