import type { OperationName } from '../../api/index.js';
import { proxyError, type ProxyAnswer } from '../proxyError.js';
import { ownedAnswer, type GrantedCall } from '../sessions/grantedBody.js';
import type { PaymentsGrant } from '../sessions/paymentsGrant.js';

/** One transfer call's validated parts, as the grant reads them. */
export type TransferCall = Pick<GrantedCall, 'name' | 'query'>;

/**
 * What `allow.transfers` does not grant of this call, in words for the 403, or `undefined`:
 * nothing without the field; under `userId`, a list naming another user and the merchant-wide
 * transactions; under `merchantWide`, nothing. A single transfer passes here and is checked on
 * its answer (`checkTransfersAnswer`).
 */
export function notGrantedTransfers(allow: PaymentsGrant, call: TransferCall): string | undefined {
  const granted = allow.transfers;
  if (granted === undefined) return 'transfers';
  if (granted.merchantWide === true) return undefined;
  if (call.name === 'listTransactions') return 'the merchant-wide transactions';
  const asked = call.query?.user_id;
  return call.name === 'listTransfers' && asked !== undefined && asked !== granted.userId ? `the transfers of user ${asked}` : undefined;
}

/**
 * The list's query as sent upstream: under `userId`, that `user_id` always, so the API filters by
 * the grant's user whatever the page sent or left out (a cursor included: it only places the
 * page within that user's transfers).
 */
export function grantedTransfersQuery(
  allow: PaymentsGrant,
  call: TransferCall,
): Record<string, string | undefined> | undefined {
  const userId = allow.transfers?.userId;
  return call.name === 'listTransfers' && userId !== undefined ? { ...call.query, user_id: userId } : call.query;
}

/**
 * Checks a 2xx answer under `userId` before it leaves: every transfer in it must be the granted
 * user's, by its own `user_id`. A single transfer of anyone else (or of no one) answers 404, as
 * one that does not exist, so a page cannot tell another user's id from a wrong one; a list
 * holding one is a broken answer (502), never passed on in part. Other answers pass unchanged.
 */
export function checkTransfersAnswer(allow: PaymentsGrant, name: OperationName, answer: ProxyAnswer): ProxyAnswer {
  const userId = allow.transfers?.userId;
  if (userId === undefined || answer.status >= 300 || (name !== 'getTransfer' && name !== 'listTransfers')) return answer;
  // The body is the proxy's own serialisation of a schema-checked answer: it parses.
  const value = JSON.parse(answer.body) as { user_id?: unknown; data?: { user_id?: unknown }[] };
  if (name === 'getTransfer') {
    ownedAnswer(answer, userId, name);
  } else if (!(value.data ?? []).every((transfer) => transfer.user_id === userId)) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with transfers of another user.`, name);
  }
  return answer;
}
