import type { ComponentPropsWithoutRef } from 'react';
import type { PaymentsErrorKind } from '../../api/index.js';
import { cx } from './cx.js';
import { formatMessage } from './formatMessage.js';
import type { PaymentsMessages } from './messages/types.js';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** The `PaymentsError` kind; picks the title and the advice. */
  kind: PaymentsErrorKind;
  /** Error words and the retry button text. */
  messages: Pick<PaymentsMessages, 'errorTitles' | 'errorDescriptions' | 'errorReference' | 'retry'>;
  /** Shows a retry button that calls this. Leave it out where retrying is not safe. */
  onRetry?: (() => void) | undefined;
  /** The proxy's request id, shown for support tickets. */
  requestId?: string | undefined;
}

/**
 * The error state of a component: title and advice for the error kind, an optional request id
 * and an optional retry button, in a `role="alert"` region so it is announced when it appears.
 * The error's own `message` is for developers (English, technical) and is not shown.
 */
export function ErrorState({ kind, messages, onRetry, requestId, className, ...rest }: ErrorStateProps) {
  return (
    <div className={cx('pk-state', 'pk-error', className)} role="alert" data-state="error" data-kind={kind} {...rest}>
      <p className="pk-state__title pk-error__title">{messages.errorTitles[kind]}</p>
      <p className="pk-state__message pk-error__message">{messages.errorDescriptions[kind]}</p>
      {requestId ? (
        <p className="pk-error__reference">{formatMessage(messages.errorReference, { requestId })}</p>
      ) : null}
      {onRetry ? (
        <div className="pk-actions">
          <button type="button" className="pk-button" data-variant="secondary" onClick={onRetry}>
            {messages.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}
