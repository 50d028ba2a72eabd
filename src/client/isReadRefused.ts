import { isPaymentsError } from '../api/index.js';

/**
 * Whether a read's error says the page may not see what it asked for: 401 (no session the proxy
 * accepts), 403 (outside the session's grant, or refused by the payments API) or 404 (not there).
 * Such an answer replaces whatever an earlier read of the same thing showed, which is no longer
 * vouched for; any other failure of a read made in the background leaves it shown
 * (docs/spa.md#when-the-user-changes).
 */
export function isReadRefused(error: unknown): boolean {
  return isPaymentsError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403 || error.status === 404);
}
