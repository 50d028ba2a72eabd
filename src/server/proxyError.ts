import { PaymentsError } from '../api/errors.js';
import type { UpstreamReason } from '../api/upstreamReason.js';

/** Headers an error answer carries besides the JSON ones (`Allow`, `Retry-After`). */
const answerHeaders = new WeakMap<PaymentsError, Record<string, string>>();

/**
 * An error the proxy answers with. A 400 of the proxy's own is the input failing validation (kind
 * `invalid_request`, as `parseRequestPart` throws: nothing was sent); every other status is kind
 * `http`: the browser got an HTTP answer with an error status (docs/api.md#errors). `headers` go
 * out with it. `upstream` marks an answer the payments API gave, whatever its status kind `http`
 * (the API received the call), with what it said (`upstreamCode`, `upstreamMessage`).
 */
export function proxyError(
  status: number,
  code: string,
  message: string,
  operation: string | undefined,
  cause?: unknown,
  headers?: Record<string, string>,
  upstream?: UpstreamReason,
): PaymentsError {
  const kind = status === 400 && !upstream ? 'invalid_request' : 'http';
  const error = new PaymentsError({ kind, status, code, message, operation, cause, ...upstream });
  if (headers) answerHeaders.set(error, headers);
  return error;
}

/** The extra headers `proxyError` was given for this error, if any. */
export function headersOf(error: unknown): Record<string, string> | undefined {
  return error instanceof PaymentsError ? answerHeaders.get(error) : undefined;
}
