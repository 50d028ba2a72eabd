/**
 * The request header that carries the page's payment session token, from the browser's fetcher
 * to the proxy (docs/server.md#payment-sessions). Lower case: the Node path reads node:http's
 * lower-cased header names; `Headers` matches any case.
 */
export const SESSION_HEADER = 'payments-session';

/**
 * Codes of the proxy's 401 answers about the payment session: no `Payments-Session` header
 * (`session_required`), a token it cannot verify (`session_invalid`) or one past its expiry
 * (`session_expired`). A 401 from the proxy means nothing was sent to the payments API.
 */
export const sessionErrorCodes = ['session_required', 'session_invalid', 'session_expired'] as const;

/** One of {@link sessionErrorCodes}. */
export type SessionErrorCode = (typeof sessionErrorCodes)[number];
