// payments-kit/transfers/queries: the transfer list's query layer, for server components as
// payments-kit/queries is for the rest (no 'use client' here or in anything this reaches), and
// apart from it so pages without a list do not carry it.
export { prefetchTransferPages } from './prefetchTransferPages.js';
export type { TransferPageRead } from './prefetchTransferPages.js';
export { transferKeys, transferPageQueryOptions, transferQueryOptions, transferPageSize, MAX_TRANSFER_PAGE_SIZE } from './transferQueries.js';
export type { TransferFilters, TransferPageParams } from './transferQueries.js';
