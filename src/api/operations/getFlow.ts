import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { getFlowRoute } from '../routes.js';
import { flowSchema } from '../schemas/flow.js';
import { flowIdSchema } from '../schemas/ids.js';

/** The operations-table entry of `getFlow`: its address (routes.ts) with its schemas. */
export const getFlow = defineOperation({
  ...getFlowRoute,
  params: z.object({ flow_id: flowIdSchema }),
  query: undefined,
  body: undefined,
  response: flowSchema,
});
