// Three instances of payments-kit/server/webhooks, each served on its own node:http server with
// its own Redis connections, sharing one real redis-server through createRedisEventBus and
// createRedisWebhookDedupe: a webhook received by one instance reaches pages connected to the
// others, and the same svix-id delivered to two instances is passed on once.
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from 'payments-kit/server/node';
import { createPaymentsEvents, type PaymentsEvents } from 'payments-kit/server/webhooks';
import { createRedisEventBus, createRedisWebhookDedupe } from 'payments-kit/server/redis';
import { startRedisServer, type RedisServer } from '../../server-redis/redisServer.js';
import { mintSession, SESSION_AUDIENCE, SESSION_SECRET } from '../../support/sessions.js';
import { paymentIntentUpdated, transferCompleted } from './apiExamples.js';
import { EventReader } from './readEvents.js';
import { secretOf, webhookRequest } from './signWebhook.js';

type Client = Awaited<ReturnType<typeof connect>>;

interface Instance {
  events: PaymentsEvents;
  server: RunningServer;
  clients: Client[];
}

const secret = secretOf(randomBytes(24));

async function connect(url: string) {
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function startInstance(redisUrl: string): Promise<Instance> {
  const client = await connect(redisUrl);
  const subscriber = await connect(redisUrl);
  const events = createPaymentsEvents({
    webhookSecret: secret,
    sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE },
    bus: createRedisEventBus({ client, subscriber }),
    dedupe: createRedisWebhookDedupe({ client }),
  });
  // One origin per instance: POST is the webhook, GET the stream, as a merchant may mount them.
  const server = await serve((request) => (request.method === 'POST' ? events.webhook(request) : events.stream(request)));
  return { events, server, clients: [client, subscriber] };
}

/** Posts a webhook over HTTP to an instance, signed now. */
async function deliver(instance: Instance, id: string, body: string): Promise<number> {
  const request = webhookRequest({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] }, instance.server.url);
  const answer = await fetch(request);
  await answer.arrayBuffer();
  await instance.events.settled();
  return answer.status;
}

/** A page's stream on an instance, read with fetch and its session header; resolves once `ready`. */
async function openPage(instance: Instance, allow: Parameters<typeof mintSession>[0], subject: string) {
  const controller = new AbortController();
  const token = await mintSession(allow, { subject });
  const answer = await fetch(instance.server.url, { headers: { 'payments-session': token }, signal: controller.signal });
  expect(answer.status).toBe(200);
  const reader = new EventReader(answer.body);
  expect(await reader.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  return { reader, close: () => { controller.abort(); } };
}

describe('given three instances sharing one redis-server', () => {
  let redis: RedisServer;
  let instances: Instance[];

  beforeAll(async () => {
    redis = await startRedisServer();
    instances = await Promise.all([0, 1, 2].map(() => startInstance(redis.url)));
  }, 30_000);

  afterAll(async () => {
    for (const { events, server, clients } of instances) {
      events.close();
      await server.close();
      for (const client of clients) client.destroy();
    }
    await redis.stop();
  });

  it('should deliver a webhook received by the first instance to pages connected to the second and third, each its own', async () => {
    const [first, second, third] = instances as [Instance, Instance, Instance];
    const pageA = await openPage(second, { transactions: ['701'], paymentIntents: ['pi_end'] }, 'user_a');
    const pageB = await openPage(third, { transactions: ['702'], paymentIntents: ['pi_end'] }, 'user_b');
    expect(await deliver(first, 'msg_a', transferCompleted('tr_a', 'api_user_a', 701))).toBe(204);
    expect(await deliver(first, 'msg_b', transferCompleted('tr_b', 'api_user_b', 702))).toBe(204);
    expect(await deliver(first, 'msg_end', paymentIntentUpdated('pi_end'))).toBe(204);
    expect(await pageA.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"transaction","id":"701"}' });
    expect(await pageA.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"paymentIntent","id":"pi_end"}' });
    expect(await pageB.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"transaction","id":"702"}' });
    expect(await pageB.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"paymentIntent","id":"pi_end"}' });
    pageA.close();
    pageB.close();
  });

  it('should pass on a delivery the sender repeats to other instances once', async () => {
    const [first, second, third] = instances as [Instance, Instance, Instance];
    const page = await openPage(third, { paymentIntents: ['pi_once', 'pi_end2'] }, 'user_c');
    for (const instance of [first, second, third, first]) {
      expect(await deliver(instance, 'msg_repeated', paymentIntentUpdated('pi_once'))).toBe(204);
    }
    expect(await deliver(second, 'msg_end2', paymentIntentUpdated('pi_end2'))).toBe(204);
    expect(await page.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"paymentIntent","id":"pi_once"}' });
    // Nothing more of pi_once: the next event is the one sent after the repeats.
    expect(await page.reader.nextEvent()).toEqual({ event: 'change', data: '{"kind":"paymentIntent","id":"pi_end2"}' });
    page.close();
  });
});
