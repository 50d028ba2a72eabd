'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { PaymentsError, Transaction } from '../api/index.js';
import { nextLiveStatusRead, resolveLiveStatus, streamingClients, type LiveStatusOptions, type LiveStatusWatch } from './liveStatus.js';
import { paymentsKeys, transactionQueryOptions } from './queries.js';
import { serverDataMountOptions } from './serverData.js';
import type { TransactionByGeneration, TransactionGeneration } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Options of {@link useTransaction}. */
export interface UseTransactionOptions<G extends TransactionGeneration = TransactionGeneration> {
  /**
   * Which generation of the API to read: `v2` (the default; any id token) or `legacy` (integer
   * ids; the data is the legacy transaction, out of its envelope). See docs/api.md#operations.
   */
  generation?: G;
  /**
   * Keep a v2 transaction live while its transfer's status is not final: read it again after 5 s,
   * then at doubling waits up to 60 s, never while the page is hidden, and not after a final
   * status or 10 minutes. `false` turns it off; an object tunes it (`initialIntervalMs`,
   * `maxIntervalMs`, `maxMs`, `isFinal`). Default: on. Legacy transactions have no status to
   * follow. See docs/hooks.md#live-status.
   */
  liveStatus?: boolean | LiveStatusOptions | undefined;
}

/**
 * One transaction by id. The data type follows the generation: `Transaction` for `v2` (the
 * default), `LegacyTransaction` (unwrapped from its envelope) for `legacy`. Errors are
 * `PaymentsError`s; a legacy id that is not an integer is `invalid_request` and sends nothing.
 *
 * A v2 transaction whose transfer is still under way is read again on a backoff while the page
 * is visible (`liveStatus`, on by default).
 *
 * @example
 * const { data, error } = useTransaction('1001'); // v2: data is a Transaction
 * const legacy = useTransaction('1', { generation: 'legacy' }); // data is a LegacyTransaction
 */
export function useTransaction(
  id: string,
  options?: UseTransactionOptions<'v2'>,
): UseQueryResult<Transaction, PaymentsError>;
export function useTransaction<G extends TransactionGeneration>(
  id: string,
  options: UseTransactionOptions<G> & { generation: G },
): UseQueryResult<TransactionByGeneration[G], PaymentsError>;
export function useTransaction(
  id: string,
  options: UseTransactionOptions = {},
): UseQueryResult<TransactionByGeneration[TransactionGeneration], PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransaction');
  const generation = options.generation ?? 'v2';
  const live = generation === 'v2' ? resolveLiveStatus(options.liveStatus) : undefined;
  // This instance's watch: since when, and since when the status has been the same. Read and
  // written by react-query's interval callback only, never during render.
  const watch = useRef<LiveStatusWatch | null>(null);
  return useQuery(
    {
      ...transactionQueryOptions(fetcher, id, generation),
      refetchInterval: live
        ? (query) => nextLiveStatusRead(live, watch, id, query.state.data as Transaction | undefined, Date.now(), streamingClients.has(queryClient))
        : false,
      // Hidden tab: no reads (react-query's default, said here because it is the design); the
      // query is refetched when the page shows again (`refetchOnWindowFocus`).
      refetchIntervalInBackground: false,
      // What the server prefetched (PaymentsHydrationBoundary) is shown as it is while fresh.
      ...serverDataMountOptions(queryClient, paymentsKeys.transaction(generation, id)),
    },
    queryClient,
  );
}
