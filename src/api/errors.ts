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
  /**
   * How long the answer asked the caller to wait before trying again, in ms: its `Retry-After`
   * header (whole seconds), where it sent one (a 429, a 503). Not part of the error body.
   */
  retryAfterMs?: number | undefined;
  /**
   * The payments API's own `error_code`, where it answered with one (e.g.
   * `transaction-insufficient-funds`, `resource-busy`, `invalid-input`: docs/api.md#errors). The
   * proxy passes it on beside its own `code` (at most 64 characters, invisible characters
   * stripped, credentials redacted).
   */
  upstreamCode?: string | undefined;
  /**
   * The payments API's own `message`, where it answered with one (e.g. "Not enough funds in
   * wallet"), for logs and support: English, at most 300 characters, invisible characters
   * stripped, credentials redacted. The components show their own words, not this.
   */
  upstreamMessage?: string | undefined;
  cause?: unknown;
}

// The fields an error carries beside its kind and message, in the order of its wire shape: one
// list for the constructor, `toJSON` and a copy under another operation (toPaymentsError).
const errorFields = ['status', 'code', 'operation', 'requestId', 'retryAfterMs', 'upstreamCode', 'upstreamMessage'] as const;
type ErrorField = (typeof errorFields)[number];

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
  readonly retryAfterMs: number | undefined;
  readonly upstreamCode: string | undefined;
  readonly upstreamMessage: string | undefined;

  constructor(init: PaymentsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    for (const field of errorFields) (this as Record<ErrorField, unknown>)[field] = init[field];
  }

  /**
   * The wire shape: `{ error: { kind, status, message, operation, code?, requestId?,
   * upstreamCode?, upstreamMessage? } }`.
   */
  toJSON(): PaymentsErrorBody {
    const error: Record<string, unknown> = { kind: this.kind, message: this.message };
    // An absent field is left out, not written as `undefined`; `retryAfterMs` travels as the
    // answer's `Retry-After` header, not in the body.
    for (const field of errorFields) if (field !== 'retryAfterMs' && this[field] !== undefined) error[field] = this[field];
    return { error } as PaymentsErrorBody;
  }
}

/**
 * The one error shape that leaves the proxy (docs/api.md#errors). `retryAfterMs` is not in it:
 * the wait travels as the answer's `Retry-After` header.
 */
export interface PaymentsErrorBody {
  error: Omit<PaymentsErrorInit, 'cause' | 'retryAfterMs'>;
}

/** Type guard that works across bundle copies (no `instanceof` on purpose). */
export function isPaymentsError(value: unknown): value is PaymentsError {
  return (
    value instanceof Error &&
    value.name === 'PaymentsError' &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/** Whether the payments API's `error_code` says "not now": `resource-busy` or `service-unavailable` (docs/api.md#errors). */
export function isUpstreamBusy(upstreamCode: string | undefined): boolean {
  return upstreamCode === 'resource-busy' || upstreamCode === 'service-unavailable';
}

/** True for a 404 answer: the resource does not exist (or the caller may not see it). */
export function isNotFoundError(error: unknown): boolean {
  return isPaymentsError(error) && error.kind === 'http' && error.status === 404;
}

/**
 * The kit's one rule for "outcome unknown" (docs/api.md#idempotency): whether an answer with this
 * status (and, for the proxy's own answers, code; for the API's, `error_code`) leaves it open whether a money-moving call was
 * carried out, so the same request may be tried again with the same `Idempotency-Key`, and may
 * succeed next time. True for no answer at all (`status` undefined), a 5xx, and the statuses
 * that say "not now" rather than "no": 408, 425, 429, and 409 `idempotency_key_in_use` (the
 * proxy's answer when a request with the key is still in progress, here or at the payments API;
 * its 409 `idempotency_conflict` is a definitive "no"). A 502 `flow_link_refused` is definitive
 * too: the same request is refused again. Whatever the status, so is the payments API's own "not
 * now": its `error_code` `resource-busy` (an earlier request is still being processed) or
 * `service-unavailable`, which the proxy answers with code `upstream_retry_later`
 * (docs/api.md#errors).
 *
 * The proxy stores and replays a confirm's answer only when this is false; the browser offers a
 * retry with the same key only when it is true.
 */
export function leavesOutcomeUnknown(status: number | undefined, code?: string, upstreamCode?: string): boolean {
  if (status === undefined || code === 'upstream_retry_later' || isUpstreamBusy(upstreamCode)) return true;
  if (status >= 500) return code !== 'flow_link_refused';
  if (status === 409) return code === 'idempotency_key_in_use';
  return status === 408 || status === 425 || status === 429;
}

/**
 * Whether trying the same request again may succeed: no answer (network, timeout), or an answer
 * that leaves the outcome unknown ({@link leavesOutcomeUnknown}). For a confirm, retry with the
 * same `Idempotency-Key`. Other 4xx answers and validation failures will fail the same way again.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isPaymentsError(error)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'http':
      return leavesOutcomeUnknown(error.status, error.code, error.upstreamCode);
    default:
      return false;
  }
}
