import { isEnvelopeRefusal, leavesOutcomeUnknown, type OperationDefinition } from '../../api/index.js';
import { cleanUpstreamReason } from './cleanUpstreamReason.js';
import { proxyError } from '../proxyError.js';
import type { Redactor } from './redact.js';
import type { UpstreamClient, UpstreamRequest } from './UpstreamClient.js';

/** What the proxy sends back for an upstream answer it accepted: a status and JSON text. */
export interface UpstreamResult {
  status: number;
  body: string;
  /** The body is the answer as the operation's schema reads it (`ANSWER_CHECKED_HEADER`). */
  checked: boolean;
}

/**
 * Calls the payments API once and maps its answer onto the proxy's table
 * (docs/server.md#what-it-forwards-and-what-it-refuses); every refusal is thrown as the error the
 * browser gets:
 *
 * | upstream | proxy |
 * |---|---|
 * | 2xx matching the operation's response schema | same status, the body as the schema reads it (credentials redacted), with `Payments-Answer-Checked: 1` |
 * | 2xx of another shape, not JSON, not UTF-8, compressed, over the size cap | 502 `upstream_invalid_response` |
 * | 1xx, 3xx | 502 `upstream_redirect` (3xx, never followed) or `upstream_invalid_response` |
 * | 404 | 404 `not_found` |
 * | 408, 425, 429, or any 4xx with `error_code` `resource-busy` or `service-unavailable` (outcome unknown: `leavesOutcomeUnknown`) | same status, `upstream_retry_later` (+ its `Retry-After`) |
 * | 409 on a confirm | 409 `idempotency_key_in_use` (+ `Retry-After`) |
 * | other 4xx | same status, `upstream_rejected`, with upstream's message only when it is a short plain sentence without credentials |
 * | 5xx, network failure | 502 `upstream_error` |
 * | no answer within `timeoutMs` | 504 `upstream_timeout` |
 *
 * Every error answer of the API (4xx, 5xx) is kind `http`, even a 400: the API received the
 * call. Its body's `error_code` and `message` go on as `upstreamCode` and `upstreamMessage`
 * (`upstreamReason`: invisible characters stripped, credentials redacted, bounded).
 */
export async function callUpstream(
  client: UpstreamClient,
  operation: OperationDefinition,
  request: UpstreamRequest,
  redactor: Redactor,
  timeoutMs: number,
): Promise<UpstreamResult> {
  const name = operation.name;
  const answer = await client.request(request);
  if (!answer.ok) {
    const { failure, cause } = answer;
    switch (failure) {
      case 'timeout':
        throw proxyError(504, 'upstream_timeout', `The payments API did not answer ${name} within ${timeoutMs} ms.`, name, cause);
      case 'redirect':
        throw proxyError(502, 'upstream_redirect', `The payments API answered ${name} with a redirect, which the proxy does not follow.`, name, cause);
      case 'too_large':
        throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with a body larger than the proxy accepts.`, name, cause);
      case 'unsupported':
        throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} in a form the proxy cannot read.`, name, cause);
      case 'aborted':
      case 'network':
        throw proxyError(502, 'upstream_error', `The payments API could not be reached for ${name}.`, name, cause);
    }
  }
  const { status, body: text } = answer;
  if (status >= 400) {
    const body = parseJson(text);
    // What the API said, passed on beside the proxy's own code (docs/api.md#errors).
    const reason = cleanUpstreamReason(body, redactor.redactText);
    const refuse = (to: number, code: string, message: string, headers?: Record<string, string>) =>
      proxyError(to, code, message, name, undefined, headers, reason);
    if (status >= 500) {
      throw refuse(502, 'upstream_error', `The payments API failed to answer ${name} (status ${status}).`);
    }
    const retryAfter = retryAfterOf(answer.retryAfter);
    // A "not now" of the contract's one rule, by status or by the API's own code (a 409 on a
    // confirm gets its own code below).
    if (leavesOutcomeUnknown(status, undefined, reason.upstreamCode)) {
      throw refuse(status, 'upstream_retry_later', `The payments API asked to retry ${name} later (status ${status}).`, retryAfter);
    }
    if (status === 409 && operation.idempotent) {
      throw refuse(
        409,
        'idempotency_key_in_use',
        `The payments API is still handling a request with this Idempotency-Key for ${name}; retry with the same key.`,
        retryAfter ?? { 'retry-after': '1' },
      );
    }
    const message = plainMessage(body, redactor);
    throw refuse(status, status === 404 ? 'not_found' : 'upstream_rejected', message ?? `The payments API refused ${name} (status ${status}).`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with a body that is not JSON.`, name, error);
  }
  // The legacy envelope's refusal (`{ success: false }`) is a well-formed answer: it goes to the
  // browser, which turns it into an error there, with its reason cleaned as any error's is.
  if (isEnvelopeRefusal(operation, value)) {
    const { upstreamCode, upstreamMessage } = cleanUpstreamReason(value, redactor.redactText);
    return { status, body: JSON.stringify({ success: false, message: upstreamMessage, error_code: upstreamCode }), checked: false };
  }
  const checked = operation.response.safeParse(value);
  if (!checked.success) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with an unexpected shape.`, name, checked.error);
  }
  // Sent as the schema read it (amounts as numbers, tolerant fields settled), so the browser takes
  // it without checking it again; reading it once more gives the same value, so a page of an
  // older release, which checks every answer, reads it as before.
  const normalized: unknown = checked.data;
  return { status, body: redactor.redactJson(JSON.stringify(normalized), normalized), checked: true };
}

/** Upstream's `Retry-After` when it is a plain number of seconds up to an hour; else none. */
function retryAfterOf(value: string | undefined): Record<string, string> | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value.trim()) || Number(value) > 3600) return undefined;
  return { 'retry-after': String(Number(value)) };
}

/** The body's JSON value, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Upstream's own words for a 4xx as the error's `message`, only when they are a short plain
 * sentence: no control characters, no markup, no URL, no form of the credentials. (They always
 * travel as `upstreamMessage`, cleaned and redacted.)
 */
function plainMessage(value: unknown, redactor: Redactor): string | undefined {
  const candidate = pickMessage(value);
  if (candidate === undefined) return undefined;
  if (!/^[\x20-\x7E]{1,200}$/.test(candidate)) return undefined;
  if (/[<>{}]|:\/\/|\bbasic\s/i.test(candidate)) return undefined;
  if (redactor.holdsSecret(candidate)) return undefined;
  return candidate;
}

function pickMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.error === 'object' && record.error !== null) {
    const inner = (record.error as Record<string, unknown>).message;
    if (typeof inner === 'string') return inner;
  }
  return undefined;
}
