import type {
  KnownPaymentIntentStatus,
  PaymentIntentStatus,
  TransferStatus,
  knownTransferStatuses,
} from '../../api/index.js';
import type { PaymentsMessages } from '../messages/types.js';
import { neutralizeBidi } from './neutralizeBidi.js';
import { openEnumLabel } from './openEnumLabel.js';

/** A badge colour with a meaning; each has light and dark colours in styles.css. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** What a badge shows for a status. */
export interface StatusToneResult {
  tone: Tone;
  /** The status word, or the raw status text for a value the kit does not know. */
  label: string;
  /** Whether the kit knows this value (it has a word and a tone for it). */
  known: boolean;
}

/** Which open enum a status belongs to. */
export type StatusKind = 'paymentIntent' | 'transfer';

// Tones per payment intent status (the API lists them, not their meaning): waiting on the
// customer is a warning, waiting on the system or the merchant is info.
const paymentIntentTones: Readonly<Record<KnownPaymentIntentStatus, Tone>> = {
  initialized: 'neutral',
  created: 'neutral',
  requires_payment_method: 'warning',
  requires_confirmation: 'info',
  requires_action: 'warning',
  processing: 'info',
  succeeded: 'success',
  requires_capture: 'info',
  canceled: 'neutral',
  failed: 'danger',
};

// The transfer statuses the API documents (docs/api.md#read-a-transaction): under way is info;
// `flagged`, held for review, is a warning and not a failure; undone or stopped is danger.
const transferTones: Readonly<Record<(typeof knownTransferStatuses)[number], Tone>> = {
  created: 'info',
  pending: 'info',
  flagged: 'warning',
  completed: 'success',
  failed: 'danger',
  reversed: 'danger',
  canceled: 'danger',
};

/** Status words: the unknown-status word, and the words of the kind(s) of status shown. */
export type StatusMessages = Pick<PaymentsMessages, 'paymentIntentStatusUnknown'> &
  Partial<Pick<PaymentsMessages, 'paymentIntentStatuses' | 'transferStatuses'>>;

/**
 * Maps a status to a badge tone and label. Both statuses are open enums: a value the kit does
 * not know gets tone `neutral` and its raw text as label; a missing payment intent status
 * (`status` is optional, docs/api.md#confirm-a-payment-intent) gets `messages.paymentIntentStatusUnknown`.
 */
export function statusTone(
  kind: StatusKind,
  status: PaymentIntentStatus | TransferStatus | null | undefined,
  messages: StatusMessages,
): StatusToneResult {
  if (status === null || status === undefined || status === '') {
    return { tone: 'neutral', label: messages.paymentIntentStatusUnknown, known: false };
  }
  const tones: Readonly<Partial<Record<string, Tone>>> =
    kind === 'paymentIntent' ? paymentIntentTones : transferTones;
  const words: Readonly<Partial<Record<string, string>>> =
    (kind === 'paymentIntent' ? messages.paymentIntentStatuses : messages.transferStatuses) ?? {};
  const tone = Object.hasOwn(tones, status) ? tones[status] : undefined;
  if (tone === undefined) return { tone: 'neutral', label: neutralizeBidi(status), known: false };
  return { tone, label: openEnumLabel(status, words), known: true };
}
