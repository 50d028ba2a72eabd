import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Flow } from '../../api/index.js';
import { LIVE_MAX_INTERVAL_MS, streamingClients } from '../../client/liveStatus.js';
import type { FlowRead, HostedFlowViewResult } from '../headless/useHostedFlow.js';

/**
 * Follows an open flow through the API while an event stream is open for the provider's client
 * (`payments-kit/live`): the flow is a query (`['payments-kit', 'flow', id]`) that starts as the
 * created flow and is read again only when the stream names it, when it opens again after a drop
 * (usePaymentsEvents invalidates it) and on the live status's safety poll. Without a stream
 * nothing is read: the page's messages alone move the flow on. A failed read leaves the flow as it
 * is and stops the poll until the next event. The steps read are merged with the page's
 * (useHostedFlow's `advance`). Renders nothing.
 */
export function FlowFollower({ flow, hosted }: { flow: Flow; hosted: HostedFlowViewResult }) {
  const { queryClient, read, advance } = hosted;
  const streaming = () => streamingClients.has(queryClient);
  const { data } = useQuery<FlowRead>(
    {
      queryKey: ['payments-kit', 'flow', flow.id],
      // The check again here: a poll due just after the stream dropped reads nothing.
      queryFn: ({ signal }) => (streaming() ? read(flow.id, signal) : flow),
      initialData: flow,
      staleTime: Infinity,
      enabled: streaming,
      refetchInterval: ({ state }) => streaming() && state.status !== 'error' && LIVE_MAX_INTERVAL_MS,
      retry: false,
    },
    queryClient,
  );
  useEffect(() => {
    advance(flow.id, data.completed_steps ?? []);
  }, [data, flow.id, advance]);
  return null;
}
