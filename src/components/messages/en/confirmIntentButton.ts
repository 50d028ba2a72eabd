import type { ConfirmIntentButtonMessages } from '../types.js';
import { confirmIntentButtonActionsEn } from './confirmIntentButtonActions.js';

/** English words of `ConfirmIntentButton`. */
export const confirmIntentButtonEn = {
  ...confirmIntentButtonActionsEn,
  paymentIntentStatuses: {
    initialized: 'Initialized',
    created: 'Created',
    requires_payment_method: 'Payment method required',
    requires_confirmation: 'Confirmation required',
    requires_action: 'Action required',
    processing: 'Processing',
    succeeded: 'Succeeded',
    requires_capture: 'Awaiting capture',
    canceled: 'Canceled',
    failed: 'Failed',
  },
  confirmResult: 'Payment status: {status}',
  requiresActionExplanation:
    'The customer must complete one more step, such as authenticating with their bank. The payment then continues automatically, so there’s no need to confirm it again.',
  confirmProcessingExplanation: 'The payment is processing. Its final status will show once it completes.',
  confirmRequiresCaptureExplanation: 'The payment is authorized. It completes when it’s captured.',
  confirmFailedExplanation: 'The payment didn’t go through. Try again, or use another payment method.',
  confirmCanceledExplanation: 'This payment was canceled and can’t be confirmed.',
  confirmNotConfirmedExplanation: 'The payment still needs to be confirmed.',
  confirmUnknownExplanation: 'The payments service returned a status this page doesn’t recognize. Check the payment before doing anything else.',
  confirmOutcomeUnknown: 'The payment may have gone through. It’s safe to try again; there won’t be a duplicate charge.',
  confirmRefused: 'The payment wasn’t confirmed. Check its details, and contact support if this keeps happening.',
  confirmBusy: 'An earlier request may still be processing. Check the payment before trying again.',
  confirmAmountMismatch: 'This payment was confirmed for {confirmed}, not the {shown} shown before. Check the order before continuing.',
} satisfies ConfirmIntentButtonMessages;
