import { en } from './messages/en.js';
import { es } from './messages/es.js';
import type { MessageOverrides, PaymentsMessages } from './messages/types.js';

function languageOf(locale: string | undefined): string {
  if (locale === undefined) return 'en';
  try {
    return new Intl.Locale(locale).language;
  } catch {
    // A malformed tag must not crash the host page; English is the documented fallback.
    return 'en';
  }
}

/**
 * The messages for a locale: the shipped catalogue of its language (`es-MX` → `es`; any
 * language without one → `en`), with the host's overrides merged on top. A record or plural
 * override replaces only the entries it names. Keys the kit does not know, and values that are
 * not strings, are ignored (a host on plain JS cannot break the text with a typo).
 * Returns the shipped catalogue itself when there is nothing to override.
 */
export function resolveMessages(
  locale: string | undefined,
  overrides?: MessageOverrides,
): PaymentsMessages {
  const base: PaymentsMessages = languageOf(locale) === 'es' ? es : en;
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides) as [string, unknown][]) {
    if (!Object.hasOwn(base, key)) continue;
    const current = (base as unknown as Record<string, unknown>)[key];
    if (typeof current === 'string') {
      if (typeof value === 'string') merged[key] = value;
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      merged[key] = { ...(current as Record<string, string>), ...Object.fromEntries(entries) };
    }
  }
  return merged as unknown as PaymentsMessages;
}
