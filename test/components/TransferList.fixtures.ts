// A stand-in for the proxy's transfer listing, as a fetcher: the API's cursors, filters and
// `has_more` (docs/api.md#list-transfers) over a fixed set of transfers, and every request kept.
import { PaymentsError, type PaymentsFetcher, type PaymentsRequest } from 'payments-kit';

// eslint-disable-next-line no-restricted-imports -- the transfers of the API's published guides, which no entry exports
export { payoutsGuideTransfer, transfersOverviewTransfer } from '../../src/testing/publishedTransfers.js';

const statuses = ['completed', 'pending', 'failed', 'completed', 'flagged'] as const;
const types = ['payout', 'refill', 'balance', 'payout', 'payable'] as const;

/** `count` transfers, newest first, with the documented statuses and types in turn. */
export function seededTransfers(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `tr_${String(index + 1).padStart(3, '0')}`,
    amount: (index + 1) * 1250,
    created: new Date(Date.UTC(2026, 10, 20, 12) - index * 86_400_000).toISOString(),
    status: statuses[index % statuses.length],
    type: types[index % types.length],
    user_id: 'user_1',
    external_data: {},
    transactions: [],
    metadata: null,
  }));
}

type Row = Record<string, unknown> & { id: string };

/** The requests the fake answered, as sent: operation and query. */
export interface FakeRequest {
  operation: string;
  path: string;
  query: Record<string, string>;
}

/**
 * A fetcher that lists `rows` as the API does: filtered by `status`, `type` and the date range,
 * `limit` rows after `starting_after`, `has_more` when rows follow. `fail` makes the next
 * requests fail with the given error. `hold` keeps answers until released.
 */
export function fakeTransfersFetcher(rows: readonly Row[]) {
  const requests: FakeRequest[] = [];
  const state: { fail: PaymentsError | undefined; rows: readonly Row[]; hold: Promise<void> | undefined } = { fail: undefined, rows, hold: undefined };
  const fetcher: PaymentsFetcher = async (request: PaymentsRequest) => {
    const query = request.query ?? {};
    requests.push({ operation: request.operation, path: request.path, query });
    if (state.hold) await state.hold;
    if (state.fail) throw state.fail;
    if (request.operation === 'getTransfer') {
      const id = decodeURIComponent(request.path.split('/').at(-1) ?? '');
      const row = state.rows.find((candidate) => candidate.id === id);
      if (!row) throw new PaymentsError({ kind: 'http', status: 404, operation: 'getTransfer', message: 'Not found.' });
      return structuredClone(row);
    }
    const matching = state.rows.filter((row) => {
      const day = typeof row.created === 'string' ? row.created.slice(0, 10) : '';
      return (
        (!query.status || row.status === query.status) &&
        (!query.type || row.type === query.type) &&
        (!query.start_date || day >= query.start_date.slice(0, 10)) &&
        (!query.end_date || day <= query.end_date.slice(0, 10))
      );
    });
    const after = query.starting_after ? matching.findIndex((row) => row.id === query.starting_after) + 1 : 0;
    const limit = Number(query.limit ?? 10);
    const data = matching.slice(after, after + limit);
    return structuredClone({ has_more: after + limit < matching.length, data });
  };
  return { fetcher, requests, state };
}
