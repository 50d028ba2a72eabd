import { compareNewestFirst, createdMs, type TransferAnswer } from './transferFixtures.js';
import { json } from './sandboxResponses.js';

/** The page size when a list asks for none: the API documents no default. */
export const SANDBOX_DEFAULT_LIMIT = 10;

interface Listed {
  id: unknown;
  created?: string | null | undefined;
}

/**
 * One page of `items` (newest first) as the API's lists answer it (docs/api.md#list-transfers):
 * `reverse_order: 'true'` turns the order, `starting_after` gives the page after that id,
 * `ending_before` the page before it (the items nearest the cursor), and `has_more` says whether
 * more follow in the direction asked for. A cursor is placed by the item it names, wherever that
 * item is: under a filter it need not be in the filtered list. An unknown cursor is refused as
 * the API refuses input (400 `invalid-input`).
 */
export function listPage(
  items: readonly Listed[],
  all: readonly Listed[],
  query: Record<string, string | undefined>,
): Response {
  const limit = query.limit === undefined ? SANDBOX_DEFAULT_LIMIT : Number(query.limit);
  const reverse = query.reverse_order === 'true';
  const ordered = reverse ? [...items].reverse() : [...items];
  const cursorId = query.starting_after ?? query.ending_before;
  let page: Listed[];
  let hasMore: boolean;
  if (cursorId === undefined) {
    page = ordered.slice(0, limit);
    hasMore = ordered.length > limit;
  } else {
    const cursor = all.find((item) => String(item.id) === cursorId);
    if (cursor === undefined) {
      const which = query.starting_after === undefined ? 'ending_before' : 'starting_after';
      return json({ success: false, message: `No object with the id given as ${which}.`, error_code: 'invalid-input' }, 400);
    }
    // Where the cursor stands in the order asked for: before it (<0) or after it (>0).
    const side = (item: Listed) => (reverse ? -1 : 1) * compareNewestFirst(item, cursor);
    if (query.starting_after !== undefined) {
      const after = ordered.filter((item) => side(item) > 0);
      page = after.slice(0, limit);
      hasMore = after.length > limit;
    } else {
      const before = ordered.filter((item) => side(item) < 0);
      page = before.slice(Math.max(0, before.length - limit));
      hasMore = before.length > limit;
    }
  }
  return json({ has_more: hasMore, data: page });
}

/** The transfers a query's filters keep (docs/api.md#list-transfers): each given filter must match. */
export function filterTransfers(transfers: readonly TransferAnswer[], query: Record<string, string | undefined>): TransferAnswer[] {
  const start = query.start_date === undefined ? undefined : createdMs(query.start_date);
  const end = query.end_date === undefined ? undefined : createdMs(query.end_date);
  return transfers.filter(
    (t) =>
      (query.user_id === undefined || t.user_id === query.user_id) &&
      (query.type === undefined || t.type === query.type) &&
      (query.status === undefined || t.status === query.status) &&
      (start === undefined || createdMs(t.created) >= start) &&
      (end === undefined || createdMs(t.created) <= end),
  );
}

/**
 * Every seeded transfer's transactions, newest first, each with its `transfer_id`, and with its
 * `transfer` when `include_transfer` is `'true'` (docs/api.md#list-transactions).
 */
export function transactionsOf(transfers: readonly TransferAnswer[], includeTransfer: boolean): Listed[] {
  const listed = transfers.flatMap((t) =>
    (t.transactions ?? []).map((tx) => ({ ...tx, transfer_id: t.id, ...(includeTransfer ? { transfer: t } : {}) })),
  );
  return listed.sort(compareNewestFirst);
}
