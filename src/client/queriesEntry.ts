// payments-kit/queries: the query layer a server component may import. No 'use client' here or
// in anything this reaches (no hooks, no context): a server component importing the root entry
// gets client references, not functions, so it prefetches with these instead.
export { createProxyFetcher } from './createProxyFetcher.js';
export type { ProxyFetcherOptions } from './createProxyFetcher.js';
export { callOperation } from './callOperation.js';
export { paymentsKeys, transactionQueryOptions, transactionVolumeQueryOptions } from './queries.js';
export { prefetchPayments } from './prefetchPayments.js';
export type { PaymentsReads } from './prefetchPayments.js';
export { dehydratePayments } from './dehydratePayments.js';
export type { PaymentsFetcher, PaymentsRequest, PaymentsHeadersInit, CallOperationOptions } from './types.js';
export type { TransactionGeneration, TransactionByGeneration, TransactionVolume, TransactionVolumeParams } from './types.js';
