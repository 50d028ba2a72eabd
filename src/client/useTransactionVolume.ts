'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentsError } from '../api/index.js';
import { transactionVolumeQueryOptions } from './queries.js';
import type { TransactionVolume, TransactionVolumeParams } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * The transaction volume metric, for your own UI: `data` is `{ volume }`, in cents. All three
 * parameters are optional and sent only when given: `period` (`day`, `week`, `month`, `year`,
 * `30d`), `type` (`receive`, `send`) — other tokens are sent as is — and `tz`, a three-letter
 * time zone code such as `UTC` (any other `tz` fails with `invalid_request` and sends nothing).
 * A legacy `success: false` answer is an error, never data.
 *
 * @example
 * const { data } = useTransactionVolume({ period: '30d', type: 'receive', tz: 'UTC' });
 *
 * See docs/api.md#transaction-volume.
 */
export function useTransactionVolume(params: TransactionVolumeParams): UseQueryResult<TransactionVolume, PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransactionVolume');
  return useQuery(transactionVolumeQueryOptions(fetcher, params), queryClient);
}
