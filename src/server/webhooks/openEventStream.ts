import type { StopSignal } from '../../lib/deadline.js';
import type { PaymentsChange } from './PaymentsChange.js';
import type { PaymentsEventBus } from './PaymentsEventBus.js';

/** How many streams may be open, and how often an open one speaks. */
export interface EventStreamLimits {
  perSubject: number;
  total: number;
  heartbeatMs: number;
}

/**
 * Bytes a page has not read yet: past this the page is not reading (a frozen tab, a stalled
 * connection) and its stream ends; the page then polls.
 */
const MAX_UNREAD_BYTES = 64 * 1024;
/** How long a page waits before it reconnects after the stream ends (the SSE `retry` field). */
const RETRY_MS = 5_000;

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Nginx and similar proxies would hold the events back in their buffers otherwise.
  'x-accel-buffering': 'no',
};

export interface EventStreamSetup {
  bus: PaymentsEventBus;
  /** The change as this page may hear of it (its grant covers it), or `undefined`. */
  select: (change: unknown) => PaymentsChange | undefined;
  /** When the page's session ends: the stream says `session_expired` then and closes. */
  expiresInMs: number;
  heartbeatMs: number;
  /** Aborts when the page goes away. */
  signal: StopSignal;
  /** Counts the stream as open; `end` closes it; the function returned forgets it. */
  register: (end: () => void) => () => void;
}

/**
 * One page's stream of Server-Sent Events: `ready` once the page hears every change from then
 * on (it re-reads what it shows, to catch up on what it missed before), `change` with the kind
 * and id of each change its grant covers and nothing else, a comment every `heartbeatMs`, and
 * `session_expired` when its session ends, after which the stream closes. Rejects when the bus
 * cannot be subscribed to (nothing is left open).
 */
export async function openEventStream(setup: EventStreamSetup): Promise<Response> {
  const { bus, select, signal } = setup;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // An object, not a `let`: closures set it, and the checks after an await must read it anew.
  const state = { ended: false };
  let unsubscribe: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const end = () => {
    if (state.ended) return;
    state.ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe?.();
    forget();
    signal.removeEventListener('abort', end);
    try {
      controller.close();
    } catch {
      // Already closed or canceled by the page.
    }
  };
  const send = (text: string) => {
    if (state.ended) return;
    controller.enqueue(encoder.encode(text));
    if ((controller.desiredSize ?? 0) < -MAX_UNREAD_BYTES) end();
  };

  // A high-water mark of 0 bytes: `desiredSize` is minus what the page has not read yet.
  const body = new ReadableStream<Uint8Array>(
    {
      start(started) {
        controller = started;
      },
      cancel: end,
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  const forget = setup.register(end);
  signal.addEventListener('abort', end, { once: true });
  try {
    const stop = await bus.subscribe((change) => {
      const shown = select(change);
      if (shown) send(`event: change\ndata: ${JSON.stringify({ kind: shown.kind, id: shown.id })}\n\n`);
    });
    if (state.ended) stop();
    else unsubscribe = stop;
  } catch (error) {
    end();
    throw error;
  }
  send(`retry: ${String(RETRY_MS)}\nevent: ready\ndata: {}\n\n`);
  if (!state.ended) {
    heartbeat = setInterval(() => {
      send(': keep-alive\n\n');
    }, setup.heartbeatMs);
    expiry = setTimeout(() => {
      send('event: session_expired\ndata: {}\n\n');
      end();
    }, Math.max(0, setup.expiresInMs));
  }
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
