import type { SharedMessages } from '../types.js';

/**
 * The shared English words of values a component reads (an amount, a yes/no field, a status): a
 * module of their own, so that a component that shows no value does not carry them.
 */
export const sharedValuesEn = {
  amountUnavailable: 'Amount unavailable',
  valueMissing: 'None',
  yes: 'Yes',
  no: 'No',
  paymentIntentStatusUnknown: 'Status unknown',
} satisfies Partial<SharedMessages>;
