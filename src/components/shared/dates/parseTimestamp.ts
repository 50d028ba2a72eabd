/** A timestamp the kit could read. */
export interface ParsedTimestamp {
  /** The instant (for a date-only value: midnight UTC of that calendar day). */
  readonly date: Date;
  /** `true` for a calendar date without a time (`2024-03-07`): it names a day, not an instant. */
  readonly dateOnly: boolean;
}

// ISO 8601 / RFC 3339: date, optional time ("T" or a space), optional fraction, optional offset.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;

/**
 * Reads an ISO 8601 date or date-time, or an RFC 7231 date (`Mon, 21 Feb 2022 21:08:49 GMT`), or
 * returns `null`.
 *
 * Why not `Date.parse`: its handling of anything but the exact ECMAScript format is
 * implementation-defined (the server and the browser could disagree), and it reads a date-time
 * without an offset in the *runtime's* time zone. Here a date-time without an offset is UTC,
 * as the API documents v2 `created` (docs/api.md#read-a-transaction), so the result never
 * depends on `TZ`.
 * Out-of-range fields (month 13, 30 February, 24:00) are refused, not rolled over.
 */
export function parseTimestamp(value: string): ParsedTimestamp | null {
  // ISO first: it is what the v2 interface sends. The two forms cannot both match (an ISO value
  // starts with its year, an IMF-fixdate with a weekday), so the order changes no result.
  const match = TIMESTAMP.exec(value.trim());
  if (!match) {
    // RFC 7231's IMF-fixdate, the legacy interface's `date` (`Mon, 21 Feb 2022 21:08:49 GMT`), is
    // exactly what toUTCString() writes, and ECMAScript requires Date.parse to read that back.
    // Only a value that round-trips is taken: no other form, and no rolling over (31 Feb, a wrong
    // weekday).
    const http = new Date(Date.parse(value));
    return http.toUTCString() === value ? { date: http, dateOnly: false } : null;
  }
  const [, y, mo, d, h, mi, s, fraction, zulu, offsetSign, offsetHours, offsetMinutes] = match;
  const month = Number(mo) - 1;
  const day = Number(d);
  const hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(s ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const millisecond = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  let offset = 0;
  if (zulu === undefined && offsetSign !== undefined) {
    const oh = Number(offsetHours);
    const om = Number(offsetMinutes);
    if (oh > 23 || om > 59) return null;
    offset = (offsetSign === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(y), month, day);
  // A day the month lacks (30 February, day 00) or a month 00 or 13 rolls over into another
  // month, which is how it is caught: refused, not rolled over. Date follows the Gregorian
  // calendar's leap years back to year 0, as ISO 8601 does.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, millisecond);
  date.setTime(date.getTime() - offset * 60_000);
  if (Number.isNaN(date.getTime())) return null;
  return { date, dateOnly: h === undefined };
}
