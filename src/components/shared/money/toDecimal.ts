/**
 * An exact decimal: `units × 10^-scale`. Used so that money is never pushed through binary
 * floating point on its way to `Intl.NumberFormat` (which formats a numeric *string* exactly).
 */
export interface ScaledDecimal {
  /** All the digits, with the sign. There is no negative zero: `0n` is zero. */
  readonly units: bigint;
  /** How many of the digits are decimals; never has trailing zero decimals once normalised. */
  readonly scale: number;
}

const DECIMAL_NUMERAL = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads a finite number or a decimal numeral string (`"12.50"`, `"-3"`, `"1e-7"`) as an exact
 * decimal, trailing zero decimals removed. A number is read through its shortest round-trip
 * text (`String(0.1)` is `"0.1"`), i.e. the value that was in the JSON.
 * Throws a `RangeError` for `NaN`, infinities and anything that is not a decimal numeral.
 */
export function toDecimal(value: number | string): ScaledDecimal {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`${String(value)} is not a finite amount.`);
  }
  const text = typeof value === 'number' ? String(value) : value;
  const match = DECIMAL_NUMERAL.exec(text);
  if (!match) throw new RangeError(`"${text}" is not a decimal numeral.`);
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  let digits = `${whole}${fraction}`;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  let units = BigInt(digits);
  // Normalise: "12.50" and "12.5" are the same amount and must format the same way.
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  if (units === 0n) scale = 0;
  return { units: sign === '-' ? -units : units, scale };
}
