import type { ReactNode } from 'react';
import type { TransferResource } from '../../api/index.js';
import { FormattedDate } from '../shared/dates/FormattedDate.js';
import { Money } from '../shared/money/Money.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';
import { StatusBadge } from '../shared/StatusBadge.js';
import type { TransferListWords } from './defaultMessages.js';

/** One value of a transfer as a row and the detail show it: its column, its label, the value. */
export type TransferCell = readonly [column: string, label: string, value: ReactNode];

/**
 * A transfer's amount (money, from cents), status (words and tone), type (words, or the raw
 * value) and date (in the page's time zone), each with its label; a missing value reads "None".
 * `Money`, `StatusBadge` and `FormattedDate` are called as functions, without a component each
 * per row (they hold no hooks; test/components/shared/hookFree.test.tsx keeps them so).
 */
export function transferCells(transfer: TransferResource, messages: TransferListWords, locale: string, timeZone: string): TransferCell[] {
  return [
    ['amount', messages.transferListAmount, Money({ amount: transfer.amount, locale, messages })],
    ['status', messages.transferListStatus, StatusBadge({ kind: 'transfer', status: transfer.status, messages })],
    ['type', messages.transferListType, transfer.type ? <bdi>{openEnumLabel(transfer.type, messages.transferTypes)}</bdi> : messages.valueMissing],
    ['date', messages.transferListDate, transfer.created ? FormattedDate({ value: transfer.created, locale, timeZone }) : messages.valueMissing],
  ];
}
