// The client layer as the root entry publishes it (src/index.ts re-exports all of it): what is
// listed here is public. What only the ui layer uses (PaymentsClientProvider, createKitQueryClient)
// is imported from its own module. No 'use client' on this barrel: the options factories and keys
// exported here are also for server code (prefetching); the modules holding hooks and context
// carry the directive themselves.
export { createProxyFetcher } from './createProxyFetcher.js';
export { callOperation } from './callOperation.js';
export { usePaymentsContext } from './usePaymentsContext.js';
export {
  paymentsKeys,
  transactionQueryOptions,
  transactionVolumeQueryOptions,
  confirmPaymentIntentMutationOptions,
  createFlowMutationOptions,
} from './queries.js';
export { useTransaction } from './useTransaction.js';
export { PaymentsHydrationBoundary } from './PaymentsHydrationBoundary.js';
export type { PaymentsHydrationBoundaryProps } from './PaymentsHydrationBoundary.js';
export { isFinalTransferStatus, liveTransferStatuses } from './liveStatus.js';
export { useTransactionVolume } from './useTransactionVolume.js';
export { useConfirmPaymentIntent } from './useConfirmPaymentIntent.js';
export { useCreateFlow } from './useCreateFlow.js';
export { isSessionError, sessionErrorCodes } from './isSessionError.js';

export type {
  PaymentsFetcher,
  PaymentsRequest,
  PaymentsHeadersInit,
  TransactionGeneration,
  TransactionByGeneration,
  TransactionVolume,
  TransactionVolumeParams,
  ConfirmPaymentIntentVariables,
  CreateFlowVariables,
  OperationInput,
  OperationData,
  CallOperationOptions,
} from './types.js';
export type { ProxyFetcherOptions } from './createProxyFetcher.js';
export type { SessionErrorCode } from './isSessionError.js';
export type { UseTransactionOptions } from './useTransaction.js';
export type { UseTransactionVolumeOptions } from './useTransactionVolume.js';
export type { LiveStatusOptions } from './liveStatus.js';
