'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { Flow, PaymentsError } from '../api/index.js';
import { createFlowMutationOptions } from './queries.js';
import type { CreateFlowVariables } from './types.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * Creates a hosted flow for your own UI; `mutate` takes the request body: `steps` (step names,
 * or `{ name: 'redirect', redirect_url }`), optional `user_id` and `metadata`. Resolves with the
 * flow, whose `link` is the page to show (check it before embedding, as `FlowLauncher` does).
 * Never retried by the kit: a second flow is not what the user asked for.
 *
 * @example
 * const createFlow = useCreateFlow();
 * createFlow.mutate({ steps: ['compliance', 'id-verification'], user_id: 'usr_1' });
 *
 * See docs/api.md#create-a-flow.
 */
export function useCreateFlow(): UseMutationResult<Flow, PaymentsError, CreateFlowVariables> {
  const { fetcher, queryClient } = usePaymentsContext('useCreateFlow');
  return useMutation(createFlowMutationOptions(fetcher), queryClient);
}
