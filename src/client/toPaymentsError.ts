import { PaymentsError, isPaymentsError } from '../api/index.js';

/** The one error of a request the caller canceled. */
export function abortedError(operation: string, cause: unknown): PaymentsError {
  return new PaymentsError({
    kind: 'aborted',
    operation,
    message: `The request for ${operation} was canceled.`,
    cause,
  });
}

/**
 * Whatever a fetcher, or a host's `MutationCache` callback, throws becomes a `PaymentsError` naming
 * the operation, so views can rely on `kind`.
 */
export function toPaymentsError(error: unknown, operation: string, signal?: AbortSignal): PaymentsError {
  if (isPaymentsError(error)) {
    if (error.operation !== undefined) return error;
    // Its own fields are the init's (`message` is not enumerable on an Error: named apart).
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- the fields are wanted, not the prototype
    return new PaymentsError({ ...error, message: error.message, operation, cause: error });
  }
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
    return abortedError(operation, error);
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new PaymentsError({
      kind: 'timeout',
      operation,
      message: `The request for ${operation} timed out.`,
      cause: error,
    });
  }
  return new PaymentsError({
    kind: 'network',
    operation,
    message: `The request for ${operation} failed: ${error instanceof Error ? error.message : String(error)}`,
    cause: error,
  });
}
