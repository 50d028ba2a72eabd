import type { ScaledDecimal } from './toDecimal.js';

/**
 * Writes an exact decimal as a plain numeral (`-1234.05`), the form `Intl.NumberFormat`
 * formats without going through a float. Zero is always `"0"`, never `"-0"`.
 */
export function decimalToString({ units, scale }: ScaledDecimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  if (scale <= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(-scale)}`;
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, padded.length - scale);
  const fraction = padded.slice(padded.length - scale);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
