import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- components/shared/intl, the module this file tests
import {
  currencyDigits,
  currencyFormat,
  numberFormat,
  pluralRules,
  zonedDateTimeFormat,
} from '../../../src/components/shared/intl.js';

describe('given the Intl formatter cache', () => {
  it('should build one formatter per locale and options, and reuse it', () => {
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(numberFormat('en', { style: 'currency', currency: 'USD' }));
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).not.toBe(numberFormat('es', { style: 'currency', currency: 'USD' }));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { maximumFractionDigits: 20 }));
    const dateOnly = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    expect(zonedDateTimeFormat('en', 'UTC', dateOnly)).toBe(zonedDateTimeFormat('en', 'UTC', dateOnly));
    // Another object with the same fields is the same format.
    expect(zonedDateTimeFormat('en', 'UTC', { ...dateOnly })).toBe(zonedDateTimeFormat('en', 'UTC', dateOnly));
    expect(zonedDateTimeFormat('en', 'UTC', dateOnly)).not.toBe(zonedDateTimeFormat('en', 'Asia/Tokyo', dateOnly));
    expect(zonedDateTimeFormat('en', 'UTC', dateOnly)).not.toBe(zonedDateTimeFormat('en', 'UTC', { ...dateOnly, month: 'long' }));
    expect(currencyFormat('en', 'USD', 2, 4)).toBe(currencyFormat('en', 'USD', 2, 4));
    expect(currencyFormat('en', 'USD', 2, 4)).not.toBe(currencyFormat('en', 'USD', 2, 2));
    expect(currencyFormat('en', 'USD')).not.toBe(currencyFormat('en', 'EUR'));
    expect(pluralRules('es')).toBe(pluralRules('es'));
  });

  it('should give formatters that format for their own options, however many were built', () => {
    // Past the bound the cache starts over; every answer must still be right.
    for (let digits = 0; digits <= 20; digits++) {
      for (const locale of ['en', 'es', 'de', 'ja', 'fr', 'pt', 'it']) {
        expect(numberFormat(locale, { minimumFractionDigits: digits }).resolvedOptions().minimumFractionDigits).toBe(digits);
      }
    }
    expect(zonedDateTimeFormat('en', 'Asia/Tokyo', { hour: 'numeric', hourCycle: 'h23' }).format(new Date('2026-01-01T00:00:00Z'))).toBe('09');
    expect(currencyFormat('en', 'USD', 0, 3).format('1.125')).toBe('$1.125');
    expect(currencyFormat('en', 'JPY').format(5)).toBe('¥5');
  });

  it("should give each currency its own number of minor digits, from Intl", () => {
    expect(currencyDigits('en', 'USD')).toBe(2);
    expect(currencyDigits('en', 'JPY')).toBe(0);
    expect(currencyDigits('en', 'KWD')).toBe(3);
    expect(currencyDigits('es', 'USD')).toBe(2);
    expect(pluralRules('en').select(1)).toBe('one');
  });
});
