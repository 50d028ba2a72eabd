import { decimalToString } from './decimalToString.js';
import { resolveLocale } from '../resolveLocale.js';
import { toDecimal, type ScaledDecimal } from './toDecimal.js';
import { currencyDigits, currencyFormat } from '../intl.js';

/**
 * Which unit an amount is in.
 * - `minor`: minor units (cents for `usd`), the unit of every amount the API sends, legacy
 *   included (docs/api.md#units). A fraction of a cent is kept: `12.5` cents show as `$0.125`.
 * - `major`: whole currency units that may carry decimals (dollars), for amounts of your own.
 */
export type MoneyUnit = 'minor' | 'major';

/** Options of {@link prepareMoney} and `formatMoney`. */
export interface FormatMoneyOptions {
  /** BCP 47 locale; malformed or unsupported tags fall back to `en` (see `resolveLocale`). */
  locale?: string | undefined;
  /** ISO 4217 code, any case. Defaults to `usd`, the only currency the API allows. */
  currency?: string | undefined;
  /** Unit of `amount`; defaults to `minor` (integer cents). */
  unit?: MoneyUnit | undefined;
}

/** `Intl` accepts at most 100 fraction digits; an amount with more than 20 is not money. */
const MAX_DECIMALS = 20;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function refuse(amount: number | string, why: string): never {
  throw new RangeError(`formatMoney: cannot show ${typeof amount === 'string' ? JSON.stringify(amount) : String(amount)}: ${why}`);
}

function exceedsSafeRange({ units, scale }: ScaledDecimal): boolean {
  const magnitude = units < 0n ? -units : units;
  return magnitude > MAX_SAFE * 10n ** BigInt(scale);
}

/** Which way an amount points: a host can colour debits through `data-sign`. */
export type MoneySign = 'negative' | 'zero' | 'positive';

/** An amount ready to be formatted: its formatter, its exact numeral and its sign. */
export interface PreparedMoney {
  readonly formatter: Intl.NumberFormat;
  /** The amount as a plain decimal numeral (`-1234.05`), which Intl formats exactly. */
  readonly numeral: `${number}`;
  readonly sign: MoneySign;
}

/**
 * Checks an amount and picks its formatter, without formatting it: `formatMoney` and `<Money>`
 * finish the job with `formatter.format(numeral)`, exactly: the amount goes to Intl as a decimal
 * numeral string, never divided as a float, so every digit of every safe integer of cents comes
 * out as it went in. Zero is shown without a sign (`-0` → `0`).
 *
 * Refuses, with a `RangeError`, rather than rounds: amounts beyond ±`Number.MAX_SAFE_INTEGER`
 * in their own unit (`2 ** 53` cents), `NaN`, infinities, and more than 20 decimals once shown.
 * An amount is shown with all of its decimals, at least the currency's own number of them:
 * `1250` cents → `$12.50`, `12.5` cents → `$0.125`; `12.5` major → `$12.50`.
 * Also throws a `RangeError` for a malformed currency code (Intl's own error).
 */
export function prepareMoney(amount: number | string, options: FormatMoneyOptions = {}): PreparedMoney {
  const locale = resolveLocale(options.locale);
  const currency = (options.currency ?? 'usd').toUpperCase();
  const digits = currencyDigits(locale, currency);
  let decimal: ScaledDecimal;
  try {
    decimal = toDecimal(amount);
  } catch (error) {
    return refuse(amount, error instanceof Error ? error.message : 'not a decimal amount.');
  }
  // Beyond the safe range, JSON.parse may already have rounded the number: refused, not shown.
  if (exceedsSafeRange(decimal)) refuse(amount, 'it is beyond Number.MAX_SAFE_INTEGER, so it may already have been rounded.');
  // A minor-unit amount is the same digits `digits` places further right: 1250 cents are $12.50,
  // and a fraction of a cent keeps every digit (12.5 cents are $0.125), never divided as a float.
  if ((options.unit ?? 'minor') === 'minor') decimal = { units: decimal.units, scale: decimal.scale + digits };
  if (decimal.scale > MAX_DECIMALS) refuse(amount, `it has more than ${MAX_DECIMALS} decimals.`);
  // Every decimal is shown (maximum digits ≥ the amount's scale), so a non-zero amount never
  // prints as zero and the sign of `units` is the sign on screen.
  const scale = Math.max(digits, decimal.scale);
  return {
    formatter: currencyFormat(locale, currency, digits, scale),
    // A numeral string is formatted exactly (ECMA-402 Intl.NumberFormat v3); the lib types only
    // accept the template type, which a runtime string is not known to match.
    numeral: decimalToString(decimal) as `${number}`,
    sign: decimal.units < 0n ? 'negative' : decimal.units === 0n ? 'zero' : 'positive',
  };
}
