import * as z from 'zod/mini';
import { lengthWithin } from './length.js';
import { openEnum, type OpenEnum } from './openEnum.js';
import { metadataSchema } from './transaction.js';
import { flowSteps } from '../requestChecks.js';
import { parseSafeUrl } from '../safeUrl.js';

// The step names and the safe-URL rule live apart from zod, for the browser's own checks
// (requestChecks.ts); re-exported here beside the schemas that use them.
export { flowSteps, parseSafeUrl };
export type KnownFlowStep = (typeof flowSteps)[number];
/** A step in a response: one of the eight, or one added later. */
export type FlowStep = OpenEnum<KnownFlowStep>;


const safeUrlSchema = z.string().check(
  z.refine((value) => parseSafeUrl(value) !== null, {
    message: 'expected an https URL (http only on localhost)',
  }),
);

const metadataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Free key-value pairs, as sent: flat JSON values only. */
export const metadataInputSchema = z.record(
  z.string().check(lengthWithin(1, 40)),
  metadataValueSchema,
);

type MetadataInput = z.infer<typeof metadataInputSchema>;

/**
 * A request's `metadata`: a string, or the key-value pairs above. Picked by type rather than by
 * `z.union`, so that a wrong key says which one (a union's failure only says "Invalid input").
 */
const flowMetadataInputSchema = z.transform((value: unknown, ctx): string | MetadataInput => {
  if (typeof value === 'string') return value;
  const parsed = metadataInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const { path, message } of parsed.error.issues) ctx.issues.push({ code: 'custom', input: value, path, message });
  return z.NEVER;
}) as unknown as z.ZodMiniType<string | MetadataInput, string | MetadataInput>;

/** Who pays a payout step's fees: `platform` (you) or `user` (docs/api.md#create-a-flow). */
export const payoutFeeParties = ['platform', 'user'] as const;
export type PayoutFeeParty = (typeof payoutFeeParties)[number];

const optionalFlag = z.optional(z.boolean());
// Every object step may hide the hosted page's continue button; the other options belong to
// the steps the API names for them (docs/api.md#create-a-flow).
const redirectStepSchema = z.object({
  name: z.literal('redirect'),
  redirect_url: safeUrlSchema,
  hide_continue_button: optionalFlag,
});
const pdfFormFillStepSchema = z.object({
  name: z.literal('pdf-form-fill'),
  template_id: z.optional(z.string().check(lengthWithin(1, 255))),
  hide_continue_button: optionalFlag,
});
const payoutStepSchema = z.object({
  name: z.literal('payout'),
  auto_payout_enabled: optionalFlag,
  payout_fee_party: z.optional(z.enum(payoutFeeParties)),
  hide_continue_button: optionalFlag,
});
const managePayoutsStepSchema = z.object({
  name: z.literal('manage-payouts'),
  auto_payout_enabled: optionalFlag,
  hide_continue_button: optionalFlag,
});
const plainStepSchema = z.object({
  name: z.enum(['compliance', 'id-verification', 'background-check', 'manage-payments']),
  hide_continue_button: optionalFlag,
});

/**
 * A step in a create-flow request (docs/api.md#create-a-flow): a step name, or an object with
 * the step's options. Every object may set `hide_continue_button` (default `false`); `redirect`
 * needs `redirect_url`; `pdf-form-fill` takes `template_id`; `payout` takes
 * `auto_payout_enabled` (default `true`) and `payout_fee_party`; `manage-payouts` takes
 * `auto_payout_enabled`. Any other property is dropped, not sent.
 */
export const flowStepInputSchema = z.union([
  z.enum(flowSteps),
  redirectStepSchema,
  pdfFormFillStepSchema,
  payoutStepSchema,
  managePayoutsStepSchema,
  plainStepSchema,
]);
export type FlowStepInput = z.infer<typeof flowStepInputSchema>;

/** Body of `POST /api/v2/flows` (docs/api.md#create-a-flow). */
export const createFlowBodySchema = z.object({
  steps: z.array(flowStepInputSchema).check(z.refine((steps) => steps.length > 0, 'a flow needs at least one step')),
  user_id: z.optional(z.string().check(lengthWithin(1, 255))),
  metadata: z.optional(flowMetadataInputSchema),
  /** The user verifies (SMS code) before the flow starts, even with `user_id`. API default `false`. */
  require_auth: optionalFlag,
  /** Hide the hosted page's "Go to dashboard" button at the end. API default `false`. */
  hide_go_to_dashboard_on_complete: optionalFlag,
});
export type CreateFlowBody = z.infer<typeof createFlowBodySchema>;

/**
 * The flow the API answers with (docs/api.md#create-a-flow). The API marks none of its fields
 * required: only `id`, `link` and `steps`, without which there is no flow to show, must be there.
 */
export const flowSchema = z.object({
  id: z.string(),
  created: z.optional(z.string()),
  /** A page that may be embedded in an iframe; checked again before it is. */
  link: z.string(),
  /** Kept as sent: the API answers a string, an object or null. */
  metadata: metadataSchema,
  steps: z.array(openEnum(flowSteps)),
  /** None done when the answer leaves it out (`Flow` always has it: `useCreateFlow` fills it in). */
  completed_steps: z.optional(z.array(openEnum(flowSteps))),
  user_id: z.nullish(z.string()),
});

/** A flow as the kit hands it on: `completed_steps` is `[]` when the answer leaves it out. */
export type Flow = Omit<z.infer<typeof flowSchema>, 'completed_steps'> & { completed_steps: FlowStep[] };

/** The name of a request step, whichever form it has. */
export function flowStepName(step: FlowStepInput): KnownFlowStep {
  return typeof step === 'string' ? step : step.name;
}
