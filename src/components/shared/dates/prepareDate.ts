import { parseTimestamp, type ParsedTimestamp } from './parseTimestamp.js';
import { zonedDateTimeFormat } from '../intl.js';
import { resolveLocale } from '../resolveLocale.js';

/** Which fields to show; the zone is not among them, it is always the explicit `timeZone`. */
export type DateFormat = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

/** Options of {@link prepareDate} and `formatDate`. */
export interface FormatDateOptions {
  /** BCP 47 locale; malformed or unsupported tags fall back to `en`. */
  locale?: string | undefined;
  /**
   * IANA time zone to show instants in. Defaults to `UTC` so that the server and the browser
   * render the same text (the runtime's own zone is never used). Throws a `RangeError` if Intl
   * does not know the zone.
   */
  timeZone?: string | undefined;
  /** Fields to show. Defaults to {@link defaultDateTimeFormat} (or {@link defaultDateFormat} for a date-only value). */
  format?: DateFormat | undefined;
}

/** Date, time to the minute and the zone's short name: "Mar 7, 2021, 12:00 PM UTC". */
export const defaultDateTimeFormat: DateFormat = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A calendar date: "Mar 7, 2021". */
export const defaultDateFormat: DateFormat = { year: 'numeric', month: 'short', day: 'numeric' };

/** A timestamp ready to be formatted: what was read, and the formatter for it. */
export interface PreparedDate {
  readonly parsed: ParsedTimestamp;
  readonly formatter: Intl.DateTimeFormat;
}

/**
 * Reads `value` (`parseTimestamp`) and picks its formatter, or returns `null` when the text is
 * not a timestamp the kit can read; the caller then shows the text verbatim (the legacy `date`
 * format is not documented). Throws a `RangeError` for a time zone Intl does not know.
 *
 * A date-only value (`2024-03-07`) names a calendar day, not an instant, so it is shown as that
 * day whatever `timeZone` is (formatting it at midnight UTC in New York would show the 6th).
 */
export function prepareDate(value: string, options: FormatDateOptions = {}): PreparedDate | null {
  const parsed = parseTimestamp(value);
  if (!parsed) return null;
  const locale = resolveLocale(options.locale);
  const timeZone = parsed.dateOnly ? 'UTC' : (options.timeZone ?? 'UTC');
  const format = options.format ?? (parsed.dateOnly ? defaultDateFormat : defaultDateTimeFormat);
  return { parsed, formatter: zonedDateTimeFormat(locale, timeZone, format) };
}
