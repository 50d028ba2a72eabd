import type { QueryClient } from '@tanstack/react-query';
import { transactionQueryOptions, transactionVolumeQueryOptions } from './queries.js';
import type { PaymentsFetcher, TransactionGeneration, TransactionVolumeParams } from './types.js';

/** What {@link prefetchPayments} reads: the props the page's components will be given. */
export interface PaymentsReads {
  /**
   * Transactions, as `<TransactionDetail>` names them: an id (v2), or `{ id, generation }` for a
   * legacy one.
   *
   * @example
   * transactions: ['1001', { id: '1', generation: 'legacy' }]
   */
  transactions?: readonly (string | { id: string; generation: TransactionGeneration })[] | undefined;
  /**
   * Volume metrics, as `<VolumeCard>`'s `period`, `type` and `tz`.
   *
   * @example
   * volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }]
   */
  volumes?: readonly TransactionVolumeParams[] | undefined;
}

/**
 * Reads what the page will show into `queryClient`, for `dehydratePayments` and
 * `<PaymentsHydrationBoundary>`: the components then render their data (or their error) in the
 * server's HTML and send nothing on load. Reads only; each read once and always, whatever the
 * client holds already or its `staleTime` says (what it holds may be someone else's), never
 * retried (the page should not wait on backoffs: the browser reads again what failed to come).
 * Resolves when every read has settled, failed ones included: a failure is kept in the cache as
 * that query's error. Give it a `QueryClient` made for this request (docs/nextjs.md#data-on-first-paint).
 *
 * Use it in a server component with a fetcher over `createInProcessFetch` (payments-kit/server).
 *
 * @example
 * const queryClient = new QueryClient();
 * const fetcher = createProxyFetcher({ fetch: createInProcessFetch(paymentsProxy, { session }) });
 * await prefetchPayments(queryClient, fetcher, { transactions: ['1001'], volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }] });
 */
export async function prefetchPayments(queryClient: QueryClient, fetcher: PaymentsFetcher, reads: PaymentsReads): Promise<void> {
  await Promise.all([
    ...(reads.transactions ?? []).map((read) => {
      const { id, generation } = typeof read === 'string' ? { id: read, generation: 'v2' as const } : read;
      return settled(queryClient.query({ ...transactionQueryOptions(fetcher, id, generation), ...PREFETCH_ONCE }));
    }),
    ...(reads.volumes ?? []).map((params) => settled(queryClient.query({ ...transactionVolumeQueryOptions(fetcher, params), ...PREFETCH_ONCE }))),
  ]);
}

/**
 * How each prefetch reads: always sent, never retried. `staleTime: 0`: an answer already in the
 * client was read with another session, perhaps another user's, and is never taken for this
 * page's (docs/nextjs.md#data-on-first-paint).
 */
export const PREFETCH_ONCE = { retry: false, staleTime: 0 } as const;

/** A prefetch that has settled: a failed read stays in the cache as its query's error, for `dehydratePayments`. */
export const settled = (read: Promise<unknown>): Promise<void> => read.then(
  () => undefined,
  () => undefined,
);
