'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { PaymentIntent, PaymentsError } from '../api/index.js';
import { confirmPaymentIntentMutationOptions } from './queries.js';
import type { ConfirmPaymentIntentVariables } from './types.js';
import { useForgetOnUserChange } from './useForgetOnUserChange.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * Confirms a payment intent, for your own UI: `mutate({ paymentIntentId, paymentMethodId,
 * idempotencyKey })` sends one request with an `Idempotency-Key` header and is never retried by
 * the kit. Draw a new key per user action and reuse it only to retry that action after an
 * unknown outcome (`isRetryableError(error)`), so the money moves at most once. Resolves with the
 * payment intent; on success every transaction and volume of the kit is refetched.
 *
 * @example
 * const confirm = useConfirmPaymentIntent();
 * // a new action, a new key
 * const pay = () =>
 *   confirm.mutate({ paymentIntentId: 'pi_123', paymentMethodId: 'pm_456', idempotencyKey: crypto.randomUUID() });
 * // the outcome is unknown (isRetryableError): the same action again, with the same key
 * const retry = () => confirm.variables && confirm.mutate(confirm.variables);
 *
 * See docs/api.md#confirm-a-payment-intent and docs/api.md#idempotency.
 */
export function useConfirmPaymentIntent(): UseMutationResult<
  PaymentIntent,
  PaymentsError,
  ConfirmPaymentIntentVariables
> {
  const { fetcher, queryClient, identity } = usePaymentsContext('useConfirmPaymentIntent');
  const mutation = useMutation(confirmPaymentIntentMutationOptions(fetcher), queryClient);
  useForgetOnUserChange(identity, mutation.reset);
  return mutation;
}
