// The page's reader of the event stream (src/client/readPaymentsEvents.ts) against the real stream
// handler: one announced change is one re-read of the matching query and of no other, a dropped
// stream is reported as `polling` and is reconnected to, and a 401 gets a new session first.
import { randomBytes } from 'node:crypto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- readPaymentsEvents of client/readPaymentsEvents, which no entry exports
import { invalidatePaymentsChanges, readPaymentsEvents, type PaymentsStreamState } from '../../../src/client/readPaymentsEvents.js';
import { paymentsKeys } from 'payments-kit';
import { createPaymentsEvents } from 'payments-kit/server/webhooks';
import { mintSession, SESSION_AUDIENCE, SESSION_SECRET } from '../../support/sessions.js';
import { transferCompleted } from './apiExamples.js';
import { secretOf, webhookRequest } from './signWebhook.js';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function setup() {
  const secret = secretOf(randomBytes(24));
  const events = createPaymentsEvents({ webhookSecret: secret, sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE } });
  let sent = 0;
  const deliver = async (body: string) => {
    await events.webhook(webhookRequest({ id: `msg_${String(++sent)}`, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] }));
    await events.settled();
  };
  // The page's fetch, answered by the stream handler in-process.
  const pageFetch: typeof fetch = (_url, init) => events.stream(new Request('http://127.0.0.1/api/payments-events', init));
  return { events, deliver, pageFetch };
}

/** A query of the kit's with an observer (as a mounted component has), counting its reads. */
function watchedTransaction(queryClient: QueryClient, id: string) {
  const reads = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey: paymentsKeys.transaction('v2', id),
    queryFn: () => {
      reads.count += 1;
      return { id };
    },
    staleTime: Infinity,
  });
  stops.push(observer.subscribe(() => undefined));
  return reads;
}

describe('given a page reading the stream into its QueryClient', () => {
  it('should re-read its own transaction once per announced change, and no other query', async () => {
    const { deliver, pageFetch } = setup();
    const queryClient = new QueryClient();
    const own = watchedTransaction(queryClient, '501');
    const other = watchedTransaction(queryClient, '502');
    await expect.poll(() => own.count + other.count).toBe(2);
    const states: PaymentsStreamState[] = [];
    stops.push(
      readPaymentsEvents({
        url: '/api/payments-events',
        getSession: () => mintSession({ transactions: ['501', '502'] }),
        onChange: (change) => void invalidatePaymentsChanges(queryClient, [change]),
        onStateChange: (state) => states.push(state),
        fetch: pageFetch,
      }),
    );
    await expect.poll(() => states).toEqual(['live']);
    await deliver(transferCompleted('tr_a', 'api_user_a', 501));
    await expect.poll(() => own.count).toBe(2);
    expect(other.count).toBe(1);
  });

  it('should say polling when the stream drops, reconnect after its backoff, and catch up on ready', async () => {
    const { events, pageFetch } = setup();
    const states: PaymentsStreamState[] = [];
    let ready = 0;
    stops.push(
      readPaymentsEvents({
        url: '/api/payments-events',
        getSession: () => mintSession({ transactions: ['1'] }),
        onChange: () => undefined,
        onReady: () => (ready += 1),
        onStateChange: (state) => states.push(state),
        backoffMs: 10,
        fetch: pageFetch,
      }),
    );
    await expect.poll(() => ready).toBe(1);
    events.close();
    await expect.poll(() => ready).toBe(2);
    expect(states).toEqual(['live', 'polling', 'live']);
  });

  it('should ask for a new session after a 401, then stream', async () => {
    const { pageFetch } = setup();
    const sessions = [await mintSession({ transactions: ['1'] }, { audience: 'https://elsewhere.test' }), await mintSession({ transactions: ['1'] })];
    let asked = 0;
    const states: PaymentsStreamState[] = [];
    stops.push(
      readPaymentsEvents({
        url: '/api/payments-events',
        getSession: () => Promise.resolve(sessions[asked++] ?? ''),
        onChange: () => undefined,
        onStateChange: (state) => states.push(state),
        fetch: pageFetch,
      }),
    );
    await expect.poll(() => states.at(-1)).toBe('live');
    expect(asked).toBe(2);
  });
});
