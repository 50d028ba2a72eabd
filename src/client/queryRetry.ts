import { isPaymentsError, isRetryableError } from '../api/index.js';

/** Retries after a retryable error other than 429. */
const RETRIES = 2;
/**
 * Retries after a 429: a rate limit clears by itself, and the proxy counts a refused call for
 * nothing upstream, so one more wait is worth it before the user sees an error.
 */
const RATE_LIMITED_RETRIES = 3;
/**
 * Longest wait before a retry, whatever `Retry-After` asks: a page left on a spinner for minutes
 * looks broken; the error state, with its "Try again", says more.
 */
const MAX_DELAY_MS = 30_000;

/**
 * The retry of the kit's own `QueryClient` for reads (a host's client keeps its own): only what
 * may succeed next time (`isRetryableError`: no answer, or an outcome left unknown), twice, or three
 * times after a 429. Each retry waits what the answer's `Retry-After` asked (`retryAfterMs`), at
 * most `MAX_DELAY_MS`; without one, react-query's own doubling backoff.
 */
export const queryRetry = {
  retry: (failureCount: number, error: unknown): boolean =>
    isRetryableError(error) &&
    failureCount < ((error as { status?: unknown }).status === 429 ? RATE_LIMITED_RETRIES : RETRIES),
  retryDelay: (failureCount: number, error: unknown): number =>
    Math.min((isPaymentsError(error) ? error.retryAfterMs : undefined) ?? 1000 * 2 ** failureCount, MAX_DELAY_MS),
};
