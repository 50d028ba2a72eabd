import type { ComponentPropsWithoutRef } from 'react';
import { isUpstreamBusy } from '../../api/errors.js';
import type { PaymentsErrorKind } from '../../api/index.js';
import { sessionErrorCodes } from '../../client/index.js';
import { cx } from './cx.js';
import { formatMessage } from './formatMessage.js';
import type { PaymentsMessages, UpstreamErrorCode } from '../messages/types.js';

/** What {@link ErrorState} reads of a `PaymentsError`. */
export interface ErrorFacts {
  kind: PaymentsErrorKind;
  /**
   * The `PaymentsError` code. A refused payment session (`session_expired`, `session_invalid`),
   * none given (`session_required`, `session_not_given`) or a call the session does not allow
   * (`not_granted`, `cross_site_refused`) gets its own words and no retry button: the same
   * request would be refused again. A session that could not be had (`session_unavailable`)
   * says nothing was sent, and keeps the retry button.
   */
  code?: string | undefined;
  /**
   * The HTTP status of the answer, where there was one. A 429 (too many requests) gets its own
   * words (`rateLimited…`); the retry button stays, since waiting is all it takes. An `http` 400
   * (the payments service refused the details), a 403 other than the proxy's own and the API's
   * 401 (this account may not do this) and a 404 (not found) get theirs, without a retry button.
   */
  status?: number | undefined;
  /**
   * The payments API's own `error_code` (`PaymentsError.upstreamCode`). The documented ones get
   * their own words (docs/api.md#errors): `transaction-insufficient-funds` (no retry button),
   * `resource-busy` and `service-unavailable` (try again shortly), `invalid-input` (no retry button).
   * A code with words in `messages.errorTitles` / `errorDescriptions` (a host's own, by code, and
   * for a refused confirm the kit's: `useErrorCodeWords`) shows them over the status's; the
   * status still decides the retry.
   */
  upstreamCode?: string | undefined;
  /** The proxy's request id, shown for support tickets. */
  requestId?: string | undefined;
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /**
   * What failed, as a `PaymentsError` (or the fields of one) says it: `kind` picks the title and
   * the advice; `code`, `status` and `upstreamCode` may say more ({@link ErrorFacts}); `requestId` is shown
   * for support tickets.
   */
  error: ErrorFacts;
  /** Error words and the retry button text. */
  messages: Pick<
    PaymentsMessages,
    | 'errorTitles'
    | 'errorDescriptions'
    | 'errorReference'
    | 'retry'
    | 'sessionExpiredTitle'
    | 'sessionExpiredDescription'
    | 'notStartedTitle'
    | 'sessionMissingDescription'
    | 'notStartedDescription'
    | 'notGrantedTitle'
    | 'notGrantedDescription'
    | 'rateLimitedTitle'
    | 'rateLimitedDescription'
    | 'insufficientFundsTitle'
    | 'insufficientFundsDescription'
    | 'busyTitle'
    | 'inputRefusedTitle'
    | 'inputRefusedDescription'
    | 'notAllowedTitle'
    | 'notFoundTitle'
    | 'notFoundDescription'
  >;
  /** Shows a retry button that calls this. Leave it out where retrying is not safe. */
  onRetry?: (() => void) | undefined;
}

/**
 * Why the request failed, where the kit has words for it. All but `busy` are refusals the same
 * request would meet again, so they get no retry button.
 */
type Reason = 'session' | 'no-session' | 'not-started' | 'not-granted' | 'insufficient-funds' | 'busy' | 'invalid-input' | 'not-allowed' | 'not-found';

/**
 * The title and the description of each reason, and of a 429: a busy service and a 429 both
 * ask to wait, then try again; an account the service refuses, like a refused grant, is for support.
 */
