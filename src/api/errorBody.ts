import * as z from 'zod/mini';
import { paymentsErrorKinds, type PaymentsErrorBody } from './errors.js';

/** Validates {@link PaymentsErrorBody}, the one error shape that leaves the proxy. */
export const paymentsErrorBodySchema: z.ZodMiniType<PaymentsErrorBody> = z.object({
  error: z.object({
    kind: z.enum(paymentsErrorKinds),
    message: z.string(),
    status: z.optional(z.number().check(z.refine(Number.isInteger, 'must be an integer'))),
    code: z.optional(z.string()),
    operation: z.optional(z.string()),
    requestId: z.optional(z.string()),
    upstreamCode: z.optional(z.string()),
    upstreamMessage: z.optional(z.string()),
  }),
});
