import type { ScaledDecimal } from './toDecimal.js';

/**
 * Writes an exact decimal as a plain numeral (`-1234.05`), the form `Intl.NumberFormat`
 * formats without going through a float. Zero is always `"0"`, never `"-0"`.
 */
export function decimalToString({ units, scale }: ScaledDecimal): string {
  const sign = units < 0n ? '-' : '';
  const digits = (sign ? -units : units).toString();
  if (scale <= 0) return `${sign}${digits}${'0'.repeat(-scale)}`;
  // At least one digit before the point; the last `scale` digits after it.
  const padded = digits.padStart(scale + 1, '0');
  return `${sign}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}
