import * as z from 'zod/mini';
import { lengthWithin } from './length.js';
import { integerSchema } from './numeric.js';
import { openEnum, type OpenEnum } from './openEnum.js';

/** The payment intent statuses the API lists; it does not document the transitions between them. */
export const paymentIntentStatuses = [
  'initialized',
  'created',
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'requires_capture',
  'canceled',
  'failed',
] as const;
export type KnownPaymentIntentStatus = (typeof paymentIntentStatuses)[number];
/** A status the API lists, or one added later (rendered as raw text; docs/api.md#forward-compatibility). */
export type PaymentIntentStatus = OpenEnum<KnownPaymentIntentStatus>;

/** The API allows `usd` only; another code is kept, not refused, since money may already have moved. */
export const knownCurrencies = ['usd'] as const;
export type Currency = OpenEnum<(typeof knownCurrencies)[number]>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  /** Amount in cents (docs/api.md#confirm-a-payment-intent). */
  amount: integerSchema,
  currency: openEnum(knownCurrencies),
  client_secret: z.nullish(z.string()),
  /** Any JSON object, kept as sent. */
  metadata: z.nullish(z.looseObject({})),
  payment_method_id: z.nullish(z.string()),
  status: z.nullish(openEnum(paymentIntentStatuses)),
  transfer_id: z.nullish(z.string()),
  user_id: z.nullish(z.string()),
});

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** Body of `POST /api/v2/payment-intents/{payment_intent_id}/confirm` (docs/api.md#confirm-a-payment-intent). */
export const confirmPaymentIntentBodySchema = z.object({
  payment_method_id: z.string().check(lengthWithin(1, 255)),
});
export type ConfirmPaymentIntentBody = z.infer<typeof confirmPaymentIntentBodySchema>;
