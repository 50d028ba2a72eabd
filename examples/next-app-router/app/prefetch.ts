import { QueryClient } from '@tanstack/react-query';
import { createInProcessFetch } from 'payments-kit/server';
import { createProxyFetcher, dehydratePayments, prefetchPayments, type PaymentsReads } from 'payments-kit/queries';
import { prefetchTransferPages, type TransferPageRead } from 'payments-kit/transfers/queries';
import { paymentsProxy } from './payments-proxy';

/**
 * Reads what the page shows on the server, through the proxy in this process with the page's own
 * session (the same grant and checks as the browser's calls), as JSON props for
 * `<PaymentsHydrationBoundary>`: the HTML holds the data, and the browser reads nothing on load.
 */
export async function prefetchForPage(session: string, reads: PaymentsReads, transferPages: readonly TransferPageRead[] = []) {
  const queryClient = new QueryClient(); // one per request: never share a cache between users
  const fetcher = createProxyFetcher({ fetch: createInProcessFetch(paymentsProxy, { session }) });
  await Promise.all([prefetchPayments(queryClient, fetcher, reads), prefetchTransferPages(queryClient, fetcher, transferPages)]);
  return dehydratePayments(queryClient);
}
