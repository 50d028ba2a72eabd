import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { confirmPaymentIntentRoute } from '../routes.js';
import { paymentIntentIdSchema } from '../schemas/ids.js';
import { confirmPaymentIntentBodySchema, paymentIntentSchema } from '../schemas/paymentIntent.js';

/** The operations-table entry of `confirmPaymentIntent`: its address (routes.ts) with its schemas. */
export const confirmPaymentIntent = defineOperation({
  ...confirmPaymentIntentRoute,
  params: z.object({ payment_intent_id: paymentIntentIdSchema }),
  body: confirmPaymentIntentBodySchema,
  response: paymentIntentSchema,
});
