import { useQuery } from '@tanstack/react-query';
import type { Flow } from '../../api/index.js';
import { streamingClients } from '../../client/liveStatus.js';
import type { FlowRead, HostedFlowViewResult } from '../headless/useHostedFlow.js';

/**
 * Follows an open flow through the API while an event stream is open for the provider's client
 * (`payments-kit/live`): the flow is a query (`['payments-kit', 'flow', id]`) that starts as the
 * created flow and is read again when the stream names it, when it opens again after a drop
 * (usePaymentsEvents invalidates it) and on a safety poll a minute apart (liveStatus's
 * `maxIntervalMs` default). The poll's clock runs from the flow's opening whatever the stream
 * does, so it reads from the first tick after a stream opens later; a tick without a stream reads
 * nothing. A failed read leaves the flow as it is and stops the poll until the next event. The
 * steps read are merged with the page's (useHostedFlow's `advance`) as each read arrives; one
 * that arrives for a flow no longer open changes nothing. Renders nothing.
 */
export function FlowFollower({ flow, hosted: { queryClient, read, advance } }: { flow: Flow; hosted: HostedFlowViewResult }) {
  useQuery<FlowRead>(
    {
      queryKey: ['payments-kit', 'flow', flow.id],
      queryFn: ({ signal }) =>
        streamingClients.has(queryClient)
          ? read(flow.id, signal).then((read) => {
              read.completed_steps?.forEach((step) => advance(flow.id, step));
              return read;
            })
          : flow,
      initialData: flow,
      staleTime: Infinity,
      refetchInterval: ({ state }) => state.status !== 'error' && 60_000,
      retry: false,
    },
    queryClient,
  );
  return null;
}
