import { checkNumberOption } from '../../lib/checkNumberOption.js';
import { decodeJwt } from 'jose';
import { JSON_ANSWER_HEADERS } from '../../api/answerHeaders.js';
import type { PaymentsError } from '../../api/errors.js';
import { SESSION_HEADER } from '../../api/session.js';
import { errorAnswer, proxyError } from '../proxyError.js';
import { readStream } from '../request/readStream.js';
import { checkSessions, createSessionVerifier, withoutSessionToken, type SessionVerifier } from '../sessions/createSessionVerifier.js';
import type { SessionOptions } from '../sessions/SessionOptions.js';
import { createWebhookVerifier, type WebhookRefusal, type WebhookVerifier } from './createWebhookVerifier.js';
import { grantCovers } from './grantCovers.js';
import { checkChange, type PaymentsChange } from './PaymentsChange.js';
import { createMemoryEventBus, createMemoryWebhookDedupe, type PaymentsEventBus, type PaymentsWebhookDedupe } from './PaymentsEventBus.js';
import { readWebhookEvent } from './readWebhookEvent.js';
import { openEventStream, type EventStreamLimits } from './openEventStream.js';
import { webhookKeyBytes, type PaymentsWebhookSecret } from './webhookSecrets.js';

/** A payload larger than this is refused unread: the API's largest (a whole transfer) is far smaller. */
const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

/** Whose a transfer or flow is, when its webhook does not say: the merchant's lookup. */
export type PaymentsOwnerResolver = (resource: { kind: 'transfer' | 'flow'; id: string }) => Promise<string | undefined> | string | undefined;

export interface PaymentsEventsOptions extends Required<SessionOptions> {
  /**
   * The endpoint's signing secret from the payments API's webhook dashboard (`whsec_…`). Give
   * several while rotating: a delivery signed with any of them is accepted (docs/server.md#webhooks-and-live-status).
   */
  webhookSecret: PaymentsWebhookSecret | readonly PaymentsWebhookSecret[];
  /**
   * Carries changes to the instances with pages listening. Default: this process only. Across
   * instances: `createRedisEventBus` from `payments-kit/server/redis`.
   */
  bus?: PaymentsEventBus;
  /**
   * Remembers deliveries already fanned out (the sender resends with the same `svix-id`).
   * Default: this process's memory. Across instances: `createRedisWebhookDedupe`.
   */
  dedupe?: PaymentsWebhookDedupe;
  /**
   * Whose a transfer or flow is, when its webhook names only its id (`transfer.updated`,
   * `flow.updated`): the payments API user id, or `undefined` when unknown (then no page granted
   * by user hears of it). Called once per delivery, after the webhook is answered.
   *
   * @example
   * resolveOwner: async ({ kind, id }) => (kind === 'flow' ? (await db.flowOwner(id)) : undefined)
   */
  resolveOwner?: PaymentsOwnerResolver;
  /** Most open event streams of one session subject on this instance. Default 5. */
  maxStreamsPerSubject?: number;
  /** Most open event streams on this instance. Default 1 000. */
  maxStreams?: number;
  /** How often an open stream sends a comment, so that proxies and browsers keep it open, in ms. Default 15 000. */
  heartbeatMs?: number;
  /** Largest webhook body read, in bytes. Default 256 KiB. */
  maxBodyBytes?: number;
  /**
   * Keeps the runtime alive for what a webhook does after its answer (the owner's lookup, the
   * bus): on a serverless or edge runtime that may stop once the answer is sent, pass its own.
   * Default none: a long-running server keeps running.
   *
   * @example
   * import { waitUntil } from '@vercel/functions'; // or Next.js's `after` from 'next/server'
   * createPaymentsEvents({ ...options, waitUntil });
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /** The clock webhook timestamps are checked against, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /**
   * Called with every refusal and every event dropped, for your logs: a bad signature, a
   * timestamp off by more than five minutes, a payload that is not JSON or names nothing known,
   * a lookup or bus that failed. The webhook is answered whatever this does.
   */
  onError?: (error: PaymentsError, request: Request) => void;
}

/** A fetch-standard handler, as Next.js route handlers, Hono and Deno take. */
export type PaymentsEventsHandler = (request: Request) => Promise<Response>;

export interface PaymentsEvents {
  /** `POST`: the endpoint you register with the payments API's webhooks. */
  webhook: PaymentsEventsHandler;
  /** `GET` with the page's `Payments-Session` header: the page's stream of changes (Server-Sent Events). */
  stream: PaymentsEventsHandler;
  /** Resolves once every webhook answered so far has been passed on to the bus. */
  settled: () => Promise<void>;
  /** Ends every open stream of this instance (at shutdown). */
  close: () => void;
}

