import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules } from '../../../src/components/shared/intl.js';

describe('given the Intl formatter cache', () => {
  it('should build one formatter per locale and options, and reuse it', () => {
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(numberFormat('en', { style: 'currency', currency: 'USD' }));
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).not.toBe(numberFormat('es', { style: 'currency', currency: 'USD' }));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { maximumFractionDigits: 20 }));
    expect(dateTimeFormat('en', { timeZone: 'UTC' })).toBe(dateTimeFormat('en', { timeZone: 'UTC' }));
    expect(dateTimeFormat('en', { timeZone: 'UTC' })).not.toBe(dateTimeFormat('en', { timeZone: 'Asia/Tokyo' }));
    expect(pluralRules('es')).toBe(pluralRules('es'));
  });

  it('should give formatters that format for their own options, however many were built', () => {
    // Past the bound the cache starts over; every answer must still be right.
    for (let digits = 0; digits <= 20; digits++) {
      for (const locale of ['en', 'es', 'de', 'ja', 'fr', 'pt', 'it']) {
        expect(numberFormat(locale, { minimumFractionDigits: digits }).resolvedOptions().minimumFractionDigits).toBe(digits);
      }
    }
    expect(dateTimeFormat('en', { timeZone: 'Asia/Tokyo', hour: 'numeric', hourCycle: 'h23' }).format(new Date('2026-01-01T00:00:00Z'))).toBe('09');
    expect(pluralRules('en').select(1)).toBe('one');
  });
});
