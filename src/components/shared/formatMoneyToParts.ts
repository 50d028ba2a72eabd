import { decimalToString } from './decimalToString.js';
import { resolveLocale } from './resolveLocale.js';
import { toDecimal, type ScaledDecimal } from './toDecimal.js';
import { numberFormat } from './intl.js';

/**
 * Which unit an amount is in.
 * - `minor`: integer minor units (cents for `usd`). v2 transaction and transfer amounts,
 *   payment intent amounts (spec §2.4 "amount in cents") and volume (spec §2.6 "volume in cents").
 * - `major`: whole currency units that may carry decimals (dollars). Legacy transaction and
 *   receipt amounts (spec §2.1): the legacy interface names no unit and its receipt carries
 *   values such as `unit_amount: 12.5`, which only make sense as dollars.
 */
export type MoneyUnit = 'minor' | 'major';

/** Options of {@link formatMoneyToParts} and `formatMoney`. */
export interface FormatMoneyOptions {
  /** BCP 47 locale; malformed or unsupported tags fall back to `en` (see `resolveLocale`). */
  locale?: string | undefined;
  /** ISO 4217 code, any case. Defaults to `usd`, the only currency the spec allows (§2.4). */
  currency?: string | undefined;
  /** Unit of `amount`; defaults to `minor` (integer cents). */
  unit?: MoneyUnit | undefined;
}

/** `Intl` accepts at most 100 fraction digits; a legacy amount with more than 20 is not money. */
const MAX_MAJOR_DECIMALS = 20;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function currencyFormat(locale: string, currency: string, minDigits: number, maxDigits: number) {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minDigits,
    maximumFractionDigits: maxDigits,
  });
}

/** The currency's own number of minor digits (2 for `usd`, 0 for `jpy`), from CLDR via Intl. */
function currencyDigits(locale: string, currency: string): number {
  return numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

function refuse(amount: number | string, why: string): never {
  throw new RangeError(`formatMoney: cannot show ${typeof amount === 'string' ? JSON.stringify(amount) : String(amount)}: ${why}`);
}

function exceedsSafeRange({ units, scale }: ScaledDecimal): boolean {
  const magnitude = units < 0n ? -units : units;
  return magnitude > MAX_SAFE * 10n ** BigInt(scale);
}

/**
 * Formats an amount of money with `Intl.NumberFormat#formatToParts`, exactly: the amount is
 * handed to Intl as a decimal numeral string, never divided as a float, so every digit of
 * every safe integer of cents comes out as it went in. Zero is shown without a sign (`-0` → `0`).
 *
 * Refuses, with a `RangeError`, rather than rounds:
 * - `minor` amounts that are not safe integers (`12.5` cents, `2 ** 53`, `NaN`, `Infinity`);
 * - `major` amounts beyond ±`Number.MAX_SAFE_INTEGER` or with more than 20 decimals.
 * A `major` amount is shown with all of its decimals (`0.125` → `$0.125`), at least the
 * currency's own number of them (`12.5` → `$12.50`).
 * Also throws a `RangeError` for a malformed currency code (Intl's own error).
 */
export function formatMoneyToParts(
  amount: number | string,
  options: FormatMoneyOptions = {},
): Intl.NumberFormatPart[] {
  const locale = resolveLocale(options.locale);
  const currency = (options.currency ?? 'usd').toUpperCase();
  const digits = currencyDigits(locale, currency);
  let decimal: ScaledDecimal;
  if ((options.unit ?? 'minor') === 'minor') {
    // Spec §2.4/§2.6: cents are integers. A fraction of a cent or an unsafe integer means the
    // value is already wrong (or was rounded by JSON.parse); showing a rounded figure would lie.
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
      refuse(
        amount,
        typeof amount === 'number' && Number.isInteger(amount)
          ? 'it is beyond Number.MAX_SAFE_INTEGER, so it may already have been rounded.'
          : "minor-unit amounts must be integer numbers of cents (spec §2.4, §2.6); pass unit: 'major' for legacy amounts.",
      );
    }
    decimal = { units: BigInt(amount), scale: digits };
  } else {
    try {
      decimal = toDecimal(amount);
    } catch (error) {
      return refuse(amount, error instanceof Error ? error.message : 'not a decimal amount.');
    }
    if (exceedsSafeRange(decimal)) refuse(amount, 'it is beyond Number.MAX_SAFE_INTEGER.');
    if (decimal.scale > MAX_MAJOR_DECIMALS) refuse(amount, `it has more than ${MAX_MAJOR_DECIMALS} decimals.`);
  }
  const formatter = currencyFormat(locale, currency, digits, Math.max(digits, decimal.scale));
  // A numeral string is formatted exactly (ECMA-402 Intl.NumberFormat v3); the lib types only
  // accept the template type, which a runtime string is not known to match.
  return formatter.formatToParts(decimalToString(decimal) as Intl.StringNumericLiteral);
}
