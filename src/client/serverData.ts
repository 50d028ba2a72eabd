import type { DehydratedState, Query, QueryClient, QueryState } from '@tanstack/react-query';

/**
 * How long the server's answer counts as fresh after the page hydrated it: a component mounting
 * within it shows it and reads nothing. Long enough for a slow hydration on a busy phone, short
 * enough that a component mounted minutes later reads again.
 */
const SERVER_DATA_FRESH_MS = 30_000;

/**
 * The query's state as hydrated, and until when it counts as fresh. react-query replaces a
 * query's state object on every change (a read starting, an answer, an error), so the same
 * object means nothing was read since.
 */
type ServerMark = readonly [hydrated: QueryState, freshUntil: number];

// Keyed by the query itself: a query the cache collects takes its mark with it.
const marks = new WeakMap<Query, ServerMark>();

/** Marks the queries of `state`, just hydrated into `client`, as the server's answers. */
export function markServerData(client: QueryClient, state: DehydratedState): void {
  for (const { queryHash } of state.queries) {
    const query = client.getQueryCache().get(queryHash);
    if (query) marks.set(query, [query.state, Date.now() + SERVER_DATA_FRESH_MS]);
  }
}

/**
 * Whether the query at `queryKey` still holds what the server hydrated (its state unchanged) and
 * hydrated less than {@link SERVER_DATA_FRESH_MS} ago: then a hook mounting on it neither
 * refetches the answer nor retries the error. Anything else keeps react-query's mount rules.
 */
export function isFreshServerData(client: QueryClient, queryKey: readonly unknown[]): boolean {
  // By hash, not `find({ queryKey, exact: true })`, which hashes every key in the cache: once per
  // row of a long list. The client's defaults give the hash a host's `queryKeyHashFn` would.
  const query = client.getQueryCache().get(client.defaultQueryOptions({ queryKey }).queryHash);
  const mark = query && marks.get(query);
  return mark !== undefined && mark[0] === query?.state && Date.now() < mark[1];
}

/** The mount options of a hook over server data: no read on mount while it is fresh. */
export function serverDataMountOptions(client: QueryClient, queryKey: readonly unknown[]) {
  return isFreshServerData(client, queryKey) ? ({ refetchOnMount: false, retryOnMount: false } as const) : {};
}
