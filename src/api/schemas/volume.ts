import * as z from 'zod/mini';
import { numberSchema } from './numeric.js';
import { type OpenEnum } from './openEnum.js';
import { QUERY_TOKEN, TZ } from '../requestChecks.js';

/**
 * The volume metric in its legacy envelope (docs/api.md#transaction-volume). Its refusal,
 * `{ success: false }`, carries no volume and is picked out by `isEnvelopeRefusal` before this
 * schema is applied, like the legacy transaction's.
 */
export const volumeMetricSchema = z.object({
  success: z.literal(true),
  /** Volume in cents. */
  volume: numberSchema,
});

export type VolumeMetric = z.infer<typeof volumeMetricSchema>;

const queryTokenSchema = z.string().check(
  z.regex(QUERY_TOKEN, 'must be 1–32 letters, digits, "_" or "-"'),
);

/**
 * Query of the volume metric (docs/api.md#transaction-volume): three strings, all optional since
 * the API does not say which are required; `tz` is a three-letter time zone code, sent upper-cased.
 */
export const volumeQuerySchema = z.object({
  period: z.optional(queryTokenSchema),
  type: z.optional(queryTokenSchema),
  tz: z.optional(
    z.string().check(z.regex(TZ, 'must be a three-letter timezone code such as UTC'), z.toUpperCase()),
  ),
});

/**
 * The `period` values the API documents, which the kit has words for. Any other token of
 * `queryTokenSchema` is still sent as is and shown as raw text (docs/api.md#forward-compatibility).
 */
export const knownVolumePeriods = ['day', 'week', 'month', 'year', '30d'] as const;
/** A documented `period` (offered by autocompletion), or any other token. */
export type VolumePeriod = OpenEnum<(typeof knownVolumePeriods)[number]>;
/** The `type` values the API documents, which the kit has words for; others are accepted too. */
export const knownVolumeTypes = ['receive', 'send'] as const;
/** A documented `type` (offered by autocompletion), or any other token. */
export type VolumeType = OpenEnum<(typeof knownVolumeTypes)[number]>;
