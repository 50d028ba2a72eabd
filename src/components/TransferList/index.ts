'use client';
// payments-kit/transfers: the transfer list and its hooks, an entry of its own so that pages
// without a list do not carry it. Its words in other languages: payments-kit/transfers/messages.
export { TransferList } from './TransferList.js';
export type { TransferListProps, TransferListState } from './TransferList.js';
export type { TransferListMessageOverrides, TransferListWords } from './defaultMessages.js';
export { useTransfers } from '../../client/useTransfers.js';
export type { UseTransfersOptions, UseTransfersResult } from '../../client/useTransfers.js';
export { useTransfer } from '../../client/useTransfer.js';
export type { UseTransferOptions } from '../../client/useTransfer.js';
export {
  transferKeys,
  transferPageQueryOptions,
  transferQueryOptions,
  transferPageSize,
  MAX_TRANSFER_PAGE_SIZE,
} from '../../client/transferQueries.js';
export type { TransferFilters, TransferPageParams } from '../../client/transferQueries.js';
export type { TransferListMessages } from '../messages/transferList/types.js';
