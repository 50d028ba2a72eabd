// Loaded only for an answer no kit proxy checked (a host's own backend behind a custom fetcher, an
// older proxy, the sandbox reached directly): the operations' schemas and zod come with it, in a
// chunk of their own that the page fetches the first time it needs it.
import { operations, parseOperationResponse, type OperationName } from '../api/index.js';

/** Checks `value` as the answer of `name`, as the proxy does; see `parseOperationResponse`. */
export function checkAnswer(name: OperationName, value: unknown): unknown {
  return parseOperationResponse(operations[name], value);
}
