import type { OperationName, OperationTable } from '../../api/index.js';
import type { ProxyAnswer } from '../proxyError.js';
import type { GrantedCall } from './grantedBody.js';
import type { PaymentsGrant } from './paymentsGrant.js';

/**
 * Operations a proxy serves beside the five it always serves, with the grant that covers them.
 * Made by the kit (`transferOperations` from `payments-kit/server/transfers`, `flowOperations`
 * from `payments-kit/server/flows`) and given to the
 * proxy's `operations` option as they are, so a proxy carries a set's schemas and checks only
 * when it serves them.
 */
export interface ProxyOperations {
  /** The operations, by name (docs/api.md#operations). */
  readonly table: OperationTable;
  /** The `PaymentsGrant` field that covers them (`flows.userId`: that field of `flows`): the one a 403 tells the developer to add. */
  readonly grantField: keyof PaymentsGrant | 'flows.userId';
  /** What `allow` does not grant of this call, in words for the 403, or `undefined`. */
  readonly notGranted: (allow: PaymentsGrant, call: GrantedCall) => string | undefined;
  /** The call's query as sent upstream under `allow`. */
  readonly grantedQuery: (allow: PaymentsGrant, call: GrantedCall) => GrantedCall['query'];
  /** A 2xx answer checked against `allow` before it leaves; throws the proxy error that answers instead. */
  readonly checkAnswer: (allow: PaymentsGrant, name: OperationName, answer: ProxyAnswer) => ProxyAnswer;
}
