'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PaymentsError, Transaction, TransferPage } from '../api/index.js';
import { nextLiveStatusRead, resolveLiveStatus, streamingClients, type LiveStatusOptions, type LiveStatusWatch } from './liveStatus.js';
import { serverDataMountOptions } from './serverData.js';
import { transferPageQueryOptions, transferPageSize, type TransferFilters } from './transferQueries.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/**
 * The wait before the page is read again, or `false`: the rows still under way are followed as
 * one value, so the wait restarts at its shortest when any of them changes, and the reads stop
 * once every row is final or the watch has lasted `maxMs` (liveStatus.ts).
 */
function nextPageRead(
  live: NonNullable<ReturnType<typeof resolveLiveStatus>>,
  watch: { current: LiveStatusWatch | null },
  pageKey: string,
  page: TransferPage | undefined,
  streaming: boolean,
): number | false {
  const under = (page?.data ?? []).filter((row) => typeof row.status === 'string' && !live.isFinal(row.status));
  if (under.length === 0) return false;
  const status = under.map((row) => `${row.id}:${row.status ?? ''}`).join(' ');
  // `nextLiveStatusRead` follows one transaction's transfer status: here, every live row's at once.
  const rows = { transfer: { status } } as Transaction;
  return nextLiveStatusRead({ ...live, isFinal: () => false }, watch, pageKey, rows, Date.now(), streaming);
}

/** Options of {@link useTransfers}. */
export interface UseTransfersOptions {
  /** Filters, under the API's own names (`status`, `type`, `start_date`, `end_date`); a change starts again at page 1. */
  filters?: TransferFilters | undefined;
  /** Rows per page, 1 to 100 (the API's limit). Default `20`. */
  pageSize?: number | undefined;
  /**
   * Keep the page live while a row's transfer is under way (`created`, `pending`, `flagged`):
   * the page is read again after 5 s, then at doubling waits up to 60 s, never while the page is
   * hidden, and no more once every row is final or after 10 minutes. `false` turns it off; an
   * object tunes it. Default: on. See docs/hooks.md#live-status.
   */
  liveStatus?: boolean | LiveStatusOptions | undefined;
}

/** What {@link useTransfers} returns: the page's query, and the pages around it. */
export type UseTransfersResult = UseQueryResult<TransferPage, PaymentsError> & {
  /** The page shown, from 1. The API gives no total, so there is no last page number. */
  page: number;
  /** Whether a page follows (the API's `has_more`). */
  hasNextPage: boolean;
  /** Whether a page comes before (this list has moved forward). */
  hasPreviousPage: boolean;
  /** Goes to the next page (after the last row shown); nothing when there is none. */
  nextPage: () => void;
  /** Goes back one page; nothing on the first. */
  previousPage: () => void;
  /** Goes back to the first page. */
  firstPage: () => void;
};

/**
 * A list of transfers, page by page, filtered by the API's own parameters
 * (docs/api.md#list-transfers). Pages follow the API's cursors: "next" starts after the last row
 * shown, and the cursors that led here are kept, so "previous" reads a page already seen (from the
 * cache, at once). While a page loads, the one before stays shown (`isPlaceholderData`).
 *
 * @example
 * const transfers = useTransfers({ filters: { status: 'pending' }, pageSize: 50 });
 * transfers.data?.data.map((transfer) => transfer.id);
 * <button disabled={!transfers.hasNextPage} onClick={transfers.nextPage}>Next</button>
 */
export function useTransfers(options: UseTransfersOptions = {}): UseTransfersResult {
  const { fetcher, queryClient } = usePaymentsContext('useTransfers');
  const limit = transferPageSize(options.pageSize);
  const filters = options.filters ?? {};
  const scope = JSON.stringify([filters.status, filters.type, filters.start_date, filters.end_date, limit]);
  // The cursors of the pages before this one; a new filter or page size starts over. Adjusted
  // while rendering, from what this render asks for: no effect, no read of the old filters' page.
  const [cursors, setCursors] = useState<{ scope: string; stack: readonly string[] }>({ scope, stack: [] });
  const stack = cursors.scope === scope ? cursors.stack : [];
  if (cursors.scope !== scope) setCursors({ scope, stack });

  const live = resolveLiveStatus(options.liveStatus);
  const watch = useRef<LiveStatusWatch | null>(null);
  const pageKey = `${scope}:${stack.at(-1) ?? ''}`;
  const pageOptions = transferPageQueryOptions(fetcher, { ...filters, limit, starting_after: stack.at(-1) });
  const query = useQuery(
    {
      ...pageOptions,
      // A first page the server prefetched (prefetchPayments) is not read again on load.
      ...serverDataMountOptions(queryClient, pageOptions.queryKey),
      refetchInterval: live ? (current) => nextPageRead(live, watch, pageKey, current.state.data, streamingClients.has(queryClient)) : false,
      refetchIntervalInBackground: false,
    },
    queryClient,
  );

  const rows = query.data?.data ?? [];
  const last = rows.at(-1)?.id;
  // A placeholder is the page before: it says nothing about what follows this one.
  const hasNextPage = !query.isPlaceholderData && query.data?.has_more === true && last !== undefined;
  const move = (next: readonly string[]) => { setCursors({ scope, stack: next }); };
  return Object.assign(query, {
    page: stack.length + 1,
    hasNextPage,
    hasPreviousPage: stack.length > 0,
    nextPage: () => {
      if (hasNextPage) move([...stack, last]);
    },
    previousPage: () => {
      if (stack.length > 0) move(stack.slice(0, -1));
    },
    firstPage: () => { move([]); },
  });
}
