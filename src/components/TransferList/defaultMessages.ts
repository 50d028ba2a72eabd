import { sharedEn } from '../messages/en/shared.js';
import { transferListEn } from '../messages/transferList/en.js';
import type { TransferListMessages } from '../messages/transferList/types.js';
import type { knownTransactionTypes } from '../../api/index.js';
import type { MessageOverrides, SharedMessages, TransactionDetailMessages } from '../messages/types.js';

/** The words of the kit's main catalogue that `TransferList` shows beside its own. */
type TransferWords = Pick<TransactionDetailMessages, 'transferStatuses' | 'transferTypes' | 'transferStatusChanged'> & {
  /** A transfer's transactions are v2 ones: the legacy types (`wallet`, `credit`) never show here. */
  transactionTypes: Record<(typeof knownTransactionTypes)[number], string>;
};

/** The words `TransferList` shows: the shared states', the transfer words and its own. */
export type TransferListWords = SharedMessages & TransferWords & TransferListMessages;

/**
 * What a host may give `TransferList` as `messages`: any of the kit's words (a whole catalogue
 * such as `messagesFr`) and any of the list's own (`transferListMessagesFr`), or both spread together.
 */
export type TransferListMessageOverrides = MessageOverrides & Partial<TransferListMessages>;

/**
 * English, the default. The statuses' and types' words are `TransactionDetail`'s English ones
 * (test/components/TransferList.test.tsx holds them equal), written here rather than imported:
 * its English module would bring all its other words into the list's bundle. A host's catalogue
 * (`messagesFr`) gives them in its language to both components at once.
 */
export const defaultMessages: TransferListWords = {
  ...sharedEn,
  transferStatuses: {
    created: 'Created',
    pending: 'Pending',
    failed: 'Failed',
    completed: 'Completed',
    reversed: 'Reversed',
    canceled: 'Canceled',
    flagged: 'Under review',
  },
  transferTypes: {
    refill: 'Top-up',
    payout: 'Payout',
    balance: 'Balance transfer',
    payment: 'Payment',
    settlement: 'Settlement',
    payable: 'Vendor payment',
  },
  transactionTypes: {
    balance: 'Balance transfer',
    refill: 'Top-up',
    payout: 'Payout',
    payment: 'Payment',
    fee: 'Fee',
    surrogate: 'Surrogate',
  },
  transferStatusChanged: 'Transfer status changed to {status}',
  ...transferListEn,
};
