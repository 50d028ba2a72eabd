import type { ComponentPropsWithoutRef } from 'react';
import type { PaymentsErrorKind } from '../../api/index.js';
import { sessionErrorCodes } from '../../client/index.js';
import { cx } from './cx.js';
import { formatMessage } from './formatMessage.js';
import type { PaymentsMessages } from '../messages/types.js';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** The `PaymentsError` kind; picks the title and the advice. */
  kind: PaymentsErrorKind;
  /** Error words and the retry button text. */
  messages: Pick<
    PaymentsMessages,
    | 'errorTitles'
    | 'errorDescriptions'
    | 'errorReference'
    | 'retry'
    | 'sessionExpiredTitle'
    | 'sessionExpiredDescription'
    | 'notGrantedTitle'
    | 'notGrantedDescription'
    | 'rateLimitedTitle'
    | 'rateLimitedDescription'
  >;
  /**
   * The `PaymentsError` code. A refused payment session (`session_expired`, `session_invalid`,
   * `session_required`) or a call the session does not allow (`not_granted`,
   * `cross_site_refused`) gets its own words and no retry button: the same request would be
   * refused again.
   */
  code?: string | undefined;
  /**
   * The HTTP status of the answer, where there was one. A 429 (too many requests) gets its own
   * words (`rateLimited…`); the retry button stays, since waiting is all it takes.
   */
  status?: number | undefined;
  /** Shows a retry button that calls this. Leave it out where retrying is not safe. */
  onRetry?: (() => void) | undefined;
  /** The proxy's request id, shown for support tickets. */
  requestId?: string | undefined;
}

/** Codes after which the page itself must change (a new session, another grant) before asking again. */
const refusalOf = (code: string | undefined): 'session' | 'not-granted' | undefined =>
  code === undefined
    ? undefined
    : (sessionErrorCodes as readonly string[]).includes(code)
      ? 'session'
      : code === 'not_granted' || code === 'cross_site_refused'
        ? 'not-granted'
        : undefined;

/**
 * The error state of a component: title and advice for the error kind, an optional request id
 * and an optional retry button, in a `role="alert"` region so it is announced when it appears.
 * The error's own `message` is for developers (English, technical) and is not shown. A refused
 * session or grant (`code`) says so instead, with `data-refusal="session"` or `"not-granted"`; a
 * 429 (`status`) says "too many requests" and keeps its retry button.
 */
export function ErrorState({ kind, code, status, messages, onRetry, requestId, className, ...rest }: ErrorStateProps) {
  const refusal = refusalOf(code);
  const [title, description] =
    refusal === 'session'
      ? [messages.sessionExpiredTitle, messages.sessionExpiredDescription]
      : refusal === 'not-granted'
        ? [messages.notGrantedTitle, messages.notGrantedDescription]
        : status === 429
          ? [messages.rateLimitedTitle, messages.rateLimitedDescription]
          : [messages.errorTitles[kind], messages.errorDescriptions[kind]];
  return (
    <div
      className={cx('pk-state', 'pk-error', className)}
      role="alert"
      data-state="error"
      data-kind={kind}
      data-refusal={refusal}
      {...rest}
    >
      <p className="pk-state__title pk-error__title">{title}</p>
      <p className="pk-state__message pk-error__message">{description}</p>
      {requestId ? (
        <p className="pk-error__reference">{formatMessage(messages.errorReference, { requestId })}</p>
      ) : null}
      {onRetry && refusal === undefined ? (
        <div className="pk-actions">
          <button type="button" className="pk-button" data-variant="secondary" onClick={onRetry}>
            {messages.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}
