import { PaymentsError, type PaymentIntent } from '../../api/index.js';
import { formatAmountWithCode } from '../shared/money/formatAmountWithCode.js';
import { formatMoney } from '../shared/money/formatMoney.js';

/** The confirmed intent's amount and the one the page showed, both formatted for the locale. */
export interface AmountMismatch {
  /** What the API confirmed, e.g. `$50.00`. */
  confirmed: string;
  /** What the page showed before the confirm (`amount` and `currency`), e.g. `$49.99`. */
  shown: string;
  /** The error `onError` receives: kind `invalid_response`, code `amount_mismatch`. */
  error: PaymentsError;
}

/**
 * The confirmed intent's amount against the one the page showed (`amount`, `currency`, default
 * `usd`), or undefined when they agree or nothing was shown. Another currency counts as another
 * amount (docs/api.md#confirm-a-payment-intent).
 */
export function amountMismatch(
  intent: PaymentIntent,
  amount: number | undefined,
  currency: string | undefined,
  locale: string,
): AmountMismatch | undefined {
  if (amount === undefined) return undefined;
  const shownCurrency = (currency ?? 'usd').toLowerCase();
  if (intent.amount === amount && intent.currency.toLowerCase() === shownCurrency) return undefined;
  const format = (value: number, code: string) => {
    try {
      return formatMoney(value, { locale, currency: code });
    } catch {
      // Intl refuses the currency (a malformed code): the same exact amount, with the code.
      return formatAmountWithCode(value, code, locale);
    }
  };
  const confirmed = format(intent.amount, intent.currency);
  const shown = format(amount, shownCurrency);
  return {
    confirmed,
    shown,
    error: new PaymentsError({
      kind: 'invalid_response',
      code: 'amount_mismatch',
      operation: 'confirmPaymentIntent',
      message: `Payment intent ${intent.id} was confirmed for ${confirmed}, not the ${shown} shown.`,
    }),
  };
}
