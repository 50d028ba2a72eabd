import { prepareMoney, type FormatMoneyOptions } from './prepareMoney.js';

export type { FormatMoneyOptions, MoneyUnit } from './prepareMoney.js';

/**
 * Formats an amount of money as text, exactly (see `prepareMoney` for the rules):
 * `formatMoney(123456, { locale: 'en' })` → `$1,234.56`;
 * `formatMoney(12.5, { locale: 'es', unit: 'major' })` → `12,50 US$`.
 * Throws a `RangeError` for an amount it refuses to round; `<Money>` shows a fallback instead.
 */
export function formatMoney(amount: number | string, options: FormatMoneyOptions = {}): string {
  const { formatter, numeral } = prepareMoney(amount, options);
  return formatter.format(numeral);
}
