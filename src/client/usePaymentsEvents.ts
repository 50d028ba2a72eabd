'use client';
import { useEffect, useState } from 'react';
import { sessionIdentity } from './claimKitCache.js';
import { streamingClients } from './liveStatus.js';
import { paymentsKeys } from './queries.js';
import { invalidatePaymentsChanges, readPaymentsEvents, type PaymentsStreamChange, type PaymentsStreamState } from './readPaymentsEvents.js';
import { fetcherSessions } from './sessionSource.js';
import { useLatestCallback } from './useLatestCallback.js';
import { usePaymentsContext } from './usePaymentsContext.js';

/** Options of {@link usePaymentsEvents}. */
export interface UsePaymentsEventsOptions {
  /**
   * Where your server serves the stream (`paymentsEvents.stream` of `payments-kit/server/webhooks`),
   * e.g. `/api/payments-events`.
   */
  url: string;
  /** `false` reads no stream (the components keep polling). Default `true`. */
  enabled?: boolean | undefined;
  /**
   * The payment session to open the stream with. Default: the provider's own (its `session` /
   * `getSession`). Needed only with a `fetcher` of your own, whose session the kit cannot read.
   */
  getSession?: (() => Promise<string>) | undefined;
  /**
   * Called with each change the stream announces (`{ kind, id }`), after the kit has read again
   * what it shows. An open `FlowLauncher` re-reads its flow; the kit reads no payment intent (the
   * API's operations here confirm them only), so their changes are yours to act on.
   *
   * @example
   * onChange: ({ kind, id }) => { if (kind === 'paymentIntent') void refreshOrder(id); }
   */
  onChange?: ((change: PaymentsStreamChange) => void) | undefined;
  /** Called when the stream opens (`live`) or drops (`polling`). */
  onStateChange?: ((state: PaymentsStreamState) => void) | undefined;
  /** The `fetch` the stream is read with. Default the global `fetch`. */
  fetch?: typeof fetch | undefined;
}

const noSession = (): Promise<string> => Promise.reject(new Error('No payment session to open the stream with.'));

/**
 * Keeps the kit's components live from your server's event stream, inside `<PaymentsProvider>`:
 * each change the stream announces re-reads the transaction, transfer or open flow it names (and
 * the transfer list's pages it is or may be on), once, even after the components' own polling has
 * stopped (`liveStatus.maxMs`). Returns the stream's state: `live` while it is open, `polling`
 * while it is not (the components' polling holds, as without a stream). After a drop, it
 * reconnects and reads again what the page shows. It stops when unmounted and when the session
 * comes to name another user, then opens again with the new user's session. See
 * docs/hooks.md#usepaymentsevents.
 *
 * @example
 * const state = usePaymentsEvents({ url: '/api/payments-events' }); // 'live' | 'polling'
 */
export function usePaymentsEvents(options: UsePaymentsEventsOptions): PaymentsStreamState {
  const { url, enabled = true } = options;
  const { fetcher, queryClient } = usePaymentsContext('usePaymentsEvents');
  const [state, setState] = useState<PaymentsStreamState>('polling');
  const sessions = fetcherSessions.get(fetcher);
  const ownSession = options.getSession !== undefined;
  const getOwnSession = useLatestCallback(options.getSession ?? noSession);
  const onStateChange = useLatestCallback((next: PaymentsStreamState) => {
    setState(next);
    options.onStateChange?.(next);
  });
  const onChange = useLatestCallback((change: PaymentsStreamChange) => options.onChange?.(change));
  const doFetch = useLatestCallback((...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args));

  useEffect(() => {
    if (!enabled || (!ownSession && sessions === undefined)) return;
    // While the stream is open, the components' own reads slow to a safety poll (liveStatus.ts).
    const stateChange = (next: PaymentsStreamState) => {
      if (next === 'live') streamingClients.add(queryClient);
      else streamingClients.delete(queryClient);
      onStateChange(next);
    };
    const open = () => {
      let token: string | undefined;
      let readies = 0;
      let batch: PaymentsStreamChange[] = [];
      let flush: ReturnType<typeof setTimeout> | undefined;
      const stopReading = readPaymentsEvents({
        url,
        fetch: doFetch,
        getSession:
          ownSession || sessions === undefined
            ? getOwnSession
            : async () => (token = await (token === undefined ? (sessions.current() ?? noSession()) : sessions.renew(token))),
        // The changes of one webhook arrive together (a transfer and its transactions): gathered
        // until the stream pauses, each query they name is read once.
        onChange: (change) => {
          batch.push(change);
          flush ??= setTimeout(() => {
            const changes = batch;
            batch = [];
            flush = undefined;
            void invalidatePaymentsChanges(queryClient, changes).then(() => {
              changes.forEach(onChange);
            });
          }, 0);
        },
        // Open again after a drop: what changed meanwhile was never announced.
        onReady: () => {
          if (readies++ > 0) void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
        },
        onStateChange: stateChange,
      });
      return () => {
        clearTimeout(flush);
        stopReading();
        stateChange('polling');
      };
    };
    let close = open();
    // A renewal that names another user: this stream was the previous user's.
    let owner = sessions && sessionIdentity(sessions);
    const stopWatching = sessions?.onToken(() => {
      const now = sessionIdentity(sessions);
      if (owner !== undefined && now !== owner) {
        close();
        close = open();
      }
      owner = now;
    });
    return () => {
      stopWatching?.();
      close();
    };
  }, [url, enabled, sessions, ownSession, queryClient, getOwnSession, onStateChange, onChange, doFetch]);
  return state;
}
