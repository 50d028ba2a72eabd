import type * as z from 'zod/mini';
import type { OperationName } from './operations.js';
import { flowSchema } from './schemas/flow.js';
import { paymentIntentSchema } from './schemas/paymentIntent.js';
import { legacyTransactionResponseSchema, transactionSchema } from './schemas/transaction.js';
import { transactionPageSchema, transferPageSchema, transferResourceSchema } from './schemas/transfer.js';
import { volumeMetricSchema } from './schemas/volume.js';

/**
 * Each operation's answer schema, the same as its entry's `response` in the operations table
 * (test/api/answerSchemas.test.ts holds them equal), without the addresses and request schemas
 * around them: all the browser's answer checker needs (client/checkAnswer.ts).
 */
export const answerSchemas: { readonly [name in OperationName]: z.ZodMiniType } = {
  getTransaction: transactionSchema,
  getLegacyTransaction: legacyTransactionResponseSchema,
  confirmPaymentIntent: paymentIntentSchema,
  createFlow: flowSchema,
  getFlow: flowSchema,
  getTransactionVolume: volumeMetricSchema,
  listTransfers: transferPageSchema,
  getTransfer: transferResourceSchema,
  listTransactions: transactionPageSchema,
};
