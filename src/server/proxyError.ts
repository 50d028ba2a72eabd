import { PaymentsError } from '../api/errors.js';

/** Headers an error answer carries besides the JSON ones (`Allow`, `Retry-After`). */
const answerHeaders = new WeakMap<PaymentsError, Record<string, string>>();

/**
 * An error the proxy answers with. A 400 is the input failing validation (kind
 * `invalid_request`, as `parseRequestPart` throws); every other status is kind `http`: the
 * browser got an HTTP answer with an error status (docs/api.md#errors). `headers` go out with it.
 */
export function proxyError(
  status: number,
  code: string,
  message: string,
  operation: string | undefined,
  cause?: unknown,
  headers?: Record<string, string>,
): PaymentsError {
  const error = new PaymentsError({ kind: status === 400 ? 'invalid_request' : 'http', status, code, message, operation, cause });
  if (headers) answerHeaders.set(error, headers);
  return error;
}

/** The extra headers `proxyError` was given for this error, if any. */
export function headersOf(error: unknown): Record<string, string> | undefined {
  return error instanceof PaymentsError ? answerHeaders.get(error) : undefined;
}
