import { confirmIntentButtonEn } from './en/confirmIntentButton.js';
import { flowLauncherEn } from './en/flowLauncher.js';
import { sharedEn } from './en/shared.js';
import { transactionDetailEn } from './en/transactionDetail.js';
import { volumeCardEn } from './en/volumeCard.js';
import type { PaymentsMessages } from './types.js';

/**
 * English messages, the default catalogue, whole. Each component imports only its own part
 * (`./en/*.ts`), so a bundle with one component carries that component's words only.
 */
export const en = {
  ...sharedEn,
  ...transactionDetailEn,
  ...confirmIntentButtonEn,
  ...flowLauncherEn,
  ...volumeCardEn,
} satisfies PaymentsMessages;
