'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentsError } from '../api/index.js';
import { transactionVolumeQueryOptions } from './queries.js';
import type { TransactionVolume, TransactionVolumeParams } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * The transaction volume metric (spec §4.5): data is `{ volume }`, in cents (spec §2.6), out of
 * its legacy envelope; `success: false` is an error. A `tz` that is not a three-letter code is
 * `invalid_request` and sends nothing.
 */
export function useTransactionVolume(params: TransactionVolumeParams): UseQueryResult<TransactionVolume, PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransactionVolume');
  return useQuery(transactionVolumeQueryOptions(fetcher, params), queryClient);
}
