import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isPaymentsError } from '../api/index.js';
import { paymentsKeys } from './queries.js';

/**
 * The kit's reads in `queryClient` as plain JSON, for `<PaymentsHydrationBoundary state>`: the
 * answers, and the errors a page shows as states (not found, not granted, a refused session) in
 * their wire form (`PaymentsError#toJSON`), since a server component's props cannot carry an
 * `Error`. The host's own queries in a shared client are left out.
 *
 * @example
 * <PaymentsHydrationBoundary state={dehydratePayments(queryClient)}>…</PaymentsHydrationBoundary>
 */
export function dehydratePayments(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    // A paused mutation of a shared client is the host's; the kit's reads are all that cross.
    shouldDehydrateMutation: () => false,
    shouldDehydrateQuery: (query) =>
      query.queryKey[0] === paymentsKeys.all[0] &&
      (query.state.status === 'success' || (query.state.status === 'error' && isPaymentsError(query.state.error))),
  });
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        // react-query types it `Error`; it is plain JSON until PaymentsHydrationBoundary revives it.
        error: (isPaymentsError(query.state.error) ? query.state.error.toJSON().error : null) as Error | null,
        fetchFailureReason: null,
      },
    })),
  };
}
