import { zonedDateTimeFormat } from '../shared/intl.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall clock's fields, numeric; one object, so the formatter is cached once (intl.ts). */
const wallClock: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of zonedDateTimeFormat('en-US', timeZone, wallClock).formatToParts(instant)) {
    parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a day starts in `timeZone` (daylight saving time included), as ms since the epoch. */
function dayStart(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - offsetAt(wall, timeZone);
  // Once more from the guess: the offset may differ between midnight UTC and midnight there.
  return wall - offsetAt(guess, timeZone);
}

/**
 * The instants a range of days covers in the page's time zone, as the API's `start_date` and
 * `end_date` (ISO 8601 date-times, docs/api.md#list-transfers): from the first day's start to
 * the last second of the last day, so "20 November" in New York is what happened there that day.
 * A day that is not `YYYY-MM-DD`, or a zone Intl does not know, is sent as the day itself.
 */
export function dayBounds(day: string | undefined, timeZone: string, edge: 'start' | 'end'): string | undefined {
  const match = day === undefined ? null : DAY.exec(day);
  if (match === null) return day || undefined;
  const [, year = 0, month = 1, date = 1] = match.map(Number);
  try {
    return new Date(edge === 'start' ? dayStart(year, month, date, timeZone) : dayStart(year, month, date + 1, timeZone) - 1000).toISOString();
  } catch {
    return day;
  }
}
