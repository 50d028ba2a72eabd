'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentsError, TransferResource } from '../api/index.js';
import { transferQueryOptions } from './transferQueries.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Options of {@link useTransfer}. */
export interface UseTransferOptions {
  /**
   * What is already known of the transfer (its row of a list page), shown at once while the
   * transfer is read: the detail opens without an empty state.
   */
  placeholder?: TransferResource | undefined;
  /** `false` reads nothing (no transfer chosen). Default `true`. */
  enabled?: boolean | undefined;
}

/**
 * One transfer by id (docs/api.md#read-a-transfer): its transactions, and its status history
 * when the API sends one.
 *
 * @example
 * const { data } = useTransfer(transferId, { placeholder: row });
 */
export function useTransfer(id: string, options: UseTransferOptions = {}): UseQueryResult<TransferResource, PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransfer');
  const { placeholder } = options;
  return useQuery(
    {
      ...transferQueryOptions(fetcher, id),
      enabled: options.enabled ?? true,
      placeholderData: placeholder?.id === id ? placeholder : undefined,
    },
    queryClient,
  );
}
