import { transferOperationTable, type TransferResource } from '../../api/index.js';
import { checkNumberOption } from '../../lib/checkNumberOption.js';
import { csvRow } from './csv.js';

/** Options of {@link createTransfersExport}. */
export interface TransfersExportOptions {
  /** Where your proxy is mounted: its `basePath`. Default `'/api/payments'`. */
  basePath?: string;
  /** The most rows one export writes; the walk stops there. Default `10000`. */
  maxRows?: number;
}

/** Rows per call: the API's largest page (docs/api.md#list-transfers). */
const PAGE = '100';
/** The list's filters a page may pass on; its own `limit` and cursors are the export's to set. */
const FILTERS = ['user_id', 'reverse_order', 'type', 'status', 'start_date', 'end_date'] as const;
/** The header row. Amounts in cents, as the API sends them (docs/api.md#list-transfers). */
const COLUMNS = ['id', 'created', 'user_id', 'type', 'status', 'amount_cents', 'platform', 'transactions', 'metadata'] as const;

const rowOf = (t: TransferResource) =>
  csvRow([t.id, t.created, t.user_id, t.type, t.status, t.amount, t.external_data?.platform, t.transactions?.length ?? 0, t.metadata]);

/**
 * A fetch handler that exports the transfers a page may list as CSV. Mount it at a path of your
 * own beside the proxy; it walks every page through your proxy, 100 transfers a call, with the
 * page's own request headers, so each call passes the same origin check, payment session,
 * `allow.transfers` grant, `authorize` and rate limits as the list's (the grant's user whatever
 * the page asks for). It takes the list's filters from its query (`type`, `status`, `user_id`,
 * `start_date`, `end_date`, `reverse_order`) and streams a header row and one line per transfer,
 * at most `maxRows` (`Payments-Export-Max-Rows` says how many): a page shows progress by counting
 * lines. A refused first page is answered as the proxy answered it; a failure later ends the
 * download with an error, never a file cut short in silence. No cell starts a formula.
 *
 * @example
 * // app/api/payments-export/route.ts, beside app/api/payments/[...path]/route.ts
 * export const GET = createTransfersExport(paymentsProxy, { maxRows: 5000 });
 */
export function createTransfersExport(
  proxy: (request: Request) => Promise<Response>,
  options: TransfersExportOptions = {},
): (request: Request) => Promise<Response> {
  const listPath = `${options.basePath ?? '/api/payments'}${transferOperationTable.listTransfers.path}`;
  const maxRows = checkNumberOption('createTransfersExport: maxRows', options.maxRows ?? 10_000);

  return async function exportTransfers(request) {
    const asked = new URL(request.url).searchParams;
    const page = (after: string | undefined) => {
      const url = new URL(listPath, request.url);
      for (const name of FILTERS) {
        const value = asked.get(name);
        if (value !== null) url.searchParams.set(name, value);
      }
      url.searchParams.set('limit', PAGE);
      if (after !== undefined) url.searchParams.set('starting_after', after);
      return proxy(new Request(url, { headers: request.headers, signal: request.signal }));
    };
    const first = await page(undefined);
    if (!first.ok) return first;
    let answer: Response = first;
    let rows = 0;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(csvRow(COLUMNS)));
      },
      async pull(controller) {
        if (!answer.ok) {
          controller.error(new Error(`The transfers export stopped after ${rows} rows: the proxy answered ${answer.status}.`));
          return;
        }
        // The proxy checked this answer against the list's schema before passing it on.
        const { has_more, data } = (await answer.json()) as { has_more: boolean; data: TransferResource[] };
        const taken = data.slice(0, maxRows - rows);
        rows += taken.length;
        controller.enqueue(encoder.encode(taken.map(rowOf).join('')));
        const last = taken.at(-1);
        if (!has_more || rows >= maxRows || last === undefined) controller.close();
        else answer = await page(last.id);
      },
      cancel() {
        void answer.body?.cancel();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="transfers.csv"',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'payments-export-max-rows': String(maxRows),
      },
    });
  };
}
