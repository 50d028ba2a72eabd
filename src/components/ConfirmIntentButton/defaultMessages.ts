import { confirmIntentButtonEn } from '../messages/en/confirmIntentButton.js';
import { sharedEn } from '../messages/en/shared.js';
import type { SharedMessages, ConfirmIntentButtonMessages } from '../messages/types.js';

/** The words `ConfirmIntentButton` shows: its own and the shared states'. */
export type ConfirmIntentButtonWords = SharedMessages & ConfirmIntentButtonMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: ConfirmIntentButtonWords = { ...sharedEn, ...confirmIntentButtonEn };
