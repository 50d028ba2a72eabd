'use client';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { PaymentsContext, type PaymentsContextValue } from './PaymentsContext.js';
import { claimKitCache, sessionIdentity } from './claimKitCache.js';
import { createProxyFetcher } from './createProxyFetcher.js';
import { createKitQueryClient } from './createKitQueryClient.js';
import { fetcherSessions } from './sessionSource.js';
import type { PaymentsFetcher } from './types.js';
import { useLatestCallback } from './useLatestCallback.js';

/** Props of {@link PaymentsClientProvider}. */
export interface PaymentsClientProviderProps {
  /**
   * How requests reach the payments API. Default: `createProxyFetcher()`, i.e. JSON to the
   * merchant's proxy at `/api/payments`. Credentials are never the browser's business.
   */
  fetcher?: PaymentsFetcher;
  /**
   * The host's `QueryClient`, to share one cache (the kit's keys all start with
   * `'payments-kit'`). Default: a client of the kit's own, made once per provider, that retries
   * a query up to twice when the error is retryable (three times after a 429, each after the
   * wait its `Retry-After` asks, at most 30 s) and never retries a mutation. A host client keeps
   * its own defaults (`error.retryAfterMs` is there for its `retryDelay`); `retry: false` on the
   * kit's mutations holds regardless.
   */
  queryClient?: QueryClient;
  /** BCP 47 locale for money and dates. Default `en`. */
  locale?: string;
  /**
   * The payment session token your server minted for this page (`createPaymentsSession` in
   * `payments-kit/server`), sent as the `Payments-Session` header on every request. When it
   * changes, the next request uses the new token; a token of another subject (`sub`) first takes
   * away everything the kit read or settled for the previous one, and its components read again
   * (docs/spa.md#when-the-user-changes). Default: none. For the default fetcher only: with your
   * own `fetcher`, give it to `createProxyFetcher({ session })` instead.
   *
   * @example
   * <PaymentsProvider session={tokenFromServer}>…</PaymentsProvider>
   */
  session?: string | undefined;
  /**
   * Asks your server for a payment session token: for the first one when `session` is not
   * given, and once more when the proxy says the token has expired, after which the refused
   * request is sent again (a confirm with the same `Idempotency-Key`: nothing had reached the
   * payments API). A token of another subject than the last one is a change of user, as with
   * `session`. Without it, an expired session shows each component's "session expired"
   * state. The latest function is always the one called. Default: none. For the default fetcher
   * only, like `session`.
   *
   * @example
   * <PaymentsProvider getSession={() => fetch('/payments-session', { method: 'POST' }).then((r) => r.json()).then((b) => b.token)}>
   */
  getSession?: (() => Promise<string>) | undefined;
  /** The part of the app that renders payments components. */
  children?: ReactNode;
}

/**
 * Gives the kit's hooks and components their fetcher, cache and locale. It renders no
 * `QueryClientProvider`: one here would replace the host's react-query context for the host's
 * own components inside it. The kit passes its client to `useQuery`/`useMutation` instead.
 */
export function PaymentsClientProvider({ fetcher, queryClient, locale = 'en', session, getSession, children }: PaymentsClientProviderProps) {
  // useState, not useMemo: React may drop a memo, and a new client would lose the cache. It is
  // made once, so a prop that comes and goes never leaves the kit without one.
  const [ownClient] = useState(createKitQueryClient);
  const client = queryClient ?? ownClient;

  // The fetcher is made again when the token or the presence of getSession changes, so the next
  // request uses the new token; a new getSession function alone keeps it (and its cached token).
  // A memo React drops costs at most one more getSession call.
  const latestGetSession = useLatestCallback(() => (getSession ? getSession() : Promise.reject(new Error('getSession was removed.'))));
  const renews = getSession !== undefined;
  const defaultFetcher = useMemo(
    () => createProxyFetcher({ session, getSession: renews ? latestGetSession : undefined }),
    [session, renews, latestGetSession],
  );
  const activeFetcher = fetcher ?? defaultFetcher;

  // The kit's entries in the client are the session subject's: a token of another subject takes
  // them away before anything below renders them, and a renewal that brings one does it before
  // its request is sent (docs/spa.md#when-the-user-changes). A fetcher of the host's own, which
  // has no session the kit can read, is the host's to scope.
  const sessions = fetcherSessions.get(activeFetcher);
  const identity = sessions && sessionIdentity(sessions);
  if (sessions) claimKitCache(client, identity);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(
    () =>
      sessions?.onToken(() => {
        claimKitCache(client, sessionIdentity(sessions));
        // Every provider over this fetcher renders again; a new subject makes a new context
        // value below, so the hooks, whose queries may be gone, read again.
        renderAgain();
      }),
    [sessions, client],
  );

  const ignoredSession = fetcher !== undefined && (session !== undefined || renews);
  useEffect(() => {
    if (ignoredSession && typeof process !== 'undefined' && process.env.NODE_ENV !== 'production') {
      console.warn(
        'payments-kit: `<PaymentsProvider>` ignores `session` and `getSession` when it is given a `fetcher`; pass them to `createProxyFetcher({ session, getSession })` instead.',
      );
    }
  }, [ignoredSession]);

  // QueryClientProvider would mount the client (refetch on focus / reconnect); do it here.
  // Mounting is counted, so a host client mounted by the host's provider is not disturbed.
  useEffect(() => {
    client.mount();
    return () => {
      client.unmount();
    };
  }, [client]);

  // A new value for a new subject: every hook below renders again, and reads its query again.
  const value = useMemo<PaymentsContextValue>(
    () => ({ fetcher: activeFetcher, queryClient: client, locale, identity }),
    [activeFetcher, client, locale, identity],
  );
  return <PaymentsContext.Provider value={value}>{children}</PaymentsContext.Provider>;
}
