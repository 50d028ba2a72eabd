import { QueryClient } from '@tanstack/react-query';
import { queryRetry } from './queryRetry.js';

/**
 * The kit's own QueryClient, for a provider given none: a query is retried only when the error
 * may not come again, after the wait a 429's `Retry-After` asks; a mutation is never retried.
 */
export function createKitQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx, an invalid input or a broken answer fails the same way again: retry only what
      // may succeed next time, waiting what a 429's Retry-After asks.
      queries: queryRetry,
      mutations: { retry: false },
    },
  });
}
