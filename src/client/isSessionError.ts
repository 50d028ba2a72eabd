import { isPaymentsError, sessionErrorCodes, type PaymentsError } from '../api/index.js';

export { sessionErrorCodes } from '../api/index.js';
export type { SessionErrorCode } from '../api/index.js';

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
