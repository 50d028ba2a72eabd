import { defineOperation } from '../defineOperation.js';
import { volumeMetricSchema, volumeQuerySchema } from '../schemas/volume.js';

/** The transaction-volume metric, in its `success` envelope (docs/api.md#transaction-volume). */
export const getTransactionVolume = defineOperation({
  name: 'getTransactionVolume',
  method: 'GET',
  base: 'legacy',
  path: '/api/api/metrics/transaction/volume',
  params: undefined,
  query: volumeQuerySchema,
  body: undefined,
  response: volumeMetricSchema,
  envelope: 'success',
  idempotent: false,
});
