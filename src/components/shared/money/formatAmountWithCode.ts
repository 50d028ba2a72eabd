import { decimalToString } from './decimalToString.js';
import { numberFormat } from '../intl.js';
import { resolveLocale } from '../resolveLocale.js';
import { toDecimal } from './toDecimal.js';

/** ISO 4217's usual number of minor digits: a currency `Intl` refuses has no other to go by. */
const MINOR_DIGITS = 2;
/** As `prepareMoney`: an amount with more decimals than this is not money, and Intl stops at 100. */
const MAX_DECIMALS = 20;

/**
 * An amount in minor units (cents) as an exact decimal written for the locale, followed by its
 * currency code: what can still be said when `Intl` refuses the currency (a malformed code) and
 * `formatMoney` throws. `formatAmountWithCode(4999, 'usdx', 'es')` → "49,99 USDX" — the same
 * digits moved two places, never divided as a float and never shown as 4999 (100× too large).
 * An amount that is not a finite number is written as it came, with its code.
 */
export function formatAmountWithCode(amount: number, currency: string, locale: string | undefined): string {
  const code = currency.toUpperCase();
  let scale: number;
  let numeral: string;
  try {
    const decimal = toDecimal(amount);
    scale = decimal.scale + MINOR_DIGITS;
    numeral = decimalToString({ units: decimal.units, scale });
  } catch {
    return `${String(amount)} ${code}`;
  }
  if (scale > MAX_DECIMALS) return `${numeral} ${code}`;
  // A numeral string is formatted exactly (prepareMoney says why).
  const formatter = numberFormat(resolveLocale(locale), { minimumFractionDigits: MINOR_DIGITS, maximumFractionDigits: scale });
  return `${formatter.format(numeral as `${number}`)} ${code}`;
}
