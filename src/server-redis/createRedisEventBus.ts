import { startDeadline } from '../lib/deadline.js';
import type { PaymentsChange } from '../server/webhooks/PaymentsChange.js';
import type { PaymentsEventBus, PaymentsWebhookDedupe } from '../server/webhooks/PaymentsEventBus.js';
import type { RedisStoreClient } from './createRedisIdempotencyStore.js';

/**
 * What the bus needs of the node-redis client it listens on: `subscribe` and `unsubscribe`, as a
 * client of `createClient()` has them. A client in subscriber mode sends nothing else, so it is a
 * client of its own (`client.duplicate()`, connected).
 */
export interface RedisSubscriberClient {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener?: (message: string) => void): Promise<unknown>;
}

export interface RedisEventBusOptions {
  /** A connected node-redis client that publishes (the one the idempotency store uses, if you like). */
  client: RedisStoreClient;
  /** A connected node-redis client of its own that listens: `client.duplicate()`, connected. */
  subscriber: RedisSubscriberClient;
  /** The pub/sub channel every instance of this deployment shares. Default `payments-kit:events`. */
  channel?: string;
  /** Longest wait for Redis to take one change, in ms. Default 1000. */
  commandTimeoutMs?: number;
}

/**
 * The event bus of `payments-kit/server/webhooks` over Redis pub/sub, for a proxy on many
 * instances: a change received by one instance's webhook reaches the pages connected to every
 * other (docs/server.md#webhooks-and-live-status). Pub/sub keeps nothing: an instance that is
 * disconnected when a change is published misses it, and its pages catch up when they
 * reconnect (they re-read on `ready`) or by polling.
 *
 * @example
 * import { createRedisEventBus, createRedisWebhookDedupe } from 'payments-kit/server/redis';
 * const subscriber = client.duplicate();
 * subscriber.on('error', (error) => console.warn('redis:', error.message));
 * await subscriber.connect();
 * const paymentsEvents = createPaymentsEvents({
 *   …,
 *   bus: createRedisEventBus({ client, subscriber }),
 *   dedupe: createRedisWebhookDedupe({ client }),
 * });
 */
export function createRedisEventBus(options: RedisEventBusOptions): PaymentsEventBus {
  const { client, subscriber } = options;
  if (typeof (client as Partial<RedisStoreClient> | undefined)?.sendCommand !== 'function') {
    throw new TypeError('createRedisEventBus: client must be a node-redis client (createClient from "redis").');
  }
  if (typeof (subscriber as Partial<RedisSubscriberClient> | undefined)?.subscribe !== 'function') {
    throw new TypeError('createRedisEventBus: subscriber must be a node-redis client of its own (client.duplicate(), connected).');
  }
  const channel = options.channel ?? 'payments-kit:events';
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  const listeners = new Set<(change: PaymentsChange) => void>();
  let subscribed: Promise<unknown> | undefined;

  const receive = (message: string) => {
    let change: PaymentsChange;
    try {
      change = JSON.parse(message) as PaymentsChange;
    } catch {
      return;
    }
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // One page's listener failing must not keep the change from the others.
      }
    }
  };

  return {
    async publish(change) {
      await command(client, ['PUBLISH', channel, JSON.stringify(change)], timeoutMs, 'publish');
    },
    async subscribe(listener) {
      // One Redis subscription for the instance, made when its first page connects.
      subscribed ??= subscriber.subscribe(channel, receive).catch((error: unknown) => {
        subscribed = undefined;
        throw error;
      });
      await subscribed;
      const own = (change: PaymentsChange) => {
        listener(change);
      };
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
  };
}

export interface RedisWebhookDedupeOptions {
  /** A connected node-redis client (the one the idempotency store uses, if you like). */
  client: RedisStoreClient;
  /** Prepended to every key. Default `payments-kit:webhook:`. */
  prefix?: string;
  /** How long a delivery's id is remembered, in ms. Default a day (the sender's retries span about as long). */
  ttlMs?: number;
  /** Longest wait for Redis, in ms; past it the webhook answers 503 and the sender delivers again. Default 1000. */
  commandTimeoutMs?: number;
}

/**
 * The deliveries already fanned out, in Redis (one key per `svix-id`, `SET NX` with the TTL):
 * shared by every instance, so a delivery the sender repeats to another instance is passed on once.
 */
export function createRedisWebhookDedupe(options: RedisWebhookDedupeOptions): PaymentsWebhookDedupe {
  const { client } = options;
  if (typeof (client as Partial<RedisStoreClient> | undefined)?.sendCommand !== 'function') {
    throw new TypeError('createRedisWebhookDedupe: client must be a node-redis client (createClient from "redis").');
  }
  const prefix = options.prefix ?? 'payments-kit:webhook:';
  const ttl = String(options.ttlMs ?? 24 * 60 * 60 * 1000);
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  return {
    async firstDelivery(id) {
      return (await command(client, ['SET', `${prefix}${id}`, '1', 'NX', 'PX', ttl], timeoutMs, 'dedupe')) === 'OK';
    },
  };
}

/** One command within `timeoutMs`, refused at once while the client reconnects. */
async function command(client: RedisStoreClient, args: string[], timeoutMs: number, step: string): Promise<unknown> {
  if (client.isReady === false) throw new Error(`payments-kit redis events: the client is not connected, ${step} refused.`);
  const deadline = startDeadline(timeoutMs);
  try {
    return await deadline.race(client.sendCommand(args, { abortSignal: deadline.signal, timeout: timeoutMs }));
  } finally {
    deadline.clear();
  }
}
