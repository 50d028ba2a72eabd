import { decimalToString } from './decimalToString.js';
import { toDecimal } from './toDecimal.js';

/**
 * Multiplies two amounts exactly, e.g. a legacy receipt line total (`unit_amount × quantity`,
 * a total the API does not send), and returns a decimal numeral string for
 * `formatMoney(total, { unit: 'major' })`. `0.1 × 3` is `"0.3"`, not `0.30000000000000004`.
 * Throws a `RangeError` if a value is not a finite number or a decimal numeral.
 */
export function multiplyAmounts(a: number | string, b: number | string): string {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return decimalToString(toDecimal(decimalToString({ units: x.units * y.units, scale: x.scale + y.scale })));
}
