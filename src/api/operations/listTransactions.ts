import { defineOperation } from '../defineOperation.js';
import { listTransactionsRoute } from '../routes.js';
import { listTransactionsQuerySchema, transactionPageSchema } from '../schemas/transfer.js';

/** The operations-table entry of `listTransactions`: its address (routes.ts) with its schemas. */
export const listTransactions = defineOperation({
  ...listTransactionsRoute,
  query: listTransactionsQuerySchema,
  response: transactionPageSchema,
});
