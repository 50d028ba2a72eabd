// The webhook route of payments-kit/server/webhooks: Svix's signing scheme checked over the raw
// body with Web Crypto (Svix's own test vector, one changed byte, a timestamp off by 301 s, two
// secrets while rotating), deliveries answered at once and fanned out once per svix-id, and
// payloads it cannot use answered and reported, never thrown.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentsError } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- createWebhookVerifier of server/webhooks/createWebhookVerifier, which no entry exports
import { createWebhookVerifier } from '../../../src/server/webhooks/createWebhookVerifier.js';
import {
  createMemoryEventBus,
  createPaymentsEvents,
  type PaymentsChange,
  type PaymentsEventsOptions,
} from 'payments-kit/server/webhooks';
// eslint-disable-next-line no-restricted-imports -- webhookKeyBytes of server/webhooks/webhookSecrets, which no entry exports
import { webhookKeyBytes } from '../../../src/server/webhooks/webhookSecrets.js';
import { SESSION_AUDIENCE, SESSION_SECRET } from '../../support/sessions.js';
import { appUpdated, flowUpdated, paymentIntentUpdated, transferCompleted, transferUpdated } from './apiExamples.js';
import { secretOf, signature, webhookRequest } from './signWebhook.js';

// Svix's published test vector, with its source in docs/api.md#webhooks.
const SVIX_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const bytes = (text: string) => new TextEncoder().encode(text);
const verifierAt = (secrets: string[], nowS: number) => createWebhookVerifier(webhookKeyBytes(secrets, 'test'), () => nowS * 1000);

describe('given Svix\'s published test vector', () => {
  const { secret, id, timestamp, body } = SVIX_VECTOR;
  const verify = verifierAt([secret], timestamp);

  it('should verify it, and the tests\' own signer should give the published signature', async () => {
    expect(signature(secret, id, timestamp, body)).toBe(SVIX_VECTOR.signature);
    expect(await verify({ id, timestamp: String(timestamp), signature: SVIX_VECTOR.signature }, bytes(body))).toBeUndefined();
  });

  it('should refuse the body with any one byte changed', async () => {
    const original = bytes(body);
    for (let index = 0; index < original.length; index++) {
      const changed = new Uint8Array(original);
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      expect(await verify({ id, timestamp: String(timestamp), signature: SVIX_VECTOR.signature }, changed)).toBe('signature_mismatch');
    }
  });

  it('should refuse another id, another timestamp, or a signature with one character changed', async () => {
    const sig = SVIX_VECTOR.signature;
    expect(await verify({ id: `${id}x`, timestamp: String(timestamp), signature: sig }, bytes(body))).toBe('signature_mismatch');
    expect(await verify({ id, timestamp: String(timestamp + 1), signature: sig }, bytes(body))).toBe('signature_mismatch');
    expect(await verify({ id, timestamp: String(timestamp), signature: sig.replace('g0hM', 'g0hN') }, bytes(body))).toBe('signature_mismatch');
    // Another version's tag with the right MAC is not a v1 signature.
    expect(await verify({ id, timestamp: String(timestamp), signature: sig.replace('v1,', 'v2,') }, bytes(body))).toBe('signature_mismatch');
  });

  it('should refuse a timestamp 301 s off either way, and take one 300 s off', async () => {
    const signed = (at: number) => ({ id, timestamp: String(at), signature: signature(secret, id, at, body) });
    expect(await verify(signed(timestamp - 301), bytes(body))).toBe('timestamp_out_of_range');
    expect(await verify(signed(timestamp + 301), bytes(body))).toBe('timestamp_out_of_range');
    expect(await verify(signed(timestamp - 300), bytes(body))).toBeUndefined();
    expect(await verify(signed(timestamp + 300), bytes(body))).toBeUndefined();
  });

  it('should refuse missing headers and a timestamp that is not a number of seconds', async () => {
    const sig = SVIX_VECTOR.signature;
    expect(await verify({ id: null, timestamp: String(timestamp), signature: sig }, bytes(body))).toBe('headers_missing');
    expect(await verify({ id, timestamp: null, signature: sig }, bytes(body))).toBe('headers_missing');
    expect(await verify({ id, timestamp: String(timestamp), signature: null }, bytes(body))).toBe('headers_missing');
    expect(await verify({ id, timestamp: `${String(timestamp)}.0`, signature: sig }, bytes(body))).toBe('headers_missing');
  });
});

