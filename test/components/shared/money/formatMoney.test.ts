import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- addAmounts of components/shared/money/addAmounts, which no entry exports
import { addAmounts } from '../../../../src/components/shared/money/addAmounts.js';
// eslint-disable-next-line no-restricted-imports -- components/shared/money/formatMoney, the module this file tests
import { formatMoney } from '../../../../src/components/shared/money/formatMoney.js';
// eslint-disable-next-line no-restricted-imports -- prepareMoney, FormatMoneyOptions of components/shared/money/prepareMoney, which no entry exports
import { prepareMoney, type FormatMoneyOptions } from '../../../../src/components/shared/money/prepareMoney.js';
// eslint-disable-next-line no-restricted-imports -- multiplyAmounts of components/shared/money/multiplyAmounts, which no entry exports
import { multiplyAmounts } from '../../../../src/components/shared/money/multiplyAmounts.js';

const locales = ['en', 'es'] as const;

/** The parts Intl makes of what `prepareMoney` hands it: digit by digit, to check exactness. */
function formatMoneyToParts(amount: number | string, options: FormatMoneyOptions): Intl.NumberFormatPart[] {
  const { formatter, numeral } = prepareMoney(amount, options);
  return formatter.formatToParts(numeral);
}
const locale = fc.constantFrom(...locales);
const cents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

function partsOf(parts: Intl.NumberFormatPart[]) {
  const value = (type: Intl.NumberFormatPartTypes) =>
    parts.filter((part) => part.type === type).map((part) => part.value).join('');
  return {
    integer: value('integer'),
    fraction: value('fraction'),
    minus: parts.some((part) => part.type === 'minusSign'),
    currency: value('currency'),
    decimal: value('decimal'),
  };
}

/** The locale's own decimal separator, asked of Intl independently of the code under test. */
function decimalSeparator(tag: string): string {
  return new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '';
}

describe('given an integer amount of cents (v2, payment intent, volume)', () => {
  it('should reproduce every digit of every safe integer in the integer and fraction parts, in en and es', () => {
    fc.assert(
      fc.property(cents, locale, (amount, tag) => {
        const parts = formatMoneyToParts(amount, { locale: tag });
        const { integer, fraction, minus, currency, decimal } = partsOf(parts);
        expect(fraction).toHaveLength(2);
        expect(BigInt(`${integer}${fraction}`)).toBe(BigInt(Math.abs(amount)));
        expect(minus).toBe(amount < 0);
        expect(currency).not.toBe('');
        expect(decimal).toBe(decimalSeparator(tag));
        expect(formatMoney(amount, { locale: tag })).toBe(parts.map((part) => part.value).join(''));
      }),
      { numRuns: 500 },
    );
  });

  it('should show the extremes exactly, where a float division would round', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, { locale: 'en' })).toBe('$90,071,992,547,409.91');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, { locale: 'en' })).toBe('-$90,071,992,547,409.91');
    expect(formatMoney(123456, { locale: 'es' })).toBe('1234,56\u00a0US$');
  });

  it('should show -0 as 0, without a minus sign', () => {
    for (const tag of locales) {
      const parts = formatMoneyToParts(-0, { locale: tag });
      expect(partsOf(parts).minus).toBe(false);
      expect(formatMoney(-0, { locale: tag })).toBe(formatMoney(0, { locale: tag }));
    }
    expect(formatMoney(-0, { locale: 'en' })).toBe('$0.00');
  });

  it('should refuse integers beyond Number.MAX_SAFE_INTEGER instead of rounding them', () => {
    const unsafe = fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }).map((k) => Number.MAX_SAFE_INTEGER + k),
      fc.integer({ min: 1, max: 1_000_000 }).map((k) => -Number.MAX_SAFE_INTEGER - k),
      fc.constantFrom(2 ** 53, 1e20, -1e21, Number.MAX_VALUE),
    );
    fc.assert(
      fc.property(unsafe, locale, (amount, tag) => {
        expect(() => formatMoneyToParts(amount, { locale: tag })).toThrow(/MAX_SAFE_INTEGER/);
      }),
    );
  });

  it('should refuse NaN, infinities and amounts beyond the safe range instead of rounding them', () => {
    for (const amount of [Number.NaN, Infinity, -Infinity, 2 ** 53, '1e400', 'abc']) {
      expect(() => formatMoney(amount, { locale: 'en' }), String(amount)).toThrow(RangeError);
    }
  });

  it('should show a fraction of a cent with every digit, and a numeral string as its number', () => {
    expect(formatMoney(12.5, { locale: 'en' })).toBe('$0.125');
    expect(formatMoney('1000.0000000000', { locale: 'en' })).toBe('$10.00');
    expect(formatMoney(-0.01, { locale: 'en' })).toBe('-$0.0001');
    expect(formatMoney('1250', { locale: 'de' })).toBe('12,50\u00a0$');
    // Every fraction of a cent is shown exactly: the digits of the cents, two places further right.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 6 }), (units, scale) => {
        const cents = `${String(units).padStart(scale + 1, '0').slice(0, -scale)}.${String(units).padStart(scale + 1, '0').slice(-scale)}`;
        const shown = formatMoney(cents, { locale: 'en' }).replace(/[$,]/g, '');
        expect(Number(shown) * 100).toBeCloseTo(Number(cents), 9);
        expect(shown.replace(/0+$/, '').split('.')[1]?.length ?? 0).toBeLessThanOrEqual(scale + 2);
      }),
    );
  });
});

