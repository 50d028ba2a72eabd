import { transactionDetailEn } from '../messages/en/transactionDetail.js';
import { sharedEn } from '../messages/en/shared.js';
import type { SharedMessages, TransactionDetailMessages } from '../messages/types.js';

/** The words `TransactionDetail` shows: its own and the shared states'. */
export type TransactionDetailWords = SharedMessages & TransactionDetailMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: TransactionDetailWords = { ...sharedEn, ...transactionDetailEn };
