import * as z from 'zod/mini';
import { lengthWithin } from './length.js';
import { openEnum, type OpenEnum } from './openEnum.js';

/** Step names (docs/api.md#create-a-flow). Requests and answers know the same seven. */
export const flowSteps = [
  'compliance',
  'id-verification',
  'background-check',
  'manage-payments',
  'manage-payouts',
  'payout',
  'redirect',
] as const;
export type KnownFlowStep = (typeof flowSteps)[number];
/** A step in a response: one of the seven, or one added later. */
export type FlowStep = OpenEnum<KnownFlowStep>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` is a URL the kit will hand to the browser as a page to show or go to:
 * absolute, `https:`, or `http:` on a loopback host only (the local sandbox). No credentials
 * in it (`https://user@evil.example`), nothing but a real host.
 */
export function parseSafeUrl(value: string): URL | null {
  // WHATWG parsing strips tabs/newlines and leading/trailing C0 spaces; refusing them up front
  // keeps "what we checked" and "what the browser loads" the same string.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (value !== value.trim() || /[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

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

const redirectStepSchema = z.object({
  name: z.literal('redirect'),
  redirect_url: safeUrlSchema,
});
const namedStepSchema = z.object({
  name: z.enum(flowSteps.filter((s): s is Exclude<KnownFlowStep, 'redirect'> => s !== 'redirect')),
});

/**
 * A step in a create-flow request (docs/api.md#create-a-flow): a step name, or an object. The
 * object form of `redirect` carries `redirect_url`; the API documents no other property, so none
 * is sent.
 */
export const flowStepInputSchema = z.union([z.enum(flowSteps), redirectStepSchema, namedStepSchema]);
export type FlowStepInput = z.infer<typeof flowStepInputSchema>;

/** Body of `POST /api/v2/flows` (docs/api.md#create-a-flow). */
export const createFlowBodySchema = z.object({
  steps: z.array(flowStepInputSchema).check(z.refine((steps) => steps.length > 0, 'a flow needs at least one step')),
  user_id: z.optional(z.string().check(lengthWithin(1, 255))),
  metadata: z.optional(metadataInputSchema),
});
export type CreateFlowBody = z.infer<typeof createFlowBodySchema>;

/** The flow the API answers with (docs/api.md#create-a-flow). */
export const flowSchema = z.object({
  id: z.string(),
  created: z.string(),
  /** A page that may be embedded in an iframe; checked again before it is. */
  link: z.string(),
  /** Any JSON object, kept as sent. */
  metadata: z.nullish(z.looseObject({})),
  steps: z.array(openEnum(flowSteps)),
  completed_steps: z.array(openEnum(flowSteps)),
  user_id: z.nullable(z.string()),
});

export type Flow = z.infer<typeof flowSchema>;

/** The name of a request step, whichever form it has. */
export function flowStepName(step: FlowStepInput): KnownFlowStep {
  return typeof step === 'string' ? step : step.name;
}
