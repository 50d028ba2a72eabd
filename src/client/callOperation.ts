import {
  buildPath,
  idempotencyKeySchema,
  parseOperationResponse,
  parseRequestPart,
  type OperationDefinition,
  type OperationName,
} from '../api/index.js';
import { abortedError, toPaymentsError } from './toPaymentsError.js';
import type { CallOperationOptions, OperationData, OperationInput, PaymentsFetcher } from './types.js';

const IDEMPOTENCY_KEY = 'Idempotency-Key';

/**
 * Calls one operation of the operations table through `fetcher`:
 * 1. validates path parameters, query and body with the operation's schemas — invalid input
 *    rejects with `invalid_request` and nothing is sent;
 * 2. fills the path template and calls the fetcher;
 * 3. validates the answer — a broken shape is `invalid_response`, a legacy `success: false` is
 *    an `http` error (code `success_false`), never data (docs/api.md#forward-compatibility).
 *
 * The operation is passed as its definition (`import { getTransaction } from …`), not its name,
 * so a bundle carries the schemas of the operations it calls and no others.
 *
 * Always rejects with a `PaymentsError` whose `operation` is the operation's name, whatever the
 * fetcher threw.
 */
export async function callOperation<D extends OperationDefinition & { readonly name: OperationName }>(
  fetcher: PaymentsFetcher,
  definition: D,
  input: OperationInput<D>,
  options: CallOperationOptions = {},
): Promise<OperationData<D>> {
  const name = definition.name;
  const { signal } = options;
  const raw = input as { params?: unknown; query?: unknown; body?: unknown };

  const params = definition.params
    ? (parseRequestPart(name, 'params', definition.params, raw.params) as Record<string, string>)
    : undefined;
  const query = definition.query
    ? toQueryRecord(parseRequestPart(name, 'query', definition.query, raw.query ?? {}))
    : undefined;
  const body = definition.body ? parseRequestPart(name, 'body', definition.body, raw.body) : undefined;
  const headers = { ...options.headers };
  if (definition.idempotent) {
    // Money-moving operations go out only with a well-formed key, so a retried user action can
    // be recognised upstream and the money moves at most once (docs/api.md#idempotency).
    parseRequestPart(name, 'headers', idempotencyKeySchema, headerValue(headers, IDEMPOTENCY_KEY));
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
    throw toPaymentsError(error, name, signal);
  }
  // A custom fetcher may ignore the signal: an answer that arrives after cancellation is dropped.
  if (signal?.aborted) throw abortedError(name, signal.reason);

  // parseResponse throws on a legacy `success: false`, so what it returns is the success branch.
  return parseOperationResponse(definition, json);
}

/** Drops absent values: an omitted parameter is not sent as `?tz=undefined`. */
function toQueryRecord(value: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry === 'string') record[key] = entry;
  }
  return record;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}
