import type { ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx.js';
import { prepareMoney, type MoneyUnit, type PreparedMoney } from './prepareMoney.js';
import type { PaymentsMessages } from '../../messages/types.js';

/** Props of {@link Money}. */
export interface MoneyProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** The amount: integer cents for `unit="minor"` (default), dollars (or a decimal string) for `unit="major"`. */
  amount: number | string;
  /**
   * The unit of `amount`: `minor` (default) for integer cents — every v2, payment intent and
   * volume amount; `major` for dollars with decimals — legacy amounts (`12.5` → $12.50). See
   * docs/components-shared.md#money.
   */
  unit?: MoneyUnit | undefined;
  /** ISO 4217 code, any case; default `usd`. */
  currency?: string | undefined;
  /** BCP 47 locale for `Intl.NumberFormat`. */
  locale: string;
  /** Needs only `amountUnavailable`, shown for an amount the kit refuses to round. */
  messages: Pick<PaymentsMessages, 'amountUnavailable'>;
}

/**
 * An amount of money, formatted exactly for the locale (`formatMoney`). `data-sign` is
 * `negative`, `zero` or `positive` so a host can colour debits; an amount that cannot be shown
 * exactly renders `messages.amountUnavailable` with `data-state="invalid"` instead of throwing.
 * Always laid out left to right and isolated from the text around it (`dir="ltr"`, as a
 * `<bdi dir="ltr">`): in right-to-left text `-$1,234.56` keeps its sign before its digits, and
 * `1,250.00 US$` (as `ar` formats it) keeps its symbol whole instead of reading `$US`
 * (docs/components-shared.md#right-to-left).
 *
 * Holds no hooks: lists call it as a function, so that each value is elements only
 * (test/components/shared/hookFree.test.tsx).
 */
export function Money({ amount, unit, currency, locale, messages, className, ...rest }: MoneyProps) {
  let money: PreparedMoney;
  try {
    money = prepareMoney(amount, { locale, currency, unit });
  } catch {
    return (
      <span className={cx('pk-money', className)} data-state="invalid" {...rest}>
        {messages.amountUnavailable}
      </span>
    );
  }
  return (
    <span className={cx('pk-money', className)} data-state="valid" data-sign={money.sign} dir="ltr" {...rest}>
      {money.formatter.format(money.numeral)}
    </span>
  );
}
