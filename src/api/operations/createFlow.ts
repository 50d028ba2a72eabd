import { defineOperation } from '../defineOperation.js';
import { createFlowBodySchema, flowSchema } from '../schemas/flow.js';

/** Spec §4.4: create a hosted flow; its `link` is the page to embed. */
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
