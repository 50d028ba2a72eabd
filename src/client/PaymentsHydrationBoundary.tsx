'use client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PaymentsError } from '../api/index.js';
import { readErrorBody } from '../api/readErrorBody.js';
import { markServerData } from './serverData.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Props of {@link PaymentsHydrationBoundary}. */
export interface PaymentsHydrationBoundaryProps {
  /** What `dehydratePayments(queryClient)` gave the server component after `prefetchPayments`. */
  state: DehydratedState;
  /** The part of the page whose components show the prefetched reads. */
  children?: ReactNode;
}

/**
 * Puts the reads a server component prefetched (`prefetchPayments`, `dehydratePayments` from
 * `payments-kit/queries`) into the kit's cache, so `<TransactionDetail>` and `<VolumeCard>`
 * render their data, or their not-found or not-granted state, in the server's HTML and read
 * nothing on load while it is fresh (30 s); a live transaction keeps being followed from there.
 * Place it inside `<PaymentsProvider>`. See docs/nextjs.md#data-on-first-paint.
 *
 * @example
 * <PaymentsProvider session={session}>
 *   <PaymentsHydrationBoundary state={state}>
 *     <TransactionDetail transactionId="1001" />
 *   </PaymentsHydrationBoundary>
 * </PaymentsProvider>
 */
export function PaymentsHydrationBoundary({ state, children }: PaymentsHydrationBoundaryProps) {
  const { queryClient } = usePaymentsContext('PaymentsHydrationBoundary');
  // Once, during the first render (as react-query's HydrationBoundary does for new queries), so
  // the server's render and the first client render already see the data.
  useState(() => {
    hydrate(queryClient, reviveErrors(state));
    markServerData(queryClient, state);
  });
  return children;
}

/** Errors cross from the server in their wire form; the components expect `PaymentsError`s. */
function reviveErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const body = readErrorBody({ error: query.state.error });
      return body !== undefined ? { ...query, state: { ...query.state, error: new PaymentsError(body) } } : query;
    }),
  };
}
