import { confirmIntentButtonActionsEn } from '../messages/en/confirmIntentButtonActions.js';
import { sharedActionsEn } from '../messages/en/sharedActions.js';
import type { SharedMessages, ConfirmIntentButtonMessages } from '../messages/types.js';

/** The words `ConfirmIntentButton` shows: its own and the shared states'. */
export type ConfirmIntentButtonWords = SharedMessages & ConfirmIntentButtonMessages;

/** The words the button shows before any answer (its actions); the rest come with its answer view. */
export type ConfirmIntentButtonActionWords = Pick<ConfirmIntentButtonWords, keyof typeof defaultMessages>;

/** English, the default, of the words shown before any answer: the button, its question, its wait. */
export const defaultMessages = { ...sharedActionsEn, ...confirmIntentButtonActionsEn };