describe('given a rotation', () => {
  const oldSecret = secretOf(randomBytes(24));
  const newSecret = secretOf(randomBytes(24));
  const stranger = secretOf(randomBytes(24));
  const at = 1_800_000_000;
  const body = transferUpdated('tr_1');

  it('should take a delivery signed with either of two configured secrets, and none other', async () => {
    const verify = verifierAt([newSecret, oldSecret], at);
    for (const secret of [newSecret, oldSecret]) {
      expect(await verify({ id: 'msg_1', timestamp: String(at), signature: signature(secret, 'msg_1', at, body) }, bytes(body))).toBeUndefined();
    }
    expect(await verify({ id: 'msg_1', timestamp: String(at), signature: signature(stranger, 'msg_1', at, body) }, bytes(body))).toBe('signature_mismatch');
  });

  it('should take a header with two signatures (the sender rotating) when one of them matches', async () => {
    const verify = verifierAt([newSecret], at);
    const both = `${signature(stranger, 'msg_1', at, body)} ${signature(newSecret, 'msg_1', at, body)}`;
    expect(await verify({ id: 'msg_1', timestamp: String(at), signature: both }, bytes(body))).toBeUndefined();
  });

  it('should refuse a secret that is not one (cut short, not base64) when the events are made', () => {
    expect(() => webhookKeyBytes('whsec_abc', 'webhookSecret')).toThrow(/not a webhook secret/);
    expect(() => webhookKeyBytes('whsec_!!!!not-base64!!!!!!!!!!!!!!', 'webhookSecret')).toThrow(/not a webhook secret/);
    expect(() => webhookKeyBytes([], 'webhookSecret')).toThrow(/at least one/);
  });
});

/** A route on the memory bus, with a fixed clock, recording what the bus and `onError` get. */
function route(options: Partial<PaymentsEventsOptions> = {}) {
  const secret = secretOf(randomBytes(24));
  const nowS = 1_800_000_000;
  const bus = createMemoryEventBus();
  const published: PaymentsChange[] = [];
  void bus.subscribe((change) => published.push(change));
  const errors: PaymentsError[] = [];
  const events = createPaymentsEvents({
    webhookSecret: secret,
    sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE },
    bus,
    now: () => nowS * 1000,
    onError: (error) => errors.push(error),
    ...options,
  });
  const deliver = async (id: string, body: string, extra: { secrets?: string[]; headers?: Record<string, string | null>; timestamp?: number } = {}) => {
    const answer = await events.webhook(webhookRequest({ id, timestamp: extra.timestamp ?? nowS, body, secrets: extra.secrets ?? [secret], headers: extra.headers }));
    await events.settled();
    return answer;
  };
  return { events, deliver, published, errors, secret, nowS };
}

