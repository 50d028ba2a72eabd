// Building an Intl formatter is far slower than using one (locale data is resolved on each
// construction), and a list of 200 transactions formats thousands of values: every formatter
// of the kit comes from here, built once per locale and options.

const MAX_ENTRIES = 128;
const cache = new Map<string, object>();

function cached<T extends object>(key: string, make: () => T): T {
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
  return cached(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string): Intl.PluralRules {
  return cached(`plural|${locale}`, () => new Intl.PluralRules(locale));
}
