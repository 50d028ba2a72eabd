import type { QueryClient } from '@tanstack/react-query';
import { SESSION_HEADER } from '../api/session.js';
import { paymentsKeys } from './queries.js';
import { transferKeys } from './transferQueries.js';

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
            // A body need not end when its request is aborted (a stream answered in process):
            // nothing read after `stop` reaches the page, whose session may be another user's now.
            if (stopped()) break;
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
 * Marks stale the kit's queries that `changes` name, and reads again those on screen, each once
 * however many of the changes name it:
 * - a transaction of either generation by id, and by its transfer's id (`transfer_id`);
 * - a transfer by id, and the transfer list's pages that hold it, or could: a page filtered by
 *   status (the change may bring the transfer into it), and, when no page read so far holds it (a
 *   transfer new to the page), the first page of each list, where the newest transfers appear.
 * - a flow by id, which an open `FlowLauncher` follows (docs/server.md#the-pages-side).
 * Payment intents name no query: the kit does not read them.
 *
 * @example
 * onChange: (change) => invalidatePaymentsChanges(queryClient, [change])
 */
export function invalidatePaymentsChanges(queryClient: QueryClient, changes: readonly PaymentsStreamChange[]): Promise<void> {
  const ids = (kind: PaymentsStreamChange['kind']) => new Set(changes.filter((change) => change.kind === kind).map((change) => change.id));
  const transactions = ids('transaction');
  const transfers = ids('transfer');
  const flows = ids('flow');
  const rowsOf = (data: unknown) => (data as { data?: { id?: unknown }[] } | undefined)?.data ?? [];
  const held = new Set<unknown>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: transferKeys.all() })) {
    for (const row of rowsOf(query.state.data)) if (transfers.has(row.id as string)) held.add(row.id);
  }
  const newcomer = [...transfers].some((id) => !held.has(id));
  return queryClient.invalidateQueries({
    queryKey: paymentsKeys.all,
    predicate: ({ queryKey, state }) => {
      const [, kind, part, detail] = queryKey;
      if (kind === 'flow') return flows.has(part as string);
      if (kind === 'transaction') {
        const data = state.data as { transfer_id?: unknown; transfer?: { id?: unknown } | null } | undefined;
        return transactions.has(detail as string) || transfers.has(data?.transfer_id as string) || transfers.has(data?.transfer?.id as string);
      }
      if (kind !== 'transfers' || transfers.size === 0) return false;
      if (part === 'one') return transfers.has(detail as string);
      const filters = detail as Record<string, string | undefined>;
      return (
        rowsOf(state.data).some((row) => transfers.has(row.id as string)) ||
        filters.status !== undefined ||
        (newcomer && filters.starting_after === undefined)
      );
    },
  });
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
