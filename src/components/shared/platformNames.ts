import type { BrandPlatform } from '../messages/types.js';

/**
 * The platforms whose name is a brand or an acronym, as each writes itself: one table for every
 * language, so the catalogues carry only the platforms that need words (`transferPlatforms`).
 */
export const platformNames: Readonly<Record<BrandPlatform, string>> = {
  ach: 'ACH',
  rtp: 'RTP',
  paypal: 'PayPal',
  venmo: 'Venmo',
  visa: 'Visa',
  amazon: 'Amazon',
  cash_app: 'Cash App',
  airtm: 'Airtm',
  payoneer: 'Payoneer',
};
