import { isPaymentsError, PaymentsError } from '../api/errors.js';
import type { UpstreamReason } from '../api/upstreamReason.js';

/** What the proxy answers: always JSON, with these extra headers (`Allow`, `Idempotent-Replayed`, `Retry-After`). */
export interface ProxyAnswer {
  status: number;
  body: string;
  headers: Record<string, string> | undefined;
}

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