describe('given a legacy amount in major units (dollars, may have decimals)', () => {
  it('should show at least the currency decimals and never drop one', () => {
    expect(formatMoney(12.5, { locale: 'en', unit: 'major' })).toBe('$12.50');
    expect(formatMoney(12, { locale: 'en', unit: 'major' })).toBe('$12.00');
    expect(formatMoney(0.125, { locale: 'en', unit: 'major' })).toBe('$0.125');
    expect(formatMoney(12.5, { locale: 'es', unit: 'major' })).toBe('12,50\u00a0US$');
    expect(formatMoney(-0, { locale: 'en', unit: 'major' })).toBe('$0.00');
  });

  it('should reproduce any exact decimal digit for digit, in en and es', () => {
    const decimal = fc.record({
      units: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
      scale: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(decimal, locale, ({ units, scale }, tag) => {
        const magnitude = units < 0n ? -units : units;
        const digits = magnitude.toString().padStart(scale + 1, '0');
        const text = `${units < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
        const { integer, fraction, minus } = partsOf(formatMoneyToParts(text, { locale: tag, unit: 'major' }));
        expect(fraction.length).toBeGreaterThanOrEqual(2);
        // integer.fraction × 10^scale must equal units × 10^fraction.length: same value, no rounding.
        expect(BigInt(`${integer}${fraction}`) * 10n ** BigInt(scale)).toBe(magnitude * 10n ** BigInt(fraction.length));
        expect(minus).toBe(magnitude !== 0n && units < 0n);
      }),
      { numRuns: 300 },
    );
  });

  it('should report the sign shown on screen (what <Money> puts in data-sign), without formatting to parts', () => {
    const major = fc.oneof(
      fc.tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 8 })).map(([units, scale]) => units / 10 ** scale),
      fc.constantFrom(0, -0, 0.001, -0.001, 1e-20, -1e-20, '0.000', '-0.0', '-0.01'),
    );
    const onScreen = (parts: Intl.NumberFormatPart[]) =>
      parts.some((part) => part.type === 'minusSign')
        ? 'negative'
        : parts.every((part) => !/^(integer|fraction)$/.test(part.type) || /^0+$/.test(part.value))
          ? 'zero'
          : 'positive';
    fc.assert(
      fc.property(fc.oneof(cents.map((amount) => ({ amount, unit: 'minor' as const })), major.map((amount) => ({ amount, unit: 'major' as const }))), locale, ({ amount, unit }, tag) => {
        const prepared = prepareMoney(amount, { locale: tag, unit });
        const parts = formatMoneyToParts(amount, { locale: tag, unit });
        expect(prepared.sign).toBe(onScreen(parts));
        expect(prepared.formatter.format(prepared.numeral)).toBe(parts.map((part) => part.value).join(''));
      }),
      { numRuns: 500 },
    );
  });

  it('should refuse amounts beyond Number.MAX_SAFE_INTEGER dollars and non-numerals', () => {
    expect(() => formatMoney(2 ** 53, { unit: 'major' })).toThrow(/MAX_SAFE_INTEGER/);
    expect(() => formatMoney('9007199254740992', { unit: 'major' })).toThrow(/MAX_SAFE_INTEGER/);
    expect(() => formatMoney('12,50', { unit: 'major' })).toThrow(/decimal numeral/);
    expect(() => formatMoney(Number.NaN, { unit: 'major' })).toThrow(RangeError);
    expect(() => formatMoney(1e-25, { unit: 'major' })).toThrow(/decimals/);
  });

  it('should add and multiply receipt amounts exactly (no 0.30000000000000004)', () => {
    expect(addAmounts(0.1, 0.2)).toBe('0.3');
    expect(multiplyAmounts(0.1, 3)).toBe('0.3');
    expect(multiplyAmounts(12.5, 2)).toBe('25');
    expect(addAmounts(100, 8.25, 4.99)).toBe('113.24');
    expect(addAmounts(-0.5, 0.5)).toBe('0');
    expect(formatMoney(addAmounts(0.1, 0.2), { locale: 'en', unit: 'major' })).toBe('$0.30');
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (a, b) => {
        // Cents written as dollars: the exact sum is the integer sum of the cents, over 100.
        expect(addAmounts(a / 100, b / 100)).toBe(String(Number((BigInt(a) + BigInt(b)).toString()) / 100));
      }),
    );
  });
});

describe('given a locale the runtime cannot use', () => {
  it('should fall back to en instead of throwing or using the runtime default', () => {
    expect(formatMoney(100, { locale: '!!not a locale' })).toBe('$1.00');
    expect(formatMoney(100, { locale: 'zz' })).toBe('$1.00');
  });
});
