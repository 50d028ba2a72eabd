import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { getTransactionRoute } from '../routes.js';
import { transactionIdSchema } from '../schemas/ids.js';
import { transactionSchema } from '../schemas/transaction.js';

/** The operations-table entry of `getTransaction`: its address (routes.ts) with its schemas. */
export const getTransaction = defineOperation({
  ...getTransactionRoute,
  params: z.object({ transaction_id: transactionIdSchema }),
  response: transactionSchema,
});
