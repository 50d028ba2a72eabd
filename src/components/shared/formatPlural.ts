import { formatMessage } from './formatMessage.js';
import { numberFormat, pluralRules } from './intl.js';
import type { PluralMessage } from './messages/types.js';
import { resolveLocale } from './resolveLocale.js';

/**
 * Picks the plural form of `message` for `count` with `Intl.PluralRules` and fills `{count}`
 * with the count formatted for the locale (`1.000.000` in `es`), plus any other `values`:
 * `formatPlural(en.transferTransactionsCount, 1, 'en')` → "1 transaction".
 * A category the message lacks falls back to `other`.
 */
export function formatPlural(
  message: PluralMessage,
  count: number,
  locale: string | undefined,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const tag = resolveLocale(locale);
  const category = pluralRules(tag).select(count);
  const template = message[category] ?? message.other;
  return formatMessage(template, { ...values, count: numberFormat(tag).format(count) });
}
