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


const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

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
  // RFC 7231's IMF-fixdate, the legacy interface's `date` (`Mon, 21 Feb 2022 21:08:49 GMT`), is
  // exactly what toUTCString() writes, and ECMAScript requires Date.parse to read that back. Only
  // a value that round-trips is taken: no other form, and no rolling over (31 Feb, a wrong weekday).
  const http = new Date(Date.parse(value));
  if (http.toUTCString() === value) return { date: http, dateOnly: false };
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, offsetSign, offsetHours, offsetMinutes] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
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
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  date.setTime(date.getTime() - offset * 60_000);
  if (Number.isNaN(date.getTime())) return null;
  return { date, dateOnly: h === undefined };
}
