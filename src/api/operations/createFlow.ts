import { defineOperation } from '../defineOperation.js';
import { createFlowBodySchema, flowSchema } from '../schemas/flow.js';

/** Create a hosted flow; its `link` is the page to embed (docs/api.md#create-a-flow). Not idempotent. */
export const createFlow = defineOperation({
  name: 'createFlow',
  method: 'POST',
  base: 'v2',
  path: '/api/v2/flows',
  params: undefined,
  query: undefined,
  body: createFlowBodySchema,
  response: flowSchema,
  envelope: undefined,
  idempotent: false,
});
