import { PaymentsError, isPaymentsError, type OperationName } from '../../api/index.js';

/**
 * `error` as a `PaymentsError` of `operation`. The kit's mutations only ever fail with one; this
 * covers a host's `MutationCache` callback that throws something else, so views can rely on
 * `kind`.
 */
export function toPaymentsError(error: unknown, operation: OperationName): PaymentsError {
  if (isPaymentsError(error)) return error;
  return new PaymentsError({
    kind: 'network',
    operation,
    message: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
