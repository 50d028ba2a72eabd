import { defineOperation } from '../defineOperation.js';
import { getTransactionVolumeRoute } from '../routes.js';
import { volumeMetricSchema, volumeQuerySchema } from '../schemas/volume.js';

/** The operations-table entry of `getTransactionVolume`: its address (routes.ts) with its schemas. */
export const getTransactionVolume = defineOperation({
  ...getTransactionVolumeRoute,
  query: volumeQuerySchema,
  response: volumeMetricSchema,
});
