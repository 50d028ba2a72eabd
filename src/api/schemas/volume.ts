import * as z from 'zod/mini';
import { numberSchema } from './numeric.js';
import { type OpenEnum } from './openEnum.js';

/**
 * The volume metric (spec §2.6) in its legacy envelope. Its refusal, `{ success: false }`,
 * carries no volume and is picked out by `isEnvelopeRefusal` before this schema is applied, like
 * the legacy transaction's.
 */
export const volumeMetricSchema = z.object({
  success: z.literal(true),
  /** Volume in cents. */
  volume: numberSchema,
});

export type VolumeMetric = z.infer<typeof volumeMetricSchema>;

const queryTokenSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1–32 letters, digits, "_" or "-"'),
);

/** Spec §4.5: all strings; `tz` is a three-letter timezone code. Requiredness is not shown. */
export const volumeQuerySchema = z.object({
  period: z.optional(queryTokenSchema),
  type: z.optional(queryTokenSchema),
  tz: z.optional(
    z.string().check(z.regex(/^[A-Za-z]{3}$/, 'must be a three-letter timezone code such as UTC'), z.toUpperCase()),
  ),
});

/**
 * The spec leaves the allowed values of `period` and `type` open ("not shown"). These are the
 * values the kit has words for; any other token is sent as is and shown as raw text.
 */
export const knownVolumePeriods = ['day', 'week', 'month', 'year'] as const;
export type VolumePeriod = OpenEnum<(typeof knownVolumePeriods)[number]>;
export const knownVolumeTypes = ['credit', 'debit'] as const;
export type VolumeType = OpenEnum<(typeof knownVolumeTypes)[number]>;
