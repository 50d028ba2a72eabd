import {
  PaymentsError,
  buildPath,
  isEnvelopeRefusal,
  refusalError,
  type Check,
  type OperationName,
  type OperationRoute,
} from '../api/index.js';
import { checkIdempotencyKey } from '../api/requestChecks.js';
import { checkedAnswers } from './checkedAnswers.js';
import { abortedError, toPaymentsError } from './toPaymentsError.js';
import type { CallOperationOptions, OperationData, OperationInput, PaymentsFetcher } from './types.js';

const IDEMPOTENCY_KEY = 'Idempotency-Key';

/**
 * The codes of the refusals a developer causes and fixes in code or configuration; and the API's
 * 401 to the proxy's credentials (`upstream_rejected`, status 401).
 */
const developerRefusals: readonly string[] = ['not_granted', 'cross_site_refused', 'flow_link_refused', 'session_invalid', 'session_not_given', 'proxy_misconfigured'];

/**
 * Calls one operation of the operations table through `fetcher`:
 * 1. checks before anything leaves the page what decides where a request goes and whether it
 *    may move money: every path parameter, the confirm's `Idempotency-Key`, and that each query
 *    value is a string — invalid input rejects with `invalid_request` and nothing is sent. The
 *    body and the form of the query values are the proxy's to check, in full: a wrong one is its
 *    400, kind `invalid_request`, and nothing reaches the payments API
 *    (docs/hooks.md#what-the-browser-checks). Through another fetcher, your backend checks them;
 * 2. fills the path template and calls the fetcher;
 * 3. takes an answer the kit's proxy checked as it is, and checks any other answer with the
 *    operation's schemas, loaded on first use — a broken shape is `invalid_response`; a legacy
 *    `success: false` is an `http` error (code `success_false`), never data
 *    (docs/api.md#forward-compatibility).
 *
 * The operation is passed as its route (`import { getTransaction } from 'payments-kit'`).
 *
 * Always rejects with a `PaymentsError` whose `operation` is the operation's name, whatever the
 * fetcher threw.
 */
export async function callOperation<D extends OperationRoute<OperationName>>(
  fetcher: PaymentsFetcher,
  definition: D,
  input: OperationInput<D>,
  options: CallOperationOptions = {},
): Promise<OperationData<D>> {
  const name = definition.name;
  const { signal } = options;
  const raw = input as { params?: unknown; query?: unknown; body?: unknown };

  const { checks } = definition;
  const params = checks.params ? (checkPart(name, 'params', checks.params, raw.params) as Record<string, string>) : undefined;
  const query = checks.query ? toQueryRecord(checkPart(name, 'query', checks.query, raw.query ?? {}), checks.query) : undefined;
  const body = definition.method === 'POST' ? raw.body : undefined;
  const headers = { ...options.headers };
  if (definition.idempotent) {
    // Money-moving operations go out only with a well-formed key, so a retried user action can
    // be recognised upstream and the money moves at most once (docs/api.md#idempotency).
    checkPart(name, 'headers', { [IDEMPOTENCY_KEY]: checkIdempotencyKey }, { [IDEMPOTENCY_KEY]: headerValue(headers, IDEMPOTENCY_KEY) });
  }

  if (signal?.aborted) throw abortedError(name, signal.reason);

  let json: unknown;
  try {
    json = await fetcher({
      operation: name,
      method: definition.method,
      base: definition.base,
      path: buildPath(definition.path, params),
      query,
      body,
      headers,
      signal,
    });
  } catch (error) {
    const failed = toPaymentsError(error, name, signal);
    // A refusal the developer fixes (a grant to add, an origin to list, a session's audience or
    // credentials): its way out in development's console. The end user's card says it plainly,
    // and the server's log (the proxy's onError) has the details the answer keeps to itself.
    const code = failed.code ?? '';
    if (
      typeof process !== 'undefined' &&
      process.env.NODE_ENV !== 'production' &&
      (developerRefusals.includes(code) || (code === 'upstream_rejected' && failed.status === 401))
    ) {
      console.warn(`payments-kit: ${failed.message} (${code}; the proxy's onError logs more on your server)`);
    }
    throw failed;
  }
  // A custom fetcher may ignore the signal: an answer that arrives after cancellation is dropped.
  if (signal?.aborted) throw abortedError(name, signal.reason);

  // The legacy envelope's refusal is an answer but not data, whoever checked it.
  if (isEnvelopeRefusal(definition, json)) throw refusalError(name, json);
  if (typeof json === 'object' && json !== null && checkedAnswers.has(json)) return json as OperationData<D>;
  let checkAnswer: (operation: OperationName, value: unknown) => unknown;
  try {
    ({ checkAnswer } = await import('./checkAnswer.js'));
  } catch (cause) {
    // The chunk did not load (offline, a deploy that removed it): the answer cannot be trusted,
    // and trying again loads it again.
    throw toPaymentsError(cause, name);
  }
  return checkAnswer(name, json) as OperationData<D>;
}

/**
 * One part of a request, with each declared field checked: the first refusal rejects with
 * `invalid_request` naming the field (`params.transaction_id may hold only …`). A part that is
 * not an object is checked as an empty one, so each field it needs says so.
 */
function checkPart(operation: string, part: string, fieldChecks: Readonly<Record<string, Check>>, value: unknown): unknown {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  for (const [field, check] of Object.entries(fieldChecks)) {
    const problem = check(record[field]);
    if (problem !== undefined) {
      throw new PaymentsError({ kind: 'invalid_request', operation, message: `${part}.${field} ${problem}` });
    }
  }
  return value;
}

/** The declared query parameters that are given: an omitted one is not sent as `?tz=undefined`. */
function toQueryRecord(value: unknown, declared: Readonly<Record<string, Check>>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of Object.keys(declared)) {
    const entry = (value as Record<string, unknown>)[key];
    if (typeof entry === 'string') record[key] = entry;
  }
  return record;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}