describe('given the webhook route', () => {
  it('should answer a genuine delivery 204 and pass on what changed', async () => {
    const { deliver, published, errors } = route();
    expect((await deliver('msg_a', transferCompleted('tr_1', 'user_a', 501))).status).toBe(204);
    expect((await deliver('msg_b', flowUpdated('flow_1'))).status).toBe(204);
    expect((await deliver('msg_c', paymentIntentUpdated('pi_1'))).status).toBe(204);
    expect(published).toEqual([
      { kind: 'transfer', id: 'tr_1', userId: 'user_a' },
      { kind: 'transaction', id: '501', userId: 'user_a' },
      { kind: 'flow', id: 'flow_1' },
      { kind: 'paymentIntent', id: 'pi_1' },
    ]);
    expect(errors).toEqual([]);
  });

  it('should fan out the same svix-id once, however often it is delivered', async () => {
    const { deliver, published, nowS } = route();
    const body = transferUpdated('tr_1');
    for (let attempt = 0; attempt < 3; attempt++) {
      // The sender's retries are signed anew, at their own time.
      expect((await deliver('msg_same', body, { timestamp: nowS - attempt })).status).toBe(204);
    }
    expect(published).toEqual([{ kind: 'transfer', id: 'tr_1' }]);
  });

  it('should not let a forged delivery with a real svix-id keep the real one from fanning out', async () => {
    const { deliver, published, errors } = route();
    const forged = await deliver('msg_real', transferUpdated('tr_1'), { secrets: [secretOf(randomBytes(24))] });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('webhook_signature_mismatch');
    expect(published).toEqual([]);
    expect((await deliver('msg_real', transferUpdated('tr_1'))).status).toBe(204);
    expect(published).toEqual([{ kind: 'transfer', id: 'tr_1' }]);
    expect(errors.map((error) => error.code)).toEqual(['webhook_signature_mismatch']);
  });

  it('should refuse a delivery signed 301 s ago, and one without its headers, saying why in onError', async () => {
    const { deliver, published, errors, nowS } = route();
    expect((await deliver('msg_old', transferUpdated('tr_1'), { timestamp: nowS - 301 })).status).toBe(401);
    expect((await deliver('msg_bare', transferUpdated('tr_1'), { headers: { 'svix-signature': null } })).status).toBe(401);
    expect(published).toEqual([]);
    expect(errors.map((error) => [error.status, error.code])).toEqual([
      [401, 'webhook_timestamp_out_of_range'],
      [401, 'webhook_headers_missing'],
    ]);
  });

  it('should answer 204 to a genuine payload it cannot use, and say why in onError without throwing', async () => {
    const { deliver, published, errors } = route();
    for (const [id, body] of [['msg_1', 'not json'], ['msg_2', '[1,2]'], ['msg_3', '{"event":"something.new","thing_id":"x"}'], ['msg_4', '\u00ff\u00fe']] as const) {
      expect((await deliver(id, body)).status).toBe(204);
    }
    // A documented event about something the kit does not show: dropped without a word.
    expect((await deliver('msg_5', appUpdated())).status).toBe(204);
    expect(published).toEqual([]);
    expect(errors.map((error) => error.code)).toEqual([
      'webhook_event_not_json',
      'webhook_event_not_an_object',
      'webhook_event_unrecognised',
      'webhook_event_not_json',
    ]);
    expect(errors[2]?.message).toContain('something.new');
  });

  it('should refuse a body larger than maxBodyBytes unread, and methods other than POST', async () => {
    const { events, deliver } = route({ maxBodyBytes: 64 });
    expect((await deliver('msg_big', JSON.stringify({ transfer_id: 'x'.repeat(100) }))).status).toBe(413);
    expect((await events.webhook(new Request('http://127.0.0.1/hook'))).status).toBe(405);
  });

  it('should look up whose a transfer is after answering, and pass the change on without it when the lookup fails', async () => {
    const owners = new Map([['tr_known', 'user_a']]);
    const { deliver, published, errors } = route({
      resolveOwner: ({ kind, id }) => {
        if (id === 'tr_broken') throw new Error('upstream down');
        return kind === 'transfer' ? owners.get(id) : undefined;
      },
    });
    await deliver('msg_1', transferUpdated('tr_known'));
    await deliver('msg_2', transferUpdated('tr_broken'));
    expect(published).toEqual([
      { kind: 'transfer', id: 'tr_known', userId: 'user_a' },
      { kind: 'transfer', id: 'tr_broken' },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['webhook_owner_unresolved']);
  });

  it('should hand a runtime\'s waitUntil the work it does after answering: the lookup and the bus', async () => {
    let found!: (owner: string) => void;
    const lookup = new Promise<string>((resolve) => (found = resolve));
    const kept: Promise<unknown>[] = [];
    const { events, published, secret, nowS } = route({ resolveOwner: () => lookup, waitUntil: (work) => kept.push(work) });
    const answer = await events.webhook(webhookRequest({ id: 'msg_1', timestamp: nowS, body: transferUpdated('tr_1'), secrets: [secret] }));
    // Answered before the lookup is done, with the rest handed to the runtime to wait for.
    expect(answer.status).toBe(204);
    expect(kept).toHaveLength(1);
    expect(published).toEqual([]);
    found('user_a');
    await kept[0];
    expect(published).toEqual([{ kind: 'transfer', id: 'tr_1', userId: 'user_a' }]);
    // A delivery it has passed on before hands over nothing.
    await events.webhook(webhookRequest({ id: 'msg_1', timestamp: nowS, body: transferUpdated('tr_1'), secrets: [secret] }));
    expect(kept).toHaveLength(1);
  });

  it('should answer 503 when the dedupe store fails, so the sender delivers again', async () => {
    const { deliver, published } = route({ dedupe: { firstDelivery: () => Promise.reject(new Error('redis away')) } });
    expect((await deliver('msg_1', transferUpdated('tr_1'))).status).toBe(503);
    expect(published).toEqual([]);
  });

  it('should answer 500 proxy_misconfigured on both routes for a wrong secret, never throw', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = createPaymentsEvents({ webhookSecret: 'short', sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE } });
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
    const answer = await events.webhook(new Request('http://127.0.0.1/hook', { method: 'POST', body: '{}' }));
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('proxy_misconfigured');
    expect((await events.stream(new Request('http://127.0.0.1/events'))).status).toBe(500);
  });
});
