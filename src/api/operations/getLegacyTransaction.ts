import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { legacyTransactionIdSchema } from '../schemas/ids.js';
import { legacyTransactionResponseSchema } from '../schemas/transaction.js';

/** Read a transaction of the legacy interface, in its `success` envelope (docs/api.md#read-a-transaction-legacy). */
export const getLegacyTransaction = defineOperation({
  name: 'getLegacyTransaction',
  method: 'GET',
  base: 'legacy',
  path: '/api/api/transactions/get/transaction/{transaction_id}',
  params: z.object({ transaction_id: legacyTransactionIdSchema }),
  query: undefined,
  body: undefined,
  response: legacyTransactionResponseSchema,
  envelope: 'success',
  idempotent: false,
});
