import type { QueryClient } from '@tanstack/react-query';
import { SESSION_HEADER } from '../api/session.js';
import { paymentsKeys } from './queries.js';

/** A change the proxy's event stream announced: re-read that resource. */
export interface PaymentsStreamChange {
  kind: 'transaction' | 'transfer' | 'flow' | 'paymentIntent';
  id: string;
}

/** `live` while the stream is open; `polling` while it is down (the components' own polling holds). */
export type PaymentsStreamState = 'live' | 'polling';

export interface ReadPaymentsEventsOptions {
  /** The stream's address (`paymentsEvents.stream` mounted by your server), e.g. `/api/payments-events`. */
  url: string;
  /** The page's payment session; called again after a 401 or a `session_expired` event. */
  getSession: () => Promise<string>;
  /** Called once per `change` the stream announces. */
  onChange: (change: PaymentsStreamChange) => void;
  /** Called each time the stream is (again) open: re-read what the page shows, to catch up. */
  onReady?: () => void;
  /** Called when the stream opens or drops. */
  onStateChange?: (state: PaymentsStreamState) => void;
  /** First wait before reconnecting after a drop, in ms, doubling up to `maxBackoffMs`. Default 1000. */
  backoffMs?: number;
  /** Longest wait before reconnecting, in ms. Default 30 000. */
  maxBackoffMs?: number;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
}

/**
 * Reads the proxy's event stream with `fetch` (an `EventSource` cannot send the
 * `Payments-Session` header) and reconnects after a drop with a doubling wait, starting over once
 * it is open again. Returns the function that stops it.
 */
export function readPaymentsEvents(options: ReadPaymentsEventsOptions): () => void {
  const { url, getSession, onChange, onReady, onStateChange } = options;
  const doFetch = options.fetch ?? fetch;
  const firstBackoff = options.backoffMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const controller = new AbortController();
  // A function, not the property inline: it changes while the loop awaits.
  const stopped = () => controller.signal.aborted;
  let state: PaymentsStreamState | undefined;
  const setState = (next: PaymentsStreamState) => {
    if (state !== next) onStateChange?.((state = next));
  };

  const run = async () => {
    let backoff = firstBackoff;
    let session: string | undefined;
    while (!stopped()) {
      let renew = false;
      try {
        session ??= await getSession();
        const answer = await doFetch(url, { headers: { [SESSION_HEADER]: session, accept: 'text/event-stream' }, signal: controller.signal, cache: 'no-store' });
        if (answer.status === 401) {
          renew = true;
        } else if (answer.ok && answer.body) {
          for await (const event of serverSentEvents(answer.body)) {
            if (event.name === 'ready') {
              backoff = firstBackoff;
              setState('live');
              onReady?.();
            } else if (event.name === 'change') {
              const change = readChange(event.data);
              if (change) onChange(change);
            } else if (event.name === 'session_expired') {
              renew = true;
            }
          }
        } else {
          await answer.body?.cancel();
        }
      } catch {
        // A network failure or a drop: wait and try again, unless stopped.
      }
      if (stopped()) return;
      setState('polling');
      if (renew) {
        session = undefined;
        continue;
      }
      await wait(backoff, controller.signal);
      backoff = Math.min(backoff * 2, maxBackoff);
    }
  };
  void run();
  return () => {
    controller.abort();
  };
}

/**
 * The kit's queries a change makes stale, for `queryClient.invalidateQueries`: a transaction of
 * either generation with that id. Other kinds name no query of the kit's own.
 *
 * @example
 * onChange: (change) => invalidatePaymentsChange(queryClient, change)
 */
export function invalidatePaymentsChange(queryClient: QueryClient, change: PaymentsStreamChange): Promise<void> {
  if (change.kind !== 'transaction') return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: paymentsKeys.transactions(), predicate: (query) => query.queryKey[3] === change.id });
}

function readChange(data: string): PaymentsStreamChange | undefined {
  try {
    const { kind, id } = JSON.parse(data) as Partial<PaymentsStreamChange>;
    return typeof kind === 'string' && typeof id === 'string' ? { kind, id } : undefined;
  } catch {
    return undefined;
  }
}

/** The events of a Server-Sent Events body (comments skipped), until it ends. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ name: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => block.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1).trimStart();
        const name = field('event');
        if (name !== undefined) yield { name, data: field('data') ?? '' };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
