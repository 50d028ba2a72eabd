// The page's event stream of payments-kit/server/webhooks: under its payment session, only "this
// resource changed" for what its grant covers (never the event's content), heartbeats, bounded
// streams per subject and per instance, and `session_expired` when the session ends.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentsGrant } from 'payments-kit/server';
// eslint-disable-next-line no-restricted-imports -- grantCovers of server/webhooks/grantCovers, which no entry exports
import { grantCovers } from '../../../src/server/webhooks/grantCovers.js';
import { createPaymentsEvents, type PaymentsEventsOptions } from 'payments-kit/server/webhooks';
import { mintSession, SESSION_AUDIENCE, SESSION_SECRET } from '../../support/sessions.js';
import { resolveTransferOwner, transferOperations } from 'payments-kit/server/transfers';
import { transferIds } from 'payments-kit/testing';
import { sandboxProxy } from '../../support/sandboxProxy.js';
import { flowUpdated, paymentIntentUpdated, transferCompleted, transferUpdated } from './apiExamples.js';
import { EventReader } from './readEvents.js';
import { secretOf, webhookRequest } from './signWebhook.js';

function setup(options: Partial<PaymentsEventsOptions> = {}) {
  const secret = secretOf(randomBytes(24));
  const events = createPaymentsEvents({ webhookSecret: secret, sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE }, ...options });
  let sent = 0;
  const deliver = async (body: string) => {
    const answer = await events.webhook(webhookRequest({ id: `msg_${String(++sent)}`, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] }));
    expect(answer.status).toBe(204);
    await events.settled();
  };
  /** Opens a page's stream with a session for `allow`; resolves once it is `ready`. */
  const open = async (allow: PaymentsGrant, subject = 'user_1', expiresIn?: number) => {
    const controller = new AbortController();
    const token = await mintSession(allow, { subject, expiresIn });
    const answer = await events.stream(new Request('http://127.0.0.1/events', { headers: { 'payments-session': token }, signal: controller.signal }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = new EventReader(answer.body);
    expect(await reader.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    return { reader, close: () => { controller.abort(); } };
  };
  return { events, deliver, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('given two users\' pages and the API\'s transfer.completed example for each', () => {
  it('should tell each page of its own transaction and nothing of the other\'s, with no content of the event', async () => {
    const { events, deliver, open } = setup();
    const pageA = await open({ transactions: ['501'] }, 'user_a');
    const pageB = await open({ transactions: ['502'] }, 'user_b');
    await deliver(transferCompleted('tr_a', 'api_user_a', 501));
    await deliver(transferCompleted('tr_b', 'api_user_b', 502));
    // Something both pages hear, after which anything else they were sent would have come first.
    await deliver(paymentIntentUpdated('pi_both'));
    events.close();
    const heard = async (reader: EventReader) => {
      const all: unknown[] = [];
      for (let event = await reader.nextEvent(); event; event = await reader.nextEvent()) all.push([event.event, JSON.parse(event.data)]);
      return all;
    };
    expect(await heard(pageA.reader)).toEqual([['change', { kind: 'transaction', id: '501' }]]);
    expect(await heard(pageB.reader)).toEqual([['change', { kind: 'transaction', id: '502' }]]);
    for (const { reader } of [pageA, pageB]) {
      expect(reader.text).not.toMatch(/api_user|tr_[ab]|amount|completed|123/);
    }
  });
});

describe('given transfer.updated, which names no user, and resolveTransferOwner over the real proxy', () => {
  it('should read whose the transfer is through the proxy and tell only that user\'s page', async () => {
    const { proxy, sandbox } = sandboxProxy({ sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE }, operations: [transferOperations] });
    const resolveOwner = resolveTransferOwner(proxy, { getSession: () => mintSession({ transfers: { merchantWide: true } }, { subject: 'webhooks' }) });
    const { events, deliver, open } = setup({ resolveOwner });
    const owner = await open({ transfers: { userId: transferIds.users.payoutsGuide } }, 'owner');
    const other = await open({ transfers: { userId: transferIds.users.many } }, 'other');
    await deliver(transferUpdated(transferIds.payoutsGuide));
    // A transfer the API does not have: the lookup fails, and no page granted by user hears of it.
    await deliver(transferUpdated(transferIds.missing));
    await deliver(paymentIntentUpdated('pi_both'));
    expect(sandbox.callsFor('getTransfer')).toHaveLength(2);
    events.close();
    const heard = async (reader: EventReader) => {
      const all: unknown[] = [];
      for (let event = await reader.nextEvent(); event; event = await reader.nextEvent()) all.push(JSON.parse(event.data));
      return all;
    };
    expect(await heard(owner.reader)).toEqual([{ kind: 'transfer', id: transferIds.payoutsGuide }]);
    expect(await heard(other.reader)).toEqual([]);
  });

  it('should answer undefined for other kinds without reading anything', async () => {
    const { proxy, sandbox } = sandboxProxy({ operations: [transferOperations] });
    const resolveOwner = resolveTransferOwner(proxy, { getSession: () => 'unused' });
    await expect(resolveOwner({ kind: 'flow', id: 'flow_1' })).resolves.toBeUndefined();
    expect(sandbox.calls).toEqual([]);
  });
});

describe('given grants of each kind', () => {
  it('should cover a change as the grant covers reads: ids for transactions and intents, the user for flows and transfers', () => {
    expect(grantCovers({ transactions: ['1'] }, { kind: 'transaction', id: '1' })).toBe(true);
    expect(grantCovers({ transactions: ['1'] }, { kind: 'transaction', id: '2' })).toBe(false);
    expect(grantCovers({ transactions: '*' }, { kind: 'transaction', id: '2' })).toBe(true);
    expect(grantCovers({ paymentIntents: [{ id: 'pi_1', paymentMethods: ['pm'] }] }, { kind: 'paymentIntent', id: 'pi_1' })).toBe(true);
    expect(grantCovers({ paymentIntents: ['pi_1'] }, { kind: 'paymentIntent', id: 'pi_2' })).toBe(false);
    expect(grantCovers({ flows: { userId: 'u1', steps: ['payout'] } }, { kind: 'flow', id: 'f', userId: 'u1' })).toBe(true);
    expect(grantCovers({ flows: { userId: 'u1', steps: ['payout'] } }, { kind: 'flow', id: 'f', userId: 'u2' })).toBe(false);
    // A flow whose user is not known reaches no page, even one granted flows without a user.
    expect(grantCovers({ flows: { steps: ['payout'] } }, { kind: 'flow', id: 'f' })).toBe(false);
    // The transfers grant (`transfers: { userId }`), where a grant carries one.
    const transfersOf = (userId: string) => ({ transfers: { userId } }) as PaymentsGrant;
    expect(grantCovers(transfersOf('u1'), { kind: 'transfer', id: 't', userId: 'u1' })).toBe(true);
    expect(grantCovers(transfersOf('u1'), { kind: 'transfer', id: 't', userId: 'u2' })).toBe(false);
    expect(grantCovers(transfersOf('u1'), { kind: 'transfer', id: 't' })).toBe(false);
    expect(grantCovers({ transactions: '*' }, { kind: 'transfer', id: 't', userId: 'u1' })).toBe(false);
    // A merchant-wide list reads every user's transfers, and one whose user is not known.
    const merchantWide = { transfers: { merchantWide: true } } as PaymentsGrant;
    expect(grantCovers(merchantWide, { kind: 'transfer', id: 't', userId: 'u1' })).toBe(true);
    expect(grantCovers(merchantWide, { kind: 'transfer', id: 't' })).toBe(true);
    expect(grantCovers({ transfers: { merchantWide: false } } as unknown as PaymentsGrant, { kind: 'transfer', id: 't' })).toBe(false);
  });

  it('should tell a flow\'s page of its flow once resolveOwner says whose it is', async () => {
    const { events, deliver, open } = setup({ resolveOwner: ({ kind, id }) => (kind === 'flow' && id === 'flow_a' ? 'api_user_a' : undefined) });
    const page = await open({ flows: { userId: 'api_user_a', steps: ['payout'] }, paymentIntents: ['pi_end'] });
    await deliver(flowUpdated('flow_b'));
    await deliver(flowUpdated('flow_a'));
    await deliver(paymentIntentUpdated('pi_end'));
    expect(await page.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"flow","id":"flow_a"}' });
    expect(await page.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"paymentIntent","id":"pi_end"}' });
    events.close();
  });
});

describe('given an open stream and the clock', () => {
  it('should send a heartbeat comment every heartbeatMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const { events, open } = setup({ heartbeatMs: 1000 });
    const page = await open({ transactions: ['1'] });
    vi.advanceTimersByTime(1000);
    expect(await page.reader.next()).toMatchObject({ comment: 'keep-alive' });
    vi.advanceTimersByTime(1000);
    expect(await page.reader.next()).toMatchObject({ comment: 'keep-alive' });
    events.close();
  });

  it('should say session_expired when the session ends, then close', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const { open } = setup({ heartbeatMs: 60 * 60 * 1000 });
    const page = await open({ transactions: ['1'] }, 'user_1', 120);
    vi.advanceTimersByTime(119_000);
    vi.advanceTimersByTime(1_000);
    expect(await page.reader.nextEvent()).toEqual({ event: 'session_expired', data: '{}' });
    expect(await page.reader.next()).toEqual({ end: true });
  });
});

describe('given the stream\'s bounds', () => {
  it('should refuse a session subject\'s stream past maxStreamsPerSubject, and take it again once one closes', async () => {
    const { events, open } = setup({ maxStreamsPerSubject: 2 });
    const first = await open({ transactions: ['1'] });
    await open({ transactions: ['1'] });
    const token = await mintSession({ transactions: ['1'] });
    const third = await events.stream(new Request('http://127.0.0.1/events', { headers: { 'payments-session': token } }));
    expect(third.status).toBe(429);
    // Another subject is not held back by this one.
    await open({ transactions: ['1'] }, 'user_2');
    first.close();
    await open({ transactions: ['1'] });
    events.close();
  });

  it('should refuse past maxStreams on the instance, whoever asks', async () => {
    const { events, open } = setup({ maxStreams: 1 });
    await open({ transactions: ['1'] }, 'user_1');
    const token = await mintSession({ transactions: ['1'] }, { subject: 'user_2' });
    expect((await events.stream(new Request('http://127.0.0.1/events', { headers: { 'payments-session': token } }))).status).toBe(429);
    events.close();
  });

  it('should answer 401 without a session, or with one minted for another deployment', async () => {
    const { events } = setup();
    const none = await events.stream(new Request('http://127.0.0.1/events'));
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('session_required');
    const foreign = await mintSession({ transactions: ['1'] }, { audience: 'https://elsewhere.test' });
    const refused = await events.stream(new Request('http://127.0.0.1/events', { headers: { 'payments-session': foreign } }));
    expect(refused.status).toBe(401);
  });
});
