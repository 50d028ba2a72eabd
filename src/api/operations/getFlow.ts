import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { getFlowRoute } from '../routes.js';
import { flowSchema } from '../schemas/flow.js';
import { transactionIdSchema } from '../schemas/ids.js';

/** The operations-table entry of `getFlow`: its address (routes.ts) with its schemas. */
export const getFlow = defineOperation({
  ...getFlowRoute,
  // The API types `flow_id` as a UUID; the kit takes the opaque token `transaction_id` is (docs/api.md#read-a-flow).
  params: z.object({ flow_id: transactionIdSchema }),
  response: flowSchema,
});
