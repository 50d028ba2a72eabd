export { ConfirmIntentButton } from './ConfirmIntentButton.js';
export type { ConfirmIntentButtonProps } from './ConfirmIntentButton.js';
