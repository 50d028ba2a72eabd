import * as z from 'zod/mini';
import { defineOperation } from '../defineOperation.js';
import { paymentIntentIdSchema } from '../schemas/ids.js';
import { confirmPaymentIntentBodySchema, paymentIntentSchema } from '../schemas/paymentIntent.js';

/**
 * Confirm a payment intent (docs/api.md#confirm-a-payment-intent). Moves money: sent once per
 * user action, with an `Idempotency-Key` (docs/api.md#idempotency).
 */
export const confirmPaymentIntent = defineOperation({
  name: 'confirmPaymentIntent',
  method: 'POST',
  base: 'v2',
  path: '/api/v2/payment-intents/{payment_intent_id}/confirm',
  params: z.object({ payment_intent_id: paymentIntentIdSchema }),
  query: undefined,
  body: confirmPaymentIntentBodySchema,
  response: paymentIntentSchema,
  envelope: undefined,
  idempotent: true,
});
