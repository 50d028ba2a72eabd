import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- amountMismatch of components/headless/amountMismatch, which no entry exports
import { amountMismatch } from '../../src/components/headless/amountMismatch.js';
// eslint-disable-next-line no-restricted-imports -- formatAmountWithCode of components/shared/money/formatAmountWithCode, which no entry exports
import { formatAmountWithCode } from '../../src/components/shared/money/formatAmountWithCode.js';

const intent = (amount: number, currency: string) => ({ id: 'pi_1', amount, currency }) as PaymentIntent;

describe('given a confirmed amount in a currency Intl refuses (a malformed code)', () => {
  it('should show both amounts as exact decimals with their codes, not as cents 100× too large', () => {
    const mismatch = amountMismatch(intent(5000, 'usdx'), 4999, 'usd', 'en');
    expect(mismatch?.confirmed).toBe('50.00 USDX');
    expect(mismatch?.shown).toBe('$49.99');
    expect(mismatch?.error.message).toBe('Payment intent pi_1 was confirmed for 50.00 USDX, not the $49.99 shown.');
  });

  it('should write the decimal for the locale and keep every digit of a fraction of a cent', () => {
    expect(amountMismatch(intent(5000, 'usd'), 123456, 'us-d', 'es')?.shown).toBe('1234,56 US-D');
    expect(amountMismatch(intent(5000, 'usd'), 1234567, 'us-d', 'de')?.shown).toBe('12.345,67 US-D');
    expect(formatAmountWithCode(12.5, 'us-d', 'en')).toBe('0.125 US-D');
    expect(formatAmountWithCode(-7, 'u$', 'en')).toBe('-0.07 U$');
    expect(formatAmountWithCode(Number.MAX_SAFE_INTEGER, 'u$', 'en')).toBe('90,071,992,547,409.91 U$');
  });

  it('should write an amount that is not a number as it came', () => {
    expect(formatAmountWithCode(Number.NaN, 'u$', 'en')).toBe('NaN U$');
  });
});
