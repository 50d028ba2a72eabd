'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { PaymentIntent, PaymentsError } from '../api/index.js';
import { confirmPaymentIntentMutationOptions } from './queries.js';
import type { ConfirmPaymentIntentVariables } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * Confirms a payment intent (spec §4.3) with `{ paymentIntentId, paymentMethodId, idempotencyKey }`.
 * Sent once per `mutate` with an `Idempotency-Key` header, never retried by the kit; on success
 * every transaction and volume of the kit is refetched.
 */
export function useConfirmPaymentIntent(): UseMutationResult<
  PaymentIntent,
  PaymentsError,
  ConfirmPaymentIntentVariables
> {
  const { fetcher, queryClient } = usePaymentsContext('useConfirmPaymentIntent');
  return useMutation(confirmPaymentIntentMutationOptions(fetcher), queryClient);
}
