import { transferOperationTable } from '../../api/index.js';
import type { ProxyOperations } from '../sessions/ProxyOperations.js';
import { checkTransfersAnswer, grantedTransfersQuery, notGrantedTransfers } from './transfersGrant.js';

/**
 * The transfer operations for the proxy's `operations` option: `listTransfers`, `getTransfer` and
 * `listTransactions` (docs/api.md#list-transfers), which `TransferList` and `useTransfers` call.
 * Closed like every operation: a session reaches them only with `allow.transfers`, either one
 * user's (`{ userId }`: the proxy sends that `user_id` whatever the page sends, and answers only
 * that user's transfers) or the merchant's (`{ merchantWide: true }`, for staff pages).
 *
 * @example
 * import { createPaymentsProxy } from 'payments-kit/server';
 * import { transferOperations } from 'payments-kit/server/transfers';
 *
 * export const paymentsProxy = createPaymentsProxy({ ...options, operations: [transferOperations] });
 */
export const transferOperations: ProxyOperations = {
  table: transferOperationTable,
  grantField: 'transfers',
  notGranted: notGrantedTransfers,
  grantedQuery: grantedTransfersQuery,
  checkAnswer: checkTransfersAnswer,
};
