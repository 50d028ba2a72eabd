import { flowOperationTable } from '../../api/index.js';
import { ownedAnswer } from '../sessions/grantedBody.js';
import type { ProxyOperations } from '../sessions/ProxyOperations.js';

/**
 * The flow read for the proxy's `operations` option: `getFlow` (docs/api.md#read-a-flow), which
 * an open `FlowLauncher` calls while an event stream is open for its page (`payments-kit/live`).
 * Closed like every operation: a session reads only the flows of the user its grant names
 * (`allow.flows.userId`; without it, 403 `not_granted`), and another user's flow, or one no user
 * has claimed, answers the 404 of a flow that does not exist. Without this set a proxy does not
 * serve the read, and FlowLauncher follows the hosted page's messages alone, as it does without a
 * stream.
 *
 * @example
 * import { createPaymentsProxy } from 'payments-kit/server';
 * import { flowOperations } from 'payments-kit/server/flows';
 *
 * export const paymentsProxy = createPaymentsProxy({ ...options, operations: [flowOperations] });
 */
export const flowOperations: ProxyOperations = {
  table: flowOperationTable,
  grantField: 'flows.userId',
  // Whose flow it is shows only in the answer (checkAnswer): without a user, none is.
  notGranted: (allow) => (allow.flows?.userId === undefined ? 'the flows of a user' : undefined),
  grantedQuery: (_allow, call) => call.query,
  checkAnswer: (allow, name, answer) => {
    ownedAnswer(answer, allow.flows?.userId, name);
    return answer;
  },
};
