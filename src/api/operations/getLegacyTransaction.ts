import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { getLegacyTransactionRoute } from '../routes.js';
import { legacyTransactionIdSchema } from '../schemas/ids.js';
import { legacyTransactionResponseSchema } from '../schemas/transaction.js';

/** The operations-table entry of `getLegacyTransaction`: its address (routes.ts) with its schemas. */
export const getLegacyTransaction = defineOperation({
  ...getLegacyTransactionRoute,
  params: z.object({ transaction_id: legacyTransactionIdSchema }),
  response: legacyTransactionResponseSchema,
});
