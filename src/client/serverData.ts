import { type DehydratedState, type Query, type QueryClient, type QueryKey, type QueryState, type UseQueryOptions } from '@tanstack/react-query';

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
 * A read hook's options as it mounts, from the one lookup of its query in the cache:
 * - a query the cache does not hold yet starts its read now, while the component renders (as
 *   react-query's `usePrefetchQuery` does), not after React commits the loading state and runs
 *   the effects where the observer subscribes: the request is in flight while the rest of the
 *   page renders. The observer then joins that read, with the same options and retries. Never
 *   on a server render, and never for a disabled query;
 * - a query that still holds what the server hydrated (its state unchanged since), hydrated
 *   less than {@link SERVER_DATA_FRESH_MS} ago, is neither read again nor retried on mount.
 * Anything else keeps react-query's mount rules.
 */
export function mountOptions<Data, Failure, Key extends QueryKey>(
  client: QueryClient,
  options: UseQueryOptions<Data, Failure, Data, Key>,
): UseQueryOptions<Data, Failure, Data, Key> {
  // By hash, not `find({ queryKey, exact: true })`, which hashes every key in the cache: once per
  // row of a long list. The client's defaults give the hash a host's `queryKeyHashFn` would.
  const defaulted = client.defaultQueryOptions(options);
  const cache = client.getQueryCache();
  const query = cache.get(defaulted.queryHash);
  const mark = query && marks.get(query);
  // No window: a server render, where nothing is sent.
  if (!query && typeof window !== 'undefined' && defaulted.enabled !== false) cache.build(client, defaulted).fetch().catch(() => undefined);
  return mark && mark[0] === query.state && Date.now() < mark[1] ? { ...options, refetchOnMount: false, retryOnMount: false } : options;
}
