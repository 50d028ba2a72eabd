'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentsError } from '../api/index.js';
import { paymentsKeys, transactionVolumeQueryOptions } from './queries.js';
import { serverDataMountOptions } from './serverData.js';
import type { TransactionVolume, TransactionVolumeParams } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Options of {@link useTransactionVolume}. */
export interface UseTransactionVolumeOptions {
  /**
   * Read the volume again every this many ms while the page is visible (never in a hidden tab;
   * at once when it shows again). Default: off, the volume is read once per mount.
   */
  refreshIntervalMs?: number | undefined;
}

/**
 * The transaction volume metric, for your own UI: `data` is `{ volume }`, in cents. All three
 * parameters are optional and sent only when given: `period` (`day`, `week`, `month`, `year`,
 * `30d`), `type` (`receive`, `send`) — other tokens are sent as is — and `tz`, a three-letter
 * time zone code such as `UTC`. The kit's proxy refuses any other form (`invalid_request`,
 * nothing reaches the payments API); through your own fetcher, your backend checks them
 * (docs/hooks.md#what-the-browser-checks).
 * A legacy `success: false` answer is an error, never data.
 *
 * @example
 * const { data } = useTransactionVolume({ period: '30d', type: 'receive', tz: 'UTC' });
 * const live = useTransactionVolume({ period: 'day' }, { refreshIntervalMs: 60_000 });
 *
 * See docs/api.md#transaction-volume.
 */
export function useTransactionVolume(
  params: TransactionVolumeParams,
  options: UseTransactionVolumeOptions = {},
): UseQueryResult<TransactionVolume, PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransactionVolume');
  const { refreshIntervalMs } = options;
  return useQuery(
    {
      ...transactionVolumeQueryOptions(fetcher, params),
      refetchInterval: refreshIntervalMs !== undefined && Number.isFinite(refreshIntervalMs) && refreshIntervalMs > 0 ? refreshIntervalMs : false,
      refetchIntervalInBackground: false,
      // What the server prefetched (PaymentsHydrationBoundary) is shown as it is while fresh.
      ...serverDataMountOptions(queryClient, paymentsKeys.volume(params)),
    },
    queryClient,
  );
}