const REFUSALS: Record<WebhookRefusal, string> = {
  headers_missing: 'The webhook lacks its svix-id, svix-timestamp or svix-signature header.',
  timestamp_out_of_range: 'The webhook was signed more than five minutes from this server\'s time: a replay, or a clock to fix.',
  signature_mismatch: 'The webhook is signed with none of the webhook secrets: check webhookSecret.',
};

/**
 * Live status for the kit's components: the payments API's webhooks verified at your server, and
 * a stream to each page saying which of its resources changed (docs/server.md#webhooks-and-live-status).
 *
 * `webhook` verifies each delivery's signature over its raw body (any of `webhookSecret`), refuses
 * one signed more than five minutes away, answers 204 at once and drops a delivery it has fanned
 * out before. `stream` serves a page, under its payment session, only "this transaction,
 * transfer, flow or payment intent changed" for what its grant covers, never the event's
 * content: the page re-reads through the proxy. Web standards only: Node and edge runtimes alike.
 *
 * Never throws: wrong options answer both routes 500 `proxy_misconfigured`.
 *
 * @example
 * const paymentsEvents = createPaymentsEvents({
 *   webhookSecret: process.env.PAYMENTS_WEBHOOK_SECRET!,
 *   sessions: { secret: process.env.PAYMENTS_SESSION_SECRET!, audience: 'https://shop.example' },
 * });
 * // app/api/payments-webhooks/route.ts: export const POST = paymentsEvents.webhook;
 * // app/api/payments-events/route.ts:   export const GET = paymentsEvents.stream;
 */
