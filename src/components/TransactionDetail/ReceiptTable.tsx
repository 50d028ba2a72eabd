'use client';
import { useId } from 'react';
import { Money } from '../shared/money/Money.js';
import type { TransactionDetailWords } from './defaultMessages.js';
import type { ReceiptView } from './toTransactionView.js';
import { numberFormat } from '../shared/intl.js';
import { neutralizeBidi } from '../shared/neutralizeBidi.js';

/** Props of {@link ReceiptTable}. */
export interface ReceiptTableProps {
  /** The receipt, from `toTransactionView`, totals already computed exactly. */
  receipt: ReceiptView;
  /** Resolved BCP 47 locale for the amounts and quantities. */
  locale: string;
  /** The resolved catalogue: caption, column and breakdown words. */
  messages: TransactionDetailWords;
}

const COLUMNS = 5;

/**
 * The legacy receipt as a real table: one row per item with its line total
 * (unit amount × quantity, computed exactly), then the breakdown and the grand total
 * (items total + tax + shipping, exactly). Amounts are cents, like every amount of the API.
 * The scroll wrapper is focusable and labelled so a keyboard user can scroll a narrow table.
 */
export function ReceiptTable({ receipt, locale, messages }: ReceiptTableProps) {
  const captionId = useId();
  // Quantities are plain numbers that may carry decimals: all of them are shown, none rounded away.
  const quantity = numberFormat(locale, { maximumFractionDigits: 20 });
  const money = (amount: number | string) => Money({ amount, locale, messages });
  // The breakdown, then the grand total, which the last row's class sets apart.
  const footer: [string, number | string][] = [
    [messages.receiptItemsTotal, receipt.itemsTotal],
    [messages.receiptTax, receipt.tax],
    [messages.receiptShipping, receipt.shipping],
    [messages.receiptGrandTotal, receipt.grandTotal],
  ];
  return (
    <div className="pk-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="pk-table pk-receipt">
        <caption id={captionId}>{messages.receiptCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.receiptName}</th>
            <th scope="col">{messages.receiptDescription}</th>
            <th scope="col" className="pk-table__num">{messages.receiptQuantity}</th>
            <th scope="col" className="pk-table__num">{messages.receiptUnitAmount}</th>
            <th scope="col" className="pk-table__num">{messages.receiptLineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="pk-receipt__empty">{messages.receiptEmpty}</td>
            </tr>
          ) : (
            receipt.lines.map((line) => (
              <tr key={line.key}>
                <th scope="row"><bdi>{neutralizeBidi(line.name)}</bdi></th>
                <td><bdi>{neutralizeBidi(line.description)}</bdi></td>
                <td className="pk-table__num">
                  {/* Isolated: in right-to-left text a negative quantity keeps its sign before its digits. */}
                  <bdi>{Number.isNaN(line.quantity) ? messages.valueMissing : quantity.format(line.quantity)}</bdi>
                </td>
                <td className="pk-table__num">{money(line.unitAmount)}</td>
                <td className="pk-table__num">{money(line.lineTotal)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          {footer.map(([label, amount], index) => (
            <tr key={index} className={index < 3 ? 'pk-receipt__breakdown' : 'pk-table__total'}>
              <th scope="row" colSpan={COLUMNS - 1}>{label}</th>
              <td className="pk-table__num">{money(amount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
