// Loaded only for an answer no kit proxy checked (a host's own backend behind a custom fetcher, an
// older proxy, the sandbox reached directly): the operations' schemas and zod come with it, in a
// chunk of their own that the page fetches the first time it needs it.
import { answerSchemas } from '../api/answerSchemas.js';
import { parseAnswerShape } from '../api/parse.js';
import type { OperationName } from '../api/index.js';

/**
 * Checks `value` as the answer of `name`, as the proxy does (`parseAnswerShape`). A legacy
 * refusal (`success: false`) never reaches it: callOperation makes it its error first.
 */
export function checkAnswer(name: OperationName, value: unknown): unknown {
  return parseAnswerShape({ name, response: answerSchemas[name] }, value);
}
