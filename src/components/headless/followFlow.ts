import type { QueryClient } from '@tanstack/react-query';
import type { FlowStep } from '../../api/index.js';
import { streamingClients } from '../../client/liveStatus.js';

/** What the follower needs of a flow as the API reads it: the steps done, when it says. */
export interface FlowRead {
  completed_steps?: readonly FlowStep[] | undefined;
}

// A minute apart, as the other live reads are while a stream is open (liveStatus's `maxIntervalMs` default).
const SAFETY_POLL_MS = 60_000;

/**
 * Follows an open flow through the API while an event stream is open for `queryClient`
 * (`payments-kit/live`): the flow is read again (`read`) when the stream names it or opens again
 * after a drop, and on a safety poll a minute apart whose clock runs from the flow's opening, so
 * it reads from the first tick after a stream opens later; without a stream nothing is read. Each
 * step the API says is done goes to `advance`, which reports it once. A failed read leaves the
 * flow as it is and stops the poll until the next event. Returns the stop.
 *
 * The stream reaches the follower through the cache: an entry under the flow's key
 * (`['payments-kit', 'flow', id]`, which the stream invalidates: readPaymentsEvents.ts) with no
 * observer and no query function, so nothing else ever fetches it, kept until the flow closes.
 */
export function followFlow(
  queryClient: QueryClient,
  flowId: string,
  read: (signal: AbortSignal) => Promise<FlowRead>,
  advance: (flowId: string, step: FlowStep) => unknown,
): () => void {
  const cache = queryClient.getQueryCache();
  const query = cache.build(queryClient, { queryKey: ['payments-kit', 'flow', flowId], gcTime: Infinity });
  const controller = new AbortController();
  let failed = false;
  const readNow = () => {
    if (!streamingClients.has(queryClient)) return;
    // Heard: the next invalidation is heard again.
    query.setState({ isInvalidated: false });
    read(controller.signal).then(
      (flow) => {
        failed = false;
        flow.completed_steps?.forEach((step) => advance(flowId, step));
      },
      () => {
        failed = true;
      },
    );
  };
  const unsubscribe = cache.subscribe((event) => {
    if (event.query === query && event.type === 'updated' && event.action.type === 'invalidate') readNow();
  });
  const timer = setInterval(() => {
    if (!failed) readNow();
  }, SAFETY_POLL_MS);
  return () => {
    clearInterval(timer);
    unsubscribe();
    controller.abort();
    cache.remove(query);
  };
}
