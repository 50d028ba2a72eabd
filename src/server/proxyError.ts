import { PaymentsError } from '../api/errors.js';

/**
 * An error the proxy answers with. A 400 is the input failing validation (kind
 * `invalid_request`, as `parseRequestPart` throws); every other status is kind `http`: the
 * browser got an HTTP answer with an error status (ARCHITECTURE.md, browser ↔ proxy contract).
 */
export function proxyError(
  status: number,
  code: string,
  message: string,
  operation: string | undefined,
  cause?: unknown,
): PaymentsError {
  return new PaymentsError({ kind: status === 400 ? 'invalid_request' : 'http', status, code, message, operation, cause });
}
