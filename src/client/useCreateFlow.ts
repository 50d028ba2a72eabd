'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { Flow, PaymentsError } from '../api/index.js';
import { createFlowMutationOptions } from './queries.js';
import type { CreateFlowVariables } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * Creates a hosted flow (spec §4.4); the variables are the request body (`steps`, optional
 * `user_id` and `metadata`). Never retried by the kit: a second flow is not what the user asked for.
 */
export function useCreateFlow(): UseMutationResult<Flow, PaymentsError, CreateFlowVariables> {
  const { fetcher, queryClient } = usePaymentsContext('useCreateFlow');
  return useMutation(createFlowMutationOptions(fetcher), queryClient);
}
