import { isEnvelopeRefusal, leavesOutcomeUnknown, type OperationDefinition } from '../../api/index.js';
import type { UpstreamReason } from '../../api/upstreamReason.js';
import { cleanUpstreamReason, readsAsPlainText } from './cleanUpstreamReason.js';
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
 * | 404 | 404 `not_found`, without the API's words: it reads as the 404 the proxy answers for another user's transfer |
 * | 408, 425, 429, or any 4xx with `error_code` `resource-busy` or `service-unavailable` (outcome unknown: `leavesOutcomeUnknown`) | same status, `upstream_retry_later` (+ its `Retry-After`) |
 * | 409 on a confirm | 409 `idempotency_key_in_use` (+ `Retry-After`) |
 * | other 4xx | same status, `upstream_rejected`, with upstream's message only when it is a short plain sentence without credentials |
 * | 5xx, network failure | 502 `upstream_error` |
 * | no answer within `timeoutMs` | 504 `upstream_timeout` |
 *
 * Every error answer of the API (4xx, 5xx) is kind `http`, even a 400: the API received the
 * call. What a 4xx's body but a 404's says (`error_code`, `message`) goes on as `upstreamCode` and
 * `upstreamMessage` when it reads as plain text (`cleanUpstreamReason`: invisible characters
 * stripped, credentials redacted, bounded, no address, markup or path). A 5xx's goes to `onError`
 * alone, as the error's `cause` (an {@link UpstreamAnswerError}): a failing service's message is
 * about its insides (docs/api.md#errors), not the call. A 4xx's goes there too, unfiltered.
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
    // A 404 reads the same whatever the API said: a read the proxy answers 404 because the
    // resource is another user's (checkTransfersAnswer) must not be told apart from an id that
    // does not exist by the API's words.
    const body = status === 404 ? undefined : parseJson(text);
    // What the API said (docs/api.md#errors): all of it for the merchant's logs, what reads as
    // plain text beside the proxy's own code for the browser.
    const { shown, logged } = cleanUpstreamReason(body, redactor);
    const cause = new UpstreamAnswerError(name, status, logged);
    if (status >= 500) {
      throw proxyError(502, 'upstream_error', `The payments API failed to answer ${name} (status ${status}).`, name, cause);
    }
    const refuse = (to: number, code: string, message: string, headers?: Record<string, string>) =>
      proxyError(to, code, message, name, cause, headers, shown);
    const retryAfter = retryAfterOf(answer.retryAfter);
    // A "not now" of the contract's one rule, by status or by the API's own code (a 409 on a
    // confirm gets its own code below).
    if (leavesOutcomeUnknown(status, undefined, logged.upstreamCode)) {
      throw refuse(status, 'upstream_retry_later', `The payments API asked to retry ${name} later (status ${status}).`, retryAfter);
    }
    if (status === 409 && operation.idempotent) {
      throw refuse(
        status,
        'idempotency_key_in_use',
        `The payments API is still handling a request with this Idempotency-Key for ${name}; retry with the same key.`,
        retryAfter ?? { 'retry-after': '1' },
      );
    }
    if (status === 401) {
      // The API refused this proxy's own Basic credentials: no page can fix that, its operator can.
      throw refuse(status, 'upstream_rejected', `The payments API refused the proxy's credentials for ${name}: check PAYMENTS_CLIENT_ID and PAYMENTS_API_KEY.`);
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
    const { upstreamCode, upstreamMessage } = cleanUpstreamReason(value, redactor).shown;
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
 * sentence: printable ASCII, and plain text as `upstreamMessage` must be (`readsAsPlainText`).
 */
function plainMessage(value: unknown, redactor: Redactor): string | undefined {
  const candidate = pickMessage(value);
  if (candidate === undefined) return undefined;
  if (!/^[\x20-\x7E]{1,200}$/.test(candidate)) return undefined;
  return readsAsPlainText(candidate, redactor) ? candidate : undefined;
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

/**
 * The `cause` of an error the API answered, as `onError` gets it: its status and what its body
 * said (`error_code`, `message`), cleaned of invisible characters and of the proxy's credentials,
 * bounded, but not filtered: a 5xx's message about a database or a file is for the merchant's
 * logs, and never reaches the browser.
 */
export class UpstreamAnswerError extends Error {
  override readonly name = 'UpstreamAnswerError';
  /** The API's HTTP status. */
  readonly status: number;
  readonly upstreamCode: string | undefined;
  readonly upstreamMessage: string | undefined;

  constructor(operation: string, status: number, { upstreamCode, upstreamMessage }: UpstreamReason) {
    const said = [
      ...(upstreamCode === undefined ? [] : [`error_code ${JSON.stringify(upstreamCode)}`]),
      ...(upstreamMessage === undefined ? [] : [`message ${JSON.stringify(upstreamMessage)}`]),
    ];
    super(`The payments API answered ${operation} with status ${status}${said.length === 0 ? '' : ` (${said.join(', ')})`}.`);
    this.status = status;
    this.upstreamCode = upstreamCode;
    this.upstreamMessage = upstreamMessage;
  }
}
