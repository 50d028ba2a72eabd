import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../src/server/index.js';

const record = (n: number) => ({ fingerprint: `f${n}`, status: 200, body: `{"n":${n}}` });

describe('given the in-memory idempotency store', () => {
  it('should forget a record after its TTL', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ now: () => now });
    store.set('k', record(1), 1000);
    now = 999;
    expect(store.get('k')).toEqual(record(1));
    now = 1000;
    expect(store.get('k')).toBeUndefined();
  });

  it('should stay within maxEntries, dropping the oldest first', () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 3 });
    for (let n = 1; n <= 5; n++) store.set(`k${n}`, record(n), 60_000);
    expect(['k1', 'k2', 'k3', 'k4', 'k5'].map((k) => store.get(k)?.fingerprint)).toEqual([undefined, undefined, 'f3', 'f4', 'f5']);
  });

  it('should refuse a maxEntries that is not a positive integer', () => {
    expect(() => createMemoryIdempotencyStore({ maxEntries: 0 })).toThrow(/maxEntries/);
  });
});
