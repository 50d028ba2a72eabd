import type { ConfirmIntentButtonMessages } from '../types.js';

/** English words of `ConfirmIntentButton` before any answer: its button, its question, its wait. */
export const confirmIntentButtonActionsEn = {
  confirmButton: 'Confirm payment',
  confirmPrompt: 'Confirm payment of {amount}?',
  confirmAccept: 'Confirm',
  confirmPending: 'Confirming…',
  confirmRecovering: 'Checking the earlier payment…',
  confirmCancel: 'Cancel',
  confirmPromptNoAmount: 'Confirm this payment?',
} satisfies Partial<ConfirmIntentButtonMessages>;