export function createPaymentsEvents(options: PaymentsEventsOptions): PaymentsEvents {
  let verifyWebhook: WebhookVerifier;
  let verifySession: SessionVerifier;
  let limits: EventStreamLimits;
  const now = options.now ?? Date.now;
  try {
    verifyWebhook = createWebhookVerifier(webhookKeyBytes(options.webhookSecret, 'createPaymentsEvents: webhookSecret'), now);
    verifySession = createSessionVerifier(checkSessions(options.sessions));
    limits = {
      perSubject: positive('maxStreamsPerSubject', options.maxStreamsPerSubject ?? 5),
      total: positive('maxStreams', options.maxStreams ?? 1000),
      heartbeatMs: positive('heartbeatMs', options.heartbeatMs ?? 15_000),
    };
    positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  } catch (error) {
    return misconfigured(error instanceof Error ? error.message : String(error));
  }
  const { resolveOwner, onError } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bus = options.bus ?? createMemoryEventBus();
  const dedupe = options.dedupe ?? createMemoryWebhookDedupe({ now });
  const pending = new Set<Promise<void>>();
  const streams = new Set<() => void>();
  const openPerSubject = new Map<string, number>();

  const report = (error: PaymentsError, request: Request) => {
    try {
      onError?.(error, withoutSessionToken(request, SESSION_HEADER));
    } catch {
      // A logging hook must not change the answer.
    }
  };
  const refuse = (request: Request, status: number, code: string, message: string, operation: string, cause?: unknown) => {
    const { answer, error } = errorAnswer(proxyError(status, code, message, operation, cause), operation);
    report(error, request);
    return new Response(answer.body, { status, headers: { ...JSON_ANSWER_HEADERS, ...answer.headers } });
  };
  /** 200 to the sender, with what the proxy made of the delivery for `onError`. */
  const acceptedButDropped = (request: Request, code: string, message: string) => {
    report(proxyError(200, code, message, 'webhook'), request);
    return received();
  };

  // After the answer: the sender is not kept waiting on a lookup or the bus.
  const fanOut = async (changes: PaymentsChange[], request: Request) => {
    for (const change of changes) {
      let owned = change;
      if (change.userId === undefined && resolveOwner && (change.kind === 'transfer' || change.kind === 'flow')) {
        try {
          const userId = await resolveOwner({ kind: change.kind, id: change.id });
          if (userId) owned = { ...change, userId };
        } catch (error) {
          report(proxyError(200, 'webhook_owner_unresolved', `Whose ${change.kind} ${change.id} is could not be looked up: no page granted by user hears of this change.`, 'webhook', error), request);
        }
      }
      try {
        await bus.publish(owned);
      } catch (error) {
        report(proxyError(200, 'webhook_bus_failed', `The event bus failed: pages are not told that ${change.kind} ${change.id} changed (they still poll).`, 'webhook', error), request);
      }
    }
  };

  const webhook: PaymentsEventsHandler = async (request) => {
    if (request.method !== 'POST') return refuse(request, 405, 'method_not_allowed', `${request.method} is not served here: the payments API posts its webhooks.`, 'webhook');
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      body = (await readStream(request.body, maxBodyBytes)) as Uint8Array<ArrayBuffer> | undefined;
    } catch (error) {
      return refuse(request, 400, 'invalid_request', 'The webhook\'s body could not be read.', 'webhook', error);
    }
    if (body === undefined) return refuse(request, 413, 'payload_too_large', `The webhook is larger than maxBodyBytes (${maxBodyBytes} bytes).`, 'webhook');
    const header = (name: string) => request.headers.get(`svix-${name}`) ?? request.headers.get(`webhook-${name}`);
    const id = header('id');
    const refusal = await verifyWebhook({ id, timestamp: header('timestamp'), signature: header('signature') }, body);
    if (refusal !== undefined) return refuse(request, 401, `webhook_${refusal}`, REFUSALS[refusal], 'webhook');

    const reading = readWebhookEvent(body);
    if ('problem' in reading) {
      const what = { not_json: 'is not JSON', not_an_object: 'is not a JSON object', unrecognised: 'names nothing the kit follows' }[reading.problem];
      return acceptedButDropped(request, `webhook_event_${reading.problem}`, `The webhook ${String(id)}${reading.event ? ` (${reading.event})` : ''} ${what}: dropped.`);
    }
    if (reading.changes.length === 0) return received();
    let first: boolean;
    try {
      first = await dedupe.firstDelivery(id as string);
    } catch (error) {
      // Not answered 2xx: the sender delivers it again later, when the store may be back.
      return refuse(request, 503, 'webhook_dedupe_unavailable', 'The webhook dedupe store failed: the delivery is left for the sender to retry.', 'webhook', error);
    }
    if (!first) return received();
    const done = fanOut(reading.changes, request).finally(() => {
      pending.delete(done);
    });
    pending.add(done);
    options.waitUntil?.(done);
    return received();
  };

  const stream: PaymentsEventsHandler = async (request) => {
    if (request.method !== 'GET') return refuse(request, 405, 'method_not_allowed', `${request.method} is not served here: open the event stream with GET.`, 'events');
    const token = request.headers.get(SESSION_HEADER);
    let session;
    try {
      session = await verifySession(token, 'the event stream');
    } catch (error) {
      const { answer, error: answered } = errorAnswer(error, 'events');
      report(answered, request);
      return new Response(answer.body, { status: answer.status, headers: { ...JSON_ANSWER_HEADERS, ...answer.headers } });
    }
    const { subject, allow } = session;
    const open = openPerSubject.get(subject) ?? 0;
    if (open >= limits.perSubject || streams.size >= limits.total) {
      return refuse(request, 429, 'rate_limited', 'Too many event streams are open: close another page, or let it poll.', 'events', undefined);
    }
    // Verified above: its `exp` is the session's end.
    const expiresAtMs = (decodeJwt(token as string).exp ?? 0) * 1000;
    try {
      return await openEventStream({
        bus,
        select: (change) => {
          // What the bus delivered is checked again: with Redis, another process wrote it.
          const checked = checkChange(change);
          return checked !== undefined && grantCovers(allow, checked) ? checked : undefined;
        },
        expiresInMs: expiresAtMs - now(),
        heartbeatMs: limits.heartbeatMs,
        signal: request.signal,
        register: (end) => {
          streams.add(end);
          openPerSubject.set(subject, (openPerSubject.get(subject) ?? 0) + 1);
          return () => {
            streams.delete(end);
            const left = (openPerSubject.get(subject) ?? 1) - 1;
            if (left > 0) openPerSubject.set(subject, left);
            else openPerSubject.delete(subject);
          };
        },
      });
    } catch (error) {
      return refuse(request, 503, 'events_unavailable', 'The event bus cannot be reached: the page polls instead.', 'events', error);
    }
  };

  return {
    webhook,
    stream,
    settled: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
    close: () => {
      for (const end of [...streams]) end();
    },
  };
}

function received(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

function positive(option: string, value: number): number {
  return checkNumberOption(`createPaymentsEvents: ${option}`, value, 0, Infinity, false, true);
}

/** Both routes answer 500 naming the wrong setting; one log line says so when it is made. */
function misconfigured(problem: string): PaymentsEvents {
  console.error(`payments-kit: ${problem} The webhook and event-stream routes answer 500 until this is fixed.`);
  const { answer } = errorAnswer(proxyError(500, 'proxy_misconfigured', `The payments events are not configured: ${problem.replace(/^createPaymentsEvents: /, '')}`, undefined), undefined);
  const handler = () => Promise.resolve(new Response(answer.body, { status: 500, headers: { ...JSON_ANSWER_HEADERS } }));
  return { webhook: handler, stream: handler, settled: () => Promise.resolve(), close: () => undefined };
}
