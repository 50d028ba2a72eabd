import { defineOperation } from '../defineOperation.js';
import { listTransfersRoute } from '../routes.js';
import { listTransfersQuerySchema, transferPageSchema } from '../schemas/transfer.js';

/** The operations-table entry of `listTransfers`: its address (routes.ts) with its schemas. */
export const listTransfers = defineOperation({
  ...listTransfersRoute,
  query: listTransfersQuerySchema,
  response: transferPageSchema,
});
