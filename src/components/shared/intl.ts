// Building an Intl formatter is far slower than using one (locale data is resolved on each
// construction), and a list of 200 transactions formats thousands of values: every formatter
// of the kit comes from here, built once per locale and options.

const MAX_ENTRIES = 128;
const cache = new Map<string, unknown>();

/**
 * Formatters, and what is read from them once (a currency's digits, a locale's plural forms), by
 * key: one letter for the kind of entry, then its inputs.
 */
function cached<T extends object | number>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    // Keys come from a handful of locales, time zones and formats; the bound only guards
    // against a host cycling through many time zones.
    if (cache.size >= MAX_ENTRIES) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/**
 * A currency formatter with the given fraction digits (the currency's own when omitted). Keyed
 * by its four inputs rather than by serialised options: it is asked once per amount shown.
 */
export function currencyFormat(
  locale: string,
  currency: string,
  minimumFractionDigits?: number,
  maximumFractionDigits?: number,
): Intl.NumberFormat {
  return cached(`c|${locale}|${currency}|${minimumFractionDigits ?? ''}|${maximumFractionDigits ?? ''}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits, maximumFractionDigits }),
  );
}

/** The currency's own number of minor digits (2 for `USD`, 0 for `JPY`), from CLDR via Intl. */
export function currencyDigits(locale: string, currency: string): number {
  return cached(
    `d|${locale}|${currency}`,
    () => currencyFormat(locale, currency).resolvedOptions().maximumFractionDigits ?? 2,
  );
}

/** Serialised date formats, by identity: the kit's default formats are module constants. */
const formatKeys = new WeakMap<Intl.DateTimeFormatOptions, string>();

/**
 * A date formatter for `format` shown in `timeZone`. `format` is serialised once per object, so
 * a component passing the same format object pays no `JSON.stringify` per date.
 */
export function zonedDateTimeFormat(
  locale: string,
  timeZone: string,
  format: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatKey = formatKeys.get(format);
  if (formatKey === undefined) {
    formatKey = JSON.stringify(format);
    formatKeys.set(format, formatKey);
  }
  return cached(`z|${locale}|${timeZone}|${formatKey}`, () => new Intl.DateTimeFormat(locale, { ...format, timeZone }));
}

export function pluralRules(locale: string): Intl.PluralRules {
  return cached(`p|${locale}`, () => new Intl.PluralRules(locale));
}

/** The plural categories `locale` selects (`one`, `other`…), read from its rules once. */
export const pluralCategories = (locale: string): string[] =>
  cached(`k|${locale}`, () => pluralRules(locale).resolvedOptions().pluralCategories);
