import { formatMessage } from './formatMessage.js';
import { numberFormat, pluralCategories, pluralRules } from './intl.js';
import type { PluralMessage } from '../messages/types.js';
import { fallbackLocale, resolveLocale } from './resolveLocale.js';

/**
 * Picks the plural form of `message` for `count` with `Intl.PluralRules` and fills `{count}`
 * with the count formatted for the locale (`1.000.000` in `es`), plus any other `values`:
 * `formatPlural(en.transferTransactionsCount, 1, 'en')` → "1 transaction".
 * A category the message lacks falls back to `other`; a `zero` form is used for an exact 0 in every
 * language (where the locale's rules would pick another form for it, as pt-BR's `one`).
 *
 * The rules are the locale's, unless the message is visibly in another language: one with a form
 * the locale never selects (`one` under `ja` or `zh`, whose only form is `other`) is read with the
 * rules of the kit's fallback words, English — so English words shown with `locale="ko"` (no
 * Korean catalogue) say "1 transaction", while the count is still written for `ko`.
 */
export function formatPlural(
  message: PluralMessage,
  count: number,
  locale: string | undefined,
  values: Readonly<Record<string, string>> = {},
): string {
  const tag = resolveLocale(locale);
  const used: readonly string[] = pluralCategories(tag);
  // `zero` is also an exact 0's form where the rules file 0 elsewhere (pt-BR's `one`).
  const rules = Object.keys(message).every((key) => key === 'zero' || used.includes(key)) ? tag : fallbackLocale;
  const template = (count === 0 && message.zero) || (message[pluralRules(rules).select(count)] ?? message.other);
  return formatMessage(template, { ...values, count: numberFormat(tag).format(count) });
}
