import { decimalToString } from './decimalToString.js';
import { toDecimal } from './toDecimal.js';

/**
 * Adds amounts exactly and returns the sum as a decimal numeral string, ready for
 * `formatMoney(sum, { unit: 'major' })`. Why: legacy receipt amounts are plain numbers with
 * decimals (docs/api.md#forward-compatibility, units), and `0.1 + 0.2` in floating point is `0.30000000000000004`; a grand
 * total (items total + tax + shipping) must be shown as the exact sum.
 * Throws a `RangeError` if a value is not a finite number or a decimal numeral.
 */
export function addAmounts(...values: readonly (number | string)[]): string {
  let scale = 0;
  const decimals = values.map((value) => {
    const decimal = toDecimal(value);
    scale = Math.max(scale, decimal.scale);
    return decimal;
  });
  let units = 0n;
  for (const decimal of decimals) units += decimal.units * 10n ** BigInt(scale - decimal.scale);
  return decimalToString(toDecimal(decimalToString({ units, scale })));
}
