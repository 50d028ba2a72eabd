/**
 * What went wrong, as far as the kit can tell.
 * - `http`: the proxy or the API answered with an error status (or a legacy `success: false`).
 * - `network`: the request never got an answer (offline, DNS, connection reset, CORS).
 * - `timeout`: no answer within the fetcher's `timeoutMs`.
 * - `aborted`: the caller canceled (e.g. the component unmounted).
 * - `invalid_request`: the input failed validation; nothing was sent.
 * - `invalid_response`: the answer broke the documented shape (or was not JSON).
 */
export type PaymentsErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid_request'
  | 'invalid_response';

export const paymentsErrorKinds = [
  'http',
  'network',
  'timeout',
  'aborted',
  'invalid_request',
  'invalid_response',
] as const satisfies readonly PaymentsErrorKind[];

export interface PaymentsErrorInit {
  kind: PaymentsErrorKind;
  message: string;
  /** HTTP status of the answer, where there was one. */
  status?: number | undefined;
  /** Machine-readable reason, e.g. `not_found`, `success_false`, `body_too_large`. */
  code?: string | undefined;
  /** The operation of the operations table the request was for. */
  operation?: string | undefined;
  /** The proxy's or the API's request id, for support tickets. */
  requestId?: string | undefined;
  cause?: unknown;
}

/**
 * The one error type of the kit, on both sides of the proxy. Its JSON form
 * (`toJSON()`) is the error body the proxy sends, the one error shape of the browser ↔ proxy
 * contract (docs/api.md#errors).
 */
export class PaymentsError extends Error {
  override readonly name = 'PaymentsError';
  readonly kind: PaymentsErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly operation: string | undefined;
  readonly requestId: string | undefined;

  constructor(init: PaymentsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    this.requestId = init.requestId;
  }

  /** The wire shape: `{ error: { kind, status, message, operation, code?, requestId? } }`. */
  toJSON(): PaymentsErrorBody {
    return {
      error: {
        kind: this.kind,
        message: this.message,
        ...(this.status === undefined ? {} : { status: this.status }),
        ...(this.code === undefined ? {} : { code: this.code }),
        ...(this.operation === undefined ? {} : { operation: this.operation }),
        ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      },
    };
  }
}

/** The one error shape that leaves the proxy (docs/api.md#errors). */
export interface PaymentsErrorBody {
  error: Omit<PaymentsErrorInit, 'cause'>;
}

/** Type guard that works across bundle copies (no `instanceof` on purpose). */
export function isPaymentsError(value: unknown): value is PaymentsError {
  return (
    value instanceof Error &&
    value.name === 'PaymentsError' &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/** True for a 404 answer: the resource does not exist (or the caller may not see it). */
export function isNotFoundError(error: unknown): boolean {
  return isPaymentsError(error) && error.kind === 'http' && error.status === 404;
}

/**
 * Whether trying the same request again may succeed: no answer, a 5xx, or a 4xx that says "not
 * now" rather than "no" — 408, 425, 429, and 409 `idempotency_key_in_use` (a confirm with this
 * key is still in progress). For a confirm these mean the outcome is unknown: retry with the
 * same `Idempotency-Key` (docs/api.md#idempotency). Other 4xx answers and validation failures
 * will fail the same way again.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isPaymentsError(error)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'http':
      return (
        error.status === undefined ||
        error.status === 408 ||
        error.status === 425 ||
        error.status === 429 ||
        // A flow link the proxy refused is refused again for the same request.
        (error.status >= 500 && error.code !== 'flow_link_refused') ||
        (error.status === 409 && error.code === 'idempotency_key_in_use')
      );
    default:
      return false;
  }
}
