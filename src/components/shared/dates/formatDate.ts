import { prepareDate, type FormatDateOptions } from './prepareDate.js';

export type { DateFormat, FormatDateOptions } from './prepareDate.js';

/**
 * Formats an ISO 8601 timestamp in an explicit time zone (default `UTC`), or returns the text
 * unchanged when it is not one: `formatDate('2021-03-07T12:00:00Z', { locale: 'en' })` →
 * "Mar 7, 2021, 12:00 PM UTC"; `formatDate('07/03/2021')` → "07/03/2021".
 * Throws a `RangeError` for a time zone Intl does not know (`<FormattedDate>` falls back to the text).
 */
export function formatDate(value: string, options: FormatDateOptions = {}): string {
  const prepared = prepareDate(value, options);
  return prepared === null ? value : prepared.formatter.format(prepared.parsed.date);
}
