import { PaymentsError, isPaymentsError } from '../api/index.js';
import { headersOf } from './proxyError.js';
import type { ProxyAnswer } from './types.js';

/**
 * Turns anything thrown while handling a request into the kit's one error shape (docs/api.md#errors).
 * Validation failures (`invalid_request`, thrown by `parseRequestPart` without a status) are
 * 400s; anything that is not a `PaymentsError` is a bug here and answers a bare 500: no stack,
 * no message of the original error, which could name an upstream URL.
 */
export function errorAnswer(
  error: unknown,
  operation: string | undefined,
  headers?: Record<string, string>,
): { answer: ProxyAnswer; error: PaymentsError } {
  const answered = toAnsweredError(error, operation);
  const status = answered.status ?? 500;
  const own = headersOf(error);
  const all = own && headers ? { ...own, ...headers } : (own ?? headers);
  return { answer: { status, body: JSON.stringify(answered.toJSON()), headers: all }, error: answered };
}

function toAnsweredError(error: unknown, operation: string | undefined): PaymentsError {
  if (isPaymentsError(error)) {
    if (error.status !== undefined && error.code !== undefined && error.operation === (operation ?? error.operation)) {
      return error;
    }
    const isValidation = error.kind === 'invalid_request';
    return new PaymentsError({
      kind: error.kind,
      status: error.status ?? (isValidation ? 400 : 500),
      code: error.code ?? (isValidation ? 'invalid_request' : 'internal_error'),
      message: error.message,
      operation: operation ?? error.operation,
      upstreamCode: error.upstreamCode,
      upstreamMessage: error.upstreamMessage,
      cause: error.cause,
    });
  }
  return new PaymentsError({
    kind: 'http',
    status: 500,
    code: 'internal_error',
    message: `The payments proxy failed to handle ${operation ?? 'the request'}.`,
    operation,
    cause: error,
  });
}
