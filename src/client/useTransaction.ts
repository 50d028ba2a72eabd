'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentsError, Transaction } from '../api/index.js';
import { transactionQueryOptions } from './queries.js';
import type { TransactionByGeneration, TransactionGeneration } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Options of {@link useTransaction}. */
export interface UseTransactionOptions<G extends TransactionGeneration = TransactionGeneration> {
  /**
   * Which generation of the API to read: `v2` (the default; any id token) or `legacy` (integer
   * ids; the data is the legacy transaction, out of its envelope). See docs/api.md#operations.
   */
  generation?: G;
}

/**
 * One transaction by id. The data type follows the generation: `Transaction` for `v2` (the
 * default), `LegacyTransaction` (unwrapped from its envelope) for `legacy`. Errors are
 * `PaymentsError`s; a legacy id that is not an integer is `invalid_request` and sends nothing.
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
  options: Required<UseTransactionOptions<G>>,
): UseQueryResult<TransactionByGeneration[G], PaymentsError>;
export function useTransaction(
  id: string,
  options: UseTransactionOptions = {},
): UseQueryResult<TransactionByGeneration[TransactionGeneration], PaymentsError> {
  const { fetcher, queryClient } = usePaymentsContext('useTransaction');
  return useQuery(transactionQueryOptions(fetcher, id, options.generation ?? 'v2'), queryClient);
}
