import type { PaymentsChange } from './PaymentsChange.js';

/**
 * Carries changes from the instance that received a webhook to every instance with pages
 * listening: in memory for one process (`createMemoryEventBus`), Redis pub/sub across many
 * (`createRedisEventBus` from `payments-kit/server/redis`).
 */
export interface PaymentsEventBus {
  /** Sends a change to every subscriber, on every instance. */
  publish(change: PaymentsChange): Promise<void>;
  /**
   * Calls `listener` with every change published from now on, on any instance; resolves once
   * changes reach it, with the function that stops them.
   */
  subscribe(listener: (change: PaymentsChange) => void): Promise<() => void>;
}

/**
 * Remembers which webhook deliveries were already fanned out, by the sender's `svix-id` (it
 * resends a delivery with the same id): in memory (`createMemoryWebhookDedupe`) or in Redis
 * (`createRedisWebhookDedupe`), shared by every instance.
 */
export interface PaymentsWebhookDedupe {
  /** `true` the first time `id` is seen within the dedupe's window, `false` after. */
  firstDelivery(id: string): Promise<boolean>;
}

/** The in-process bus: a change published reaches this process's subscribers only. */
export function createMemoryEventBus(): PaymentsEventBus {
  const listeners = new Set<(change: PaymentsChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // One page's listener failing must not keep the change from the others.
        }
      }
      return Promise.resolve();
    },
    subscribe(listener) {
      // Its own wrapper, so the same function subscribed twice is two subscriptions.
      const own = (change: PaymentsChange) => {
        listener(change);
      };
      listeners.add(own);
      return Promise.resolve(() => {
        listeners.delete(own);
      });
    },
  };
}

export interface MemoryWebhookDedupeOptions {
  /** How long a delivery's id is remembered, in ms. Default a day (the sender's retries span about as long). */
  ttlMs?: number;
  /** Most ids remembered; past it the oldest is forgotten first. Default 10 000. */
  maxEntries?: number;
  /** The clock, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** Deliveries seen, in this process's memory: bounded by `maxEntries`, each kept for `ttlMs`. */
export function createMemoryWebhookDedupe(options: MemoryWebhookDedupeOptions = {}): PaymentsWebhookDedupe {
  const { ttlMs = 24 * 60 * 60 * 1000, maxEntries = 10_000, now = Date.now } = options;
  // Insertion order is expiry order (one TTL for all), so the oldest entries are at the front.
  const seen = new Map<string, number>();
  return {
    firstDelivery(id) {
      const time = now();
      for (const [oldest, expiresAt] of seen) {
        if (expiresAt > time && seen.size < maxEntries) break;
        seen.delete(oldest);
      }
      const known = seen.get(id);
      if (known !== undefined && known > time) return Promise.resolve(false);
      seen.set(id, time + ttlMs);
      return Promise.resolve(true);
    },
  };
}
