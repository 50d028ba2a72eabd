import { parseTimestamp } from './parseTimestamp.js';
import { dateTimeFormat } from './intl.js';
import { resolveLocale } from './resolveLocale.js';

/** Which fields to show; the zone is not among them, it is always the explicit `timeZone`. */
export type DateFormat = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

/** Options of {@link formatDateToParts} and `formatDate`. */
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

/**
 * Formats an ISO 8601 timestamp with `Intl.DateTimeFormat#formatToParts` in an explicit time
 * zone, or returns `null` when the text is not a timestamp the kit can read (`parseTimestamp`);
 * the caller then shows the text verbatim (the legacy `date` format is not specified, §2.1).
 *
 * A date-only value (`2024-03-07`) names a calendar day, not an instant, so it is shown as that
 * day whatever `timeZone` is (formatting it at midnight UTC in New York would show the 6th).
 */
export function formatDateToParts(
  value: string,
  options: FormatDateOptions = {},
): Intl.DateTimeFormatPart[] | null {
  const parsed = parseTimestamp(value);
  if (!parsed) return null;
  const locale = resolveLocale(options.locale);
  const timeZone = parsed.dateOnly ? 'UTC' : (options.timeZone ?? 'UTC');
  const format = options.format ?? (parsed.dateOnly ? defaultDateFormat : defaultDateTimeFormat);
  return dateTimeFormat(locale, { ...format, timeZone }).formatToParts(parsed.date);
}
