import { sharedEn } from '../messages/en/shared.js';
import { transactionDetailEn } from '../messages/en/transactionDetail.js';
import { transferListEn } from '../messages/transferList/en.js';
import type { TransferListMessages } from '../messages/transferList/types.js';
import type { MessageOverrides, SharedMessages, TransactionDetailMessages } from '../messages/types.js';

/** The words of the kit's main catalogue that `TransferList` shows beside its own. */
type TransferWords = Pick<TransactionDetailMessages, 'transferStatuses' | 'transferTypes' | 'transactionTypes'>;

/** The words `TransferList` shows: the shared states', the transfer words and its own. */
export type TransferListWords = SharedMessages & TransferWords & TransferListMessages;

/**
 * What a host may give `TransferList` as `messages`: any of the kit's words (a whole catalogue
 * such as `messagesFr`) and any of the list's own (`transferListMessagesFr`), or both spread together.
 */
export type TransferListMessageOverrides = MessageOverrides & Partial<TransferListMessages>;

/** English, the default. */
export const defaultMessages: TransferListWords = {
  ...sharedEn,
  transferStatuses: transactionDetailEn.transferStatuses,
  transferTypes: transactionDetailEn.transferTypes,
  transactionTypes: transactionDetailEn.transactionTypes,
  ...transferListEn,
};
