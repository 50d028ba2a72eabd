'use client';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { Flow, PaymentsError } from '../api/index.js';
import { createFlowMutationOptions } from './queries.js';
import type { CreateFlowVariables } from './types.js';
import { useForgetOnUserChange } from './useForgetOnUserChange.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * Creates a hosted flow for your own UI; `mutate` takes the request body: `steps` (step names,
 * or objects with the step's options: `{ name: 'redirect', redirect_url }`,
 * `{ name: 'pdf-form-fill', template_id }`, `{ name: 'payout', auto_payout_enabled, payout_fee_party }`,
 * `hide_continue_button` on any of them), optional `user_id`, `metadata`, `require_auth`
 * (default `false`) and `hide_go_to_dashboard_on_complete` (default `false`). Resolves with the
 * flow, whose `link` is the page to show (check it before embedding, as `FlowLauncher` does).
 * Never retried by the kit: a second flow is not what the user asked for.
 *
 * @example
 * const createFlow = useCreateFlow();
 * createFlow.mutate({ steps: ['compliance', { name: 'pdf-form-fill', template_id: 'tpl_w9' }], user_id: 'usr_1', require_auth: true });
 *
 * See docs/api.md#create-a-flow.
 */
export function useCreateFlow(): UseMutationResult<Flow, PaymentsError, CreateFlowVariables> {
  const { fetcher, queryClient, identity } = usePaymentsContext('useCreateFlow');
  const mutation = useMutation(createFlowMutationOptions(fetcher), queryClient);
  useForgetOnUserChange(identity, mutation.reset);
  return mutation;
}
