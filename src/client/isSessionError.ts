import { isPaymentsError, type PaymentsError } from '../api/index.js';

/**
 * Codes of the proxy's 401 answers about the payment session: no `Payments-Session` header
 * (`session_required`), a token it cannot verify (`session_invalid`) or one past its expiry
 * (`session_expired`). A 401 from the proxy means nothing was sent to the payments API.
 */
export const sessionErrorCodes = ['session_required', 'session_invalid', 'session_expired'] as const;

/** One of {@link sessionErrorCodes}. */
export type SessionErrorCode = (typeof sessionErrorCodes)[number];

/**
 * Whether `error` is the proxy refusing the page's payment session (HTTP 401, one of
 * {@link sessionErrorCodes}): the same request fails again until the page has a new token, so
 * show "session expired" and offer no retry. With `getSession`, the kit's fetcher already asked
 * for a new token once before this reached you.
 *
 * @example
 * if (isSessionError(error)) return <p>Your session has expired. Reload the page to continue.</p>;
 */
export function isSessionError(error: unknown): error is PaymentsError {
  return (
    isPaymentsError(error) &&
    error.kind === 'http' &&
    error.status === 401 &&
    (sessionErrorCodes as readonly (string | undefined)[]).includes(error.code)
  );
}
