'use client';
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { PaymentsFetcher } from './types.js';

/** What `PaymentsProvider` gives the kit's hooks and components. */
export interface PaymentsContextValue {
  /** The transport every hook calls through. */
  fetcher: PaymentsFetcher;
  /**
   * The kit's `QueryClient` (the host's, if it passed one). Passed to `useQuery`/`useMutation`
   * explicitly rather than through a `QueryClientProvider`, so the host's own react-query
   * context inside the provider is left alone.
   */
  queryClient: QueryClient;
  /** BCP 47 locale for money and dates, e.g. `en`, `fr-FR`. */
  locale: string;
  /**
   * Whose session the kit's state belongs to (the token's subject), undefined while unknown or
   * with a fetcher of the host's own: when it changes, hooks drop what they kept for the previous
   * user (docs/spa.md#when-the-user-changes).
   */
  identity?: string | undefined;
}

/** Internal: read it with `usePaymentsContext`, which fails helpfully outside the provider. */
export const PaymentsContext = createContext<PaymentsContextValue | null>(null);
PaymentsContext.displayName = 'PaymentsContext';
