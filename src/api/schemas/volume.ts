import * as z from 'zod/mini';
import { numberSchema } from './numeric.js';
import { type OpenEnum } from './openEnum.js';

/**
 * The volume metric (spec §2.6) in its legacy envelope. `success: false` carries no volume and
 * is turned into a `PaymentsError` by the client, like the legacy transaction's.
 */
export const volumeMetricSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    /** Volume in cents. */
    volume: numberSchema,
  }),
  z.object({ success: z.literal(false) }),
]);

export type VolumeMetric = z.infer<typeof volumeMetricSchema>;

/**
 * The spec leaves the allowed values of `period` and `type` open ("not shown"). These are the
 * values the kit has words for; any other token is sent as is and shown as raw text.
 */
export const knownVolumePeriods = ['day', 'week', 'month', 'year'] as const;
export type VolumePeriod = OpenEnum<(typeof knownVolumePeriods)[number]>;
export const knownVolumeTypes = ['credit', 'debit'] as const;
export type VolumeType = OpenEnum<(typeof knownVolumeTypes)[number]>;
