'use client';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { isRetryableError } from '../api/index.js';
import { PaymentsContext, type PaymentsContextValue } from './PaymentsContext.js';
import { createProxyFetcher } from './createProxyFetcher.js';
import type { PaymentsFetcher } from './types.js';

/** Props of {@link PaymentsProvider}. */
export interface PaymentsProviderProps {
  /**
   * How requests reach the payments API. Default: `createProxyFetcher()`, i.e. JSON to the
   * merchant's proxy at `/api/payments`. Credentials are never the browser's business.
   */
  fetcher?: PaymentsFetcher;
  /**
   * The host's `QueryClient`, to share one cache (the kit's keys all start with
   * `'payments-kit'`). Default: a client of the kit's own, made once per provider, that retries
   * a query up to twice when the error is retryable and never retries a mutation. A host client
   * keeps its own defaults; `retry: false` on the kit's mutations holds regardless.
   */
  queryClient?: QueryClient;
  /** BCP 47 locale for money and dates. Default `en`. */
  locale?: string;
  /** The part of the app that renders payments components. */
  children?: ReactNode;
}

/**
 * Gives the kit's hooks and components their fetcher, cache and locale. It renders no
 * `QueryClientProvider`: one here would replace the host's react-query context for the host's
 * own components inside it. The kit passes its client to `useQuery`/`useMutation` instead.
 */
export function PaymentsProvider({ fetcher, queryClient, locale = 'en', children }: PaymentsProviderProps) {
  // useState, not useMemo: React may drop a memo, and a new client would lose the cache. Both
  // are cheap and made once, so a prop that comes and goes never leaves the kit without one.
  const [ownClient] = useState(createKitQueryClient);
  const [defaultFetcher] = useState(() => createProxyFetcher());
  const client = queryClient ?? ownClient;
  const activeFetcher = fetcher ?? defaultFetcher;

  // QueryClientProvider would mount the client (refetch on focus / reconnect); do it here.
  // Mounting is counted, so a host client mounted by the host's provider is not disturbed.
  useEffect(() => {
    client.mount();
    return () => {
      client.unmount();
    };
  }, [client]);

  const value = useMemo<PaymentsContextValue>(
    () => ({ fetcher: activeFetcher, queryClient: client, locale }),
    [activeFetcher, client, locale],
  );
  return <PaymentsContext.Provider value={value}>{children}</PaymentsContext.Provider>;
}

function createKitQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx, an invalid input or a broken answer fails the same way again: retry only
        // what may succeed next time (network, timeout, 408/429/5xx), at most twice.
        retry: (failureCount, error) => failureCount < 2 && isRetryableError(error),
      },
      mutations: { retry: false },
    },
  });
}
