import { useContext, useMemo, type RefObject } from 'react';
import { isUpstreamBusy } from '../../api/errors.js';
import type { PaymentIntent, PaymentsError } from '../../api/index.js';
import type { AmountMismatch } from '../headless/amountMismatch.js';
import { confirmOutcome } from '../headless/confirmOutcome.js';
import { ErrorState } from '../shared/ErrorState.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { Money } from '../shared/money/Money.js';
import { StatusBadge } from '../shared/StatusBadge.js';
import { formatMessage } from '../shared/formatMessage.js';
import { statusTone } from '../shared/statusTone.js';
import { useErrorCodeWords } from '../shared/useErrorCodeWords.js';
import { PaymentsUIContext } from '../PaymentsUIContext.js';
import type { MessageOverrides } from '../messages/types.js';
import { resolveMessages } from '../shared/resolveMessages.js';
import { mergeOverrides } from '../usePaymentsUI.js';
import { answerMessages } from './answerMessages.js';

/** Props of {@link ConfirmAnswer}: what `useConfirmIntent` says of the last confirm. */
export interface ConfirmAnswerProps {
  intent: PaymentIntent | undefined;
  error: PaymentsError | undefined;
  mismatch: AmountMismatch | undefined;
  canRetry: boolean;
  /** The words announced while a confirm is in flight, if one is. */
  pending: string | undefined;
  onRetry: () => void;
  resultRef: RefObject<HTMLDivElement | null>;
  /** The button's locale, resolved (`usePaymentsUI`). */
  locale: string;
  /** The button's own words, as it was given them (merged over the provider's). */
  messages: MessageOverrides | undefined;
}

/**
 * What `ConfirmIntentButton` shows of an answer: the live region that announces it, the intent's
 * status and amount with what happens next, or the error and its retry. Loaded apart, started
 * when the button mounts: nothing here is needed before the first click, and none of it is on the
 * click's way to the proxy.
 */
export function ConfirmAnswer({ intent, error, mismatch, canRetry, pending, onRetry, resultRef, locale, messages: own }: ConfirmAnswerProps) {
  // The words as `usePaymentsUI` gives them; the button has checked the provider and resolved the locale.
  const provided = useContext(PaymentsUIContext)?.messages;
  const words = useMemo(() => resolveMessages(answerMessages, own ? mergeOverrides(provided, own) : provided), [provided, own]);
  // A refusal's own words (docs/api.md#errors), loaded now for the button's language.
  const messages = useErrorCodeWords(words, locale, error);
  const outcome = intent === undefined ? undefined : confirmOutcome(intent.status);
  const explanation = outcome?.explanation === undefined ? undefined : messages[outcome.explanation];
  const announcement =
    pending ?? (intent === undefined ? '' : formatMessage(messages.confirmResult, { status: statusTone('paymentIntent', intent.status, messages).label }));
  return (
    <>
      <LiveRegion>{announcement}</LiveRegion>
      {intent !== undefined && outcome ? (
        <div ref={resultRef} className="pk-confirm__result" tabIndex={-1}>
          <p className="pk-confirm__status">
            <StatusBadge kind="paymentIntent" status={intent.status} messages={messages} />
            <Money amount={intent.amount} currency={intent.currency} locale={locale} messages={messages} />
          </p>
          {mismatch ? (
            <p className="pk-notice" data-tone="danger" role="alert">
              {formatMessage(messages.confirmAmountMismatch, { confirmed: mismatch.confirmed, shown: mismatch.shown })}
            </p>
          ) : typeof explanation === 'string' ? (
            <p className="pk-notice" data-tone={outcome.tone}>
              {explanation}
            </p>
          ) : null}
        </div>
      ) : null}
      {error !== undefined ? (
        <>
          <ErrorState
            error={error}
            messages={{
              ...messages,
              // One sentence under the title, saying what is true of *this* payment: it may have
              // gone through and retrying is safe, or the API refused it. The generic
              // descriptions ("check your connection, then try again") would say it twice.
              errorDescriptions: canRetry
                ? { ...messages.errorDescriptions, [error.kind]: messages.confirmOutcomeUnknown }
                : error.kind === 'http'
                  ? { ...messages.errorDescriptions, http: messages.confirmRefused }
                  : messages.errorDescriptions,
              // A 429 always leaves the outcome unknown (`isOutcomeUnknown`): retrying is safe. A busy
              // service says more: an earlier request for this intent may still be moving the money.
              rateLimitedDescription: isUpstreamBusy(error.upstreamCode) ? messages.confirmBusy : messages.confirmOutcomeUnknown,
            }}
          />
          {canRetry ? (
            <div className="pk-actions">
              <button type="button" className="pk-button" data-variant="primary" onClick={onRetry}>
                {messages.retry}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
