import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- components/shared/dates/formatDate, the module this file tests
import { formatDate } from '../../../../src/components/shared/dates/formatDate.js';
// eslint-disable-next-line no-restricted-imports -- prepareDate, FormatDateOptions of components/shared/dates/prepareDate, which no entry exports
import { prepareDate, type FormatDateOptions } from '../../../../src/components/shared/dates/prepareDate.js';
// eslint-disable-next-line no-restricted-imports -- parseTimestamp of components/shared/dates/parseTimestamp, which no entry exports
import { parseTimestamp } from '../../../../src/components/shared/dates/parseTimestamp.js';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** The parts Intl makes of a timestamp `prepareDate` read, to check each field. */
function formatDateToParts(value: string, options: FormatDateOptions): Intl.DateTimeFormatPart[] | null {
  const prepared = prepareDate(value, options);
  return prepared === null ? null : prepared.formatter.formatToParts(prepared.parsed.date);
}

const locale = fc.constantFrom('en', 'es');
const instant = fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
const numeric = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;

function fields(parts: Intl.DateTimeFormatPart[] | null) {
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts?.find((part) => part.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}
function utcFields(date: Date) {
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
}

describe('given an ISO 8601 date-time', () => {
  it('should render the same text whatever the process TZ is (only the timeZone option counts)', async () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
    // Guard: the test only means something if changing TZ really changes local time here.
    process.env.TZ = 'Asia/Kolkata';
    expect(new Date(0).getTimezoneOffset()).toBe(-330);
    // One fresh module per zone, first used under that zone: the formatter cache must not
    // hide a formatter that picked up the runtime's zone when it was built.
    const instances: (typeof formatDate)[] = [];
    for (const zone of zones) {
      process.env.TZ = zone;
      vi.resetModules();
      const { formatDate: fresh } = await import('../../../../src/components/shared/dates/formatDate.js');
      fresh('2000-01-01T00:00:00Z', { locale: 'en' });
      fresh('2000-01-01T00:00:00Z', { locale: 'es' });
      instances.push(fresh);
    }
    fc.assert(
      fc.property(instant, locale, fc.constantFrom(undefined, 'UTC', 'America/New_York'), (date, tag, timeZone) => {
        const iso = date.toISOString();
        const seen = instances.map((fresh, index) => {
          process.env.TZ = zones[index];
          return fresh(iso, { locale: tag, timeZone });
        });
        expect(new Set(seen).size).toBe(1);
      }),
      { numRuns: 150 },
    );
  });

  it('should show the UTC wall-clock fields by default, in en and es', () => {
    fc.assert(
      fc.property(instant, locale, (date, tag) => {
        process.env.TZ = 'America/Los_Angeles';
        const parts = formatDateToParts(date.toISOString(), { locale: tag, format: numeric });
        expect(fields(parts)).toEqual(utcFields(date));
      }),
      { numRuns: 300 },
    );
  });

  it('should show the fields of the explicit timeZone', () => {
    // Etc/GMT-14 is a fixed UTC+14 zone, so the expected fields are plain arithmetic.
    fc.assert(
      fc.property(instant, locale, (date, tag) => {
        const parts = formatDateToParts(date.toISOString(), { locale: tag, timeZone: 'Etc/GMT-14', format: numeric });
        expect(fields(parts)).toEqual(utcFields(new Date(date.getTime() + 14 * 3_600_000)));
      }),
      { numRuns: 200 },
    );
  });

  it('should read the legacy date in RFC 7231 form as UTC, and refuse one that names no real day', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(parseTimestamp('Mon, 21 Feb 2022 21:08:49 GMT')?.date.toISOString()).toBe('2022-02-21T21:08:49.000Z');
    expect(formatDate('Mon, 21 Feb 2022 21:08:49 GMT', { locale: 'en' })).toMatch(/^Feb 21, 2022, 9:08\s?PM UTC$/);
    for (const wrong of ['Mon, 31 Feb 2022 21:08:49 GMT', 'Tue, 21 Feb 2022 21:08:49 GMT', 'Mon, 21 Feb 2022 25:08:49 GMT', 'Mon, 21 Feb 2022 21:08:49 UTC']) {
      expect(parseTimestamp(wrong), wrong).toBeNull();
      expect(formatDate(wrong, { locale: 'en' }), wrong).toBe(wrong);
    }
  });

  it('should read a date-time without an offset as UTC (v2 `created`) and honour explicit offsets', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(parseTimestamp('2021-03-07T12:00:00')?.date.toISOString()).toBe('2021-03-07T12:00:00.000Z');
    expect(parseTimestamp('2021-03-07 12:00')?.date.toISOString()).toBe('2021-03-07T12:00:00.000Z');
    expect(parseTimestamp('2021-03-07T12:00:00.123456+02:00')?.date.toISOString()).toBe('2021-03-07T10:00:00.123Z');
    expect(parseTimestamp('0099-01-01T00:00:00Z')?.date.getUTCFullYear()).toBe(99);
    expect(formatDate('2021-03-07T12:00:00Z', { locale: 'en' })).toMatch(/^Mar 7, 2021, 12:00\s?PM UTC$/);
    expect(formatDate('2021-03-07T12:00:00Z', { locale: 'es' })).toBe('7 mar 2021, 12:00 UTC');
  });

  it('should show a date-only value as that calendar day in any time zone', () => {
    expect(formatDate('2024-03-07', { locale: 'en', timeZone: 'America/New_York' })).toBe('Mar 7, 2024');
    expect(formatDate('2024-03-07', { locale: 'en', timeZone: 'Pacific/Kiritimati' })).toBe('Mar 7, 2024');
  });

  it('should throw a RangeError for an unknown time zone', () => {
    expect(() => formatDate('2021-03-07T12:00:00Z', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('given a date string in an undocumented format (the legacy date)', () => {
  it('should return any text that is not an ISO 8601 timestamp verbatim', () => {
    const notIso = fc.string().filter((text) => !/^\s*\d{4}-\d{2}-\d{2}/.test(text));
    fc.assert(
      fc.property(notIso, locale, (text, tag) => {
        expect(formatDate(text, { locale: tag })).toBe(text);
      }),
    );
    for (const text of ['07/03/2021', 'March 7, 2021', '1615118400', '', 'yesterday']) {
      expect(formatDate(text, { locale: 'en' })).toBe(text);
    }
  });

  it('should refuse impossible fields instead of rolling them over', () => {
    for (const text of ['2021-02-29', '2021-13-01', '2021-04-31', '2021-03-07T24:00', '2021-03-07T12:60', '2021-03-07T12:00+25:00']) {
      expect(parseTimestamp(text)).toBeNull();
      expect(formatDate(text, { locale: 'en' })).toBe(text);
    }
    expect(parseTimestamp('2024-02-29')).not.toBeNull();
  });
});
