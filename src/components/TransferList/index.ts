'use client';
// payments-kit/transfers: the transfer list, its hooks and its words, an entry of its own so that
// pages without a list do not carry it (docs/components.md#transferlist).
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
export { loadTransferListMessages } from '../messages/transferList/loadTransferListMessages.js';
export { transferListEn as transferListMessagesEn } from '../messages/transferList/en.js';
export { transferListEs as transferListMessagesEs } from '../messages/transferList/es.js';
export { transferListFr as transferListMessagesFr } from '../messages/transferList/fr.js';
export { transferListDe as transferListMessagesDe } from '../messages/transferList/de.js';
export { transferListIt as transferListMessagesIt } from '../messages/transferList/it.js';
export { transferListNl as transferListMessagesNl } from '../messages/transferList/nl.js';
export { transferListPtBR as transferListMessagesPtBR } from '../messages/transferList/ptBR.js';
export { transferListJa as transferListMessagesJa } from '../messages/transferList/ja.js';
export { transferListAr as transferListMessagesAr } from '../messages/transferList/ar.js';
export { transferListZhCN as transferListMessagesZhCN } from '../messages/transferList/zhCN.js';
export { transferListPl as transferListMessagesPl } from '../messages/transferList/pl.js';
export { transferListHe as transferListMessagesHe } from '../messages/transferList/he.js';
export type { TransferListMessages } from '../messages/transferList/types.js';
