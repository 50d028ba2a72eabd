import { defineOperation } from '../defineOperation.js';
import { createFlowRoute } from '../routes.js';
import { createFlowBodySchema, flowSchema } from '../schemas/flow.js';

/** The operations-table entry of `createFlow`: its address (routes.ts) with its schemas. */
export const createFlow = defineOperation({
  ...createFlowRoute,
  body: createFlowBodySchema,
  response: flowSchema,
});
