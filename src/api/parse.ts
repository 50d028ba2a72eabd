import type * as z from 'zod/mini';
import type { OperationDefinition } from './defineOperation.js';
import { PaymentsError } from './errors.js';
import { upstreamReason } from './upstreamReason.js';

function describeIssues(error: z.core.$ZodError, label: string): string {
  const first = error.issues[0];
  if (!first) return `${label} is invalid`;
  const where = first.path.length > 0 ? `${label}.${first.path.map(String).join('.')}` : label;
  return `${where} ${first.message}`;
}

/**
 * Validates one part of a request (`params`, `query` or `body`) with its schema, or throws a
 * `PaymentsError` of kind `invalid_request` naming the field.
 */
export function parseRequestPart<S extends z.ZodMiniType>(
  operation: string,
  part: 'params' | 'query' | 'body' | 'headers',
  schema: S,
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return fail('invalid_request', operation, describeIssues(result.error, part), result.error);
}

/** What an operation resolves with: its response schema's output. */
export type OperationResult<D extends Pick<OperationDefinition, 'response'>> = z.output<D['response']>;

/**
 * Whether `value` is the legacy envelope's refusal, `{ success: false }`, for an
 * operation marked `envelope: 'success'`. It is an answer but not data, so it is decided here,
 * before the response schema (which describes the success branch only): the client turns it into
 * a `PaymentsError`, and the proxy passes it through unchanged for the client to do so
 * (docs/api.md#forward-compatibility, the legacy envelope).
 */
export function isEnvelopeRefusal(definition: Pick<OperationDefinition, 'envelope'>, value: unknown): boolean {
  return (
    definition.envelope === 'success' &&
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false
  );
}

/**
 * The legacy envelope's refusal as the error it is: kind `http`, code `success_false`, with the
 * refusal's `error_code` and `message` as `upstreamCode` and `upstreamMessage` (docs/api.md#errors).
 */
export function refusalError(operation: string, value: unknown, status = 200): PaymentsError {
  return new PaymentsError({
    kind: 'http',
    status,
    code: 'success_false',
    operation,
    message: `The payments API answered ${operation} with success: false.`,
    ...upstreamReason(value),
  });
}

/**
 * Validates a response body with the operation's schema, and unwraps the legacy envelope:
 * `success: false` becomes an `http` error with code `success_false`, carrying the refusal's
 * `error_code` and `message` as `upstreamCode` and `upstreamMessage` (docs/api.md#errors).
 */
export function parseOperationResponse<D extends OperationDefinition>(
  definition: D,
  value: unknown,
  status = 200,
): OperationResult<D> {
  if (isEnvelopeRefusal(definition, value)) throw refusalError(definition.name, value, status);
  return parseAnswerShape(definition, value);
}

/**
 * Validates a response body with the operation's schema only: `parseOperationResponse` after its
 * envelope check, for a caller that has made that check itself (the browser's answer checker,
 * whose caller, callOperation, turns a legacy refusal into its error first), so that it carries
 * no refusal code of its own.
 */
export function parseAnswerShape<D extends Pick<OperationDefinition, 'name' | 'response'>>(definition: D, value: unknown): OperationResult<D> {
  const operation = definition.name;
  const result = definition.response.safeParse(value);
  if (!result.success) {
    return fail(
      'invalid_response',
      operation,
      `The payments API answered ${operation} with an unexpected shape: ${describeIssues(result.error, 'response')}`,
      result.error,
    );
  }
  return result.data as OperationResult<D>;
}

function fail(
  kind: 'invalid_request' | 'invalid_response',
  operation: string,
  message: string,
  cause: unknown,
): never {
  throw new PaymentsError({ kind, operation, message, cause });
}
