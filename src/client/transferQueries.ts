// Options factories of the transfer reads, not hooks: no 'use client' here, so server code can
// prefetch a list's first page with them.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getTransfer, listTransfers, type PaymentsError, type TransferPage, type TransferResource } from '../api/index.js';
import { callOperation } from './callOperation.js';
import { paymentsKeys } from './queries.js';
import type { PaymentsFetcher } from './types.js';

/**
 * What a transfer list is filtered by, under the API's own query names
 * (docs/api.md#list-transfers): `status`, `type`, and `start_date` / `end_date` (ISO 8601 dates
 * or date-times, e.g. `2026-11-01` or `2026-11-01T05:00:00Z`).
 */
export interface TransferFilters {
  status?: string | undefined;
  type?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** One page of a transfer list: its filters, its size and the cursor it starts after. */
export interface TransferPageParams extends TransferFilters {
  /** Rows per page, 1 to 100. */
  limit: number;
  /** The id of the last row of the page before; none for the first page. */
  starting_after?: string | undefined;
}

/** The largest page the API serves (`limit`, docs/api.md#list-transfers). */
export const MAX_TRANSFER_PAGE_SIZE = 100;

/** A page size the API takes: a whole number from 1 to 100; anything else gives `fallback`. */
export function transferPageSize(size: number | undefined, fallback = 20): number {
  return size !== undefined && Number.isFinite(size) && size >= 1 ? Math.min(Math.floor(size), MAX_TRANSFER_PAGE_SIZE) : fallback;
}

/**
 * The query as sent, every value a string (`limit: '20'`): an empty filter is no filter, so it is
 * left out of the query and of the key.
 */
function pageQuery(params: TransferPageParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(params) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/** Keys of the transfer reads, under the kit's prefix. */
export const transferKeys = {
  /** Prefix of every list page and every transfer. */
  all: () => [...paymentsKeys.all, 'transfers'] as const,
  /** One page: `['payments-kit', 'transfers', 'page', { limit, status… }]`. */
  page: (params: TransferPageParams) => [...paymentsKeys.all, 'transfers', 'page', pageQuery(params)] as const,
  /** One transfer: `['payments-kit', 'transfers', 'one', id]`. */
  one: (id: string) => [...paymentsKeys.all, 'transfers', 'one', id] as const,
};

/**
 * One page of transfers (docs/api.md#list-transfers). The API gives no total: a page only says
 * whether more follow (`has_more`). While the next page loads, the page shown stays
 * (`placeholderData`), so a change of page or filters never flashes empty.
 */
export function transferPageQueryOptions(fetcher: PaymentsFetcher, params: TransferPageParams) {
  return queryOptions<TransferPage, PaymentsError, TransferPage, ReturnType<typeof transferKeys.page>>({
    queryKey: transferKeys.page(params),
    queryFn: ({ signal }) => callOperation(fetcher, listTransfers, { query: pageQuery(params) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One transfer by id (docs/api.md#read-a-transfer), with its status history when the API sends one. */
export function transferQueryOptions(fetcher: PaymentsFetcher, id: string) {
  return queryOptions<TransferResource, PaymentsError, TransferResource, ReturnType<typeof transferKeys.one>>({
    queryKey: transferKeys.one(id),
    queryFn: ({ signal }) => callOperation(fetcher, getTransfer, { params: { transfer_id: id } }, { signal }),
  });
}
