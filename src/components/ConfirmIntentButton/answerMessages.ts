import { confirmIntentButtonEn } from '../messages/en/confirmIntentButton.js';
import { sharedEn } from '../messages/en/shared.js';
import type { ConfirmIntentButtonWords } from './defaultMessages.js';

/** English, the default, of every word `ConfirmIntentButton` shows once it has an answer. */
export const answerMessages: ConfirmIntentButtonWords = { ...sharedEn, ...confirmIntentButtonEn };
