import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isPaymentsError } from '../api/index.js';
import { paymentsKeys } from './queries.js';

/**
 * The kit's reads in `queryClient` as plain JSON, for `<PaymentsHydrationBoundary state>`: the
 * answers, and the errors a page shows as states (not found, not granted, a refused session) in
 * their wire form (`PaymentsError#toJSON`), since a server component's props cannot carry an
 * `Error`. A read that ended in an error ships that error alone, never data an earlier read left
 * in the client. The host's own queries in a shared client are left out. Use a `QueryClient` per
 * request: a client shared between requests holds other users' answers (docs/nextjs.md#data-on-first-paint).
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
        // react-query keeps the last answer beside a later error; that answer may have been read
        // for someone else (a client shared between requests), so it does not cross.
        ...(query.state.status === 'error' ? { data: undefined, dataUpdatedAt: 0 } : {}),
        // react-query types it `Error`; it is plain JSON until PaymentsHydrationBoundary revives it.
        error: (isPaymentsError(query.state.error) ? query.state.error.toJSON().error : null) as Error | null,
        fetchFailureReason: null,
      },
    })),
  };
}
