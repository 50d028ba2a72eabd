import type { QueryClient } from '@tanstack/react-query';
import { PREFETCH_ONCE, settled } from './prefetchPayments.js';
import { transferPageQueryOptions, transferPageSize } from './transferQueries.js';
import type { PaymentsFetcher } from './types.js';

/** A transfer list's first page, as `<TransferList>` asks for it. */
export interface TransferPageRead {
  /** The list's `pageSize`. Default 20. */
  pageSize?: number | undefined;
  /** The `status` of the list's `defaultFilters`. */
  status?: string | undefined;
  /** The `type` of the list's `defaultFilters`. */
  type?: string | undefined;
}

/**
 * Reads the first pages of transfer lists into `queryClient` as `prefetchPayments` reads the
 * rest, so `<TransferList>` renders its rows in the server's HTML and reads nothing on load. A
 * page is the list's `pageSize` and the `status` and `type` of its `defaultFilters` (a list that
 * starts with a date range asks for days of the browser's time zone, and reads them itself). The
 * proxy must serve `transferOperations` (docs/nextjs.md#data-on-first-paint).
 *
 * @example
 * await Promise.all([
 *   prefetchPayments(queryClient, fetcher, { transactions: ['1001'] }),
 *   prefetchTransferPages(queryClient, fetcher, [{ pageSize: 5, status: 'completed' }]),
 * ]);
 */
export async function prefetchTransferPages(queryClient: QueryClient, fetcher: PaymentsFetcher, pages: readonly TransferPageRead[]): Promise<void> {
  await Promise.all(
    pages.map(({ pageSize, status, type }) =>
      settled(queryClient.query({ ...transferPageQueryOptions(fetcher, { status, type, limit: transferPageSize(pageSize) }), ...PREFETCH_ONCE })),
    ),
  );
}
