import { defineOperation } from '../defineOperation.js';
import { bareRoutes } from '../routes.js';
import { volumeMetricSchema, volumeQuerySchema } from '../schemas/volume.js';

/** The operations-table entry of `getTransactionVolume`: its address (routes.ts) with its schemas. */
export const getTransactionVolume = defineOperation({
  ...bareRoutes.getTransactionVolume,
  params: undefined,
  query: volumeQuerySchema,
  body: undefined,
  response: volumeMetricSchema,
});
