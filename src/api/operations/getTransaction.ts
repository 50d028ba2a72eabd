import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { transactionIdSchema } from '../schemas/ids.js';
import { transactionSchema } from '../schemas/transaction.js';

/** Read a v2 transaction, with its transfer embedded (docs/api.md#read-a-transaction). */
export const getTransaction = defineOperation({
  name: 'getTransaction',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transactions/{transaction_id}',
  params: z.object({ transaction_id: transactionIdSchema }),
  query: undefined,
  body: undefined,
  response: transactionSchema,
  envelope: undefined,
  idempotent: false,
});
