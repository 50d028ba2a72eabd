import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- dayBounds of components/TransferList/dayBounds, which no entry exports
import { dayBounds } from '../../src/components/TransferList/dayBounds.js';

describe('dayBounds: the instants a day of the page covers, sent as start_date and end_date', () => {
  it('should start and end the day in the page time zone, daylight saving time included', () => {
    expect(dayBounds('2026-11-20', 'UTC', 'start')).toBe('2026-11-20T00:00:00.000Z');
    expect(dayBounds('2026-11-20', 'UTC', 'end')).toBe('2026-11-20T23:59:59.000Z');
    // New York is UTC-5 in November, UTC-4 in July.
    expect(dayBounds('2026-11-20', 'America/New_York', 'start')).toBe('2026-11-20T05:00:00.000Z');
    expect(dayBounds('2026-07-04', 'America/New_York', 'end')).toBe('2026-07-05T03:59:59.000Z');
    // The day the clocks go back (1 November 2026 there) is 25 hours long.
    expect(dayBounds('2026-11-01', 'America/New_York', 'start')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayBounds('2026-11-01', 'America/New_York', 'end')).toBe('2026-11-02T04:59:59.000Z');
    expect(dayBounds('2026-03-10', 'Asia/Tokyo', 'start')).toBe('2026-03-09T15:00:00.000Z');
  });

  it('should send no filter for an empty field, and the text itself when it is no day or the zone is unknown', () => {
    expect(dayBounds('', 'UTC', 'start')).toBeUndefined();
    expect(dayBounds(undefined, 'UTC', 'end')).toBeUndefined();
    expect(dayBounds('2026-11-20', 'Mars/Olympus', 'start')).toBe('2026-11-20');
    expect(dayBounds('2026-11-20T10:00:00Z', 'UTC', 'start')).toBe('2026-11-20T10:00:00Z');
  });
});