const reasonWords = {
  session: ['sessionExpiredTitle', 'sessionExpiredDescription'],
  'no-session': ['notStartedTitle', 'sessionMissingDescription'],
  'not-started': ['notStartedTitle', 'notStartedDescription'],
  'not-granted': ['notGrantedTitle', 'notGrantedDescription'],
  'insufficient-funds': ['insufficientFundsTitle', 'insufficientFundsDescription'],
  busy: ['busyTitle', 'rateLimitedDescription'],
  'invalid-input': ['inputRefusedTitle', 'inputRefusedDescription'],
  'not-allowed': ['notAllowedTitle', 'notGrantedDescription'],
  'not-found': ['notFoundTitle', 'notFoundDescription'],
  429: ['rateLimitedTitle', 'rateLimitedDescription'],
} as const;

function reasonOf(kind: PaymentsErrorKind, code?: string, status?: number, upstreamCode?: string): Reason | undefined {
  // No session ever existed: "expired, reload" would be wrong. Getting one failed: nothing was sent.
  if (code === 'session_required' || code === 'session_not_given') return 'no-session';
  if (code === 'session_unavailable') return 'not-started';
  if ((sessionErrorCodes as readonly (string | undefined)[]).includes(code)) return 'session';
  if (code === 'not_granted' || code === 'cross_site_refused') return 'not-granted';
  if (upstreamCode === 'transaction-insufficient-funds') return 'insufficient-funds';
  if (isUpstreamBusy(upstreamCode)) return 'busy';
  // Kind `http`: the payments service answered (the proxy's own 400 is `invalid_request`).
  if (upstreamCode === 'invalid-input' || (kind === 'http' && status === 400)) return 'invalid-input';
  if (kind !== 'http') return undefined;
  // The proxy's own 403s keep their words: `not_granted` above, `forbidden` (`authorize`) generic.
  // Its own 401s are the session's, above; a 401 it passes on is the API refusing the merchant's
  // account, which no retry from this page changes.
  if ((status === 403 && code !== 'forbidden') || (status === 401 && code === 'upstream_rejected')) return 'not-allowed';
  return status === 404 ? 'not-found' : undefined;
}

/**
 * The error state of a component: title and advice for the error kind, an optional request id
 * and an optional retry button, in a `role="alert"` region so it is announced when it appears.
 * The error's own `message` is for developers (English, technical) and is not shown. A refused
 * session or grant (`code`) says so instead, with `data-refusal="session"`, `"no-session"` (none
 * was given) or `"not-granted"`;
 * so do the payments service's refusals (`upstreamCode`, `status`): `data-refusal=
 * "insufficient-funds"`, `"invalid-input"`, `"not-allowed"` or `"not-found"`; a busy service (`resource-busy`)
 * and a 429 (`status`) say "try again shortly" / "too many requests" and keep the retry button.
 */
export function ErrorState({ error, messages, onRetry, className, ...rest }: ErrorStateProps) {
  const { kind, code, status, upstreamCode, requestId } = error;
  const reason = reasonOf(kind, code, status, upstreamCode);
  const refusal = reason === 'busy' || reason === 'not-started' ? undefined : reason;
  // A 429 has words without a reason; no other status is a key of `reasonWords`.
  const words = reasonWords[(reason ?? status) as keyof typeof reasonWords] as (typeof reasonWords)[Reason | 429] | undefined;
  // Words for the API's own code first, where the messages carry them (docs/api.md#errors): an
  // own entry only, so a code such as `constructor` never reads the object's prototype.
  const [title, description] =
    upstreamCode && Object.hasOwn(messages.errorTitles, upstreamCode)
      ? [messages.errorTitles[upstreamCode as UpstreamErrorCode], messages.errorDescriptions[upstreamCode as UpstreamErrorCode]]
    : words
      ? words.map((key) => messages[key])
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
      <ErrorReference requestId={requestId} messages={messages} />
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

/** An error's request id, for a support ticket ("Reference: …"); nothing without one. */
export function ErrorReference({ requestId, messages }: { requestId: string | undefined; messages: Pick<PaymentsMessages, 'errorReference'> }) {
  return requestId ? <p className="pk-error__reference">{formatMessage(messages.errorReference, { requestId })}</p> : null;
}
