import { confirmPaymentIntent } from './operations/confirmPaymentIntent.js';
import { createFlow } from './operations/createFlow.js';
import { getFlow } from './operations/getFlow.js';
import { getLegacyTransaction } from './operations/getLegacyTransaction.js';
import { getTransaction } from './operations/getTransaction.js';
import { getTransactionVolume } from './operations/getTransactionVolume.js';
import { getTransfer } from './operations/getTransfer.js';
import { listTransactions } from './operations/listTransactions.js';
import { listTransfers } from './operations/listTransfers.js';

// The operations in tables, so the proxy carries the transfer operations' and the flow read's schemas
// only when a merchant serves them (payments-kit/server/transfers, payments-kit/server/flows);
// operations.ts joins them for the code that
// needs every operation (the sandbox, the browser's answer checker).

/** The five operations every proxy serves (docs/api.md#operations). */
export const coreOperationTable = {
  getLegacyTransaction,
  getTransaction,
  confirmPaymentIntent,
  createFlow,
  getTransactionVolume,
} as const;

/** Reading a flow (docs/api.md#read-a-flow), served on request (payments-kit/server/flows). */
export const flowOperationTable = {
  getFlow,
} as const;

/** The transfer lists and the single transfer (docs/api.md#list-transfers), served on request. */
export const transferOperationTable = {
  listTransfers,
  getTransfer,
  listTransactions,
} as const;
