import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { getTransferRoute } from '../routes.js';
import { transferIdSchema } from '../schemas/ids.js';
import { transferResourceSchema } from '../schemas/transfer.js';

/** The operations-table entry of `getTransfer`: its address (routes.ts) with its schemas. */
export const getTransfer = defineOperation({
  ...getTransferRoute,
  params: z.object({ transfer_id: transferIdSchema }),
  response: transferResourceSchema,
});
