import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../src/server/index.js';

const record = (n: number, body = `{"n":${n}}`) => ({ fingerprint: `f${n}`, status: 200, body });

describe('given the in-memory idempotency store', () => {
  it('should move a key claimed → completed, replay it for its TTL, then forget it', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ now: () => now });
    const claim = store.claim('k', 'f1', 5000);
    expect(claim.state).toBe('acquired');
    expect(store.claim('k', 'f1', 5000)).toEqual({ state: 'in_flight' });
    expect(store.claim('k', 'f2', 5000)).toEqual({ state: 'conflict' });
    store.complete('k', claim.state === 'acquired' ? claim.token : '', record(1), 1000);
    now = 999;
    expect(store.claim('k', 'f1', 5000)).toEqual({ state: 'completed', record: record(1) });
    expect(store.claim('k', 'f2', 5000)).toEqual({ state: 'conflict' });
    now = 1000;
    expect(store.claim('k', 'f1', 5000).state).toBe('acquired');
  });

  it('should free a released key, so the retry with the same key claims it again', () => {
    const store = createMemoryIdempotencyStore();
    const first = store.claim('k', 'f1', 5000);
    if (first.state !== 'acquired') throw new Error('not acquired');
    store.release('k', first.token);
    const second = store.claim('k', 'f1', 5000);
    expect(second.state).toBe('acquired');
    expect(second).not.toEqual(first);
  });

  it('should let a claim lapse after its lock time, and ignore the late complete or release of the lapsed token', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ now: () => now });
    const stale = store.claim('k', 'f1', 100);
    now = 100;
    const fresh = store.claim('k', 'f1', 100);
    if (stale.state !== 'acquired' || fresh.state !== 'acquired') throw new Error('not acquired');
    store.complete('k', stale.token, record(9), 60_000);
    store.release('k', stale.token);
    expect(store.claim('k', 'f1', 100)).toEqual({ state: 'in_flight' });
    store.complete('k', fresh.token, record(1), 60_000);
    expect(store.claim('k', 'f1', 100)).toEqual({ state: 'completed', record: record(1) });
  });

  it('should stay within maxEntries, dropping the oldest first', () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 3 });
    for (let n = 1; n <= 5; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n), 60_000);
    }
    expect(store.usage().entries).toBe(3);
    // Newest first: a claim of an evicted key adds an entry (and evicts the oldest).
    expect([5, 4, 3, 2].map((n) => store.claim(`k${n}`, `f${n}`, 5000).state)).toEqual(['completed', 'completed', 'completed', 'acquired']);
    expect(store.claim('k1', 'f1', 5000).state).toBe('acquired');
  });

  it('should stay within maxBytes, counting the stored answers, dropping the oldest first', () => {
    const maxBytes = 1024 * 1024;
    const store = createMemoryIdempotencyStore({ maxBytes });
    const big = 'x'.repeat(100 * 1024); // 200 KiB as a JavaScript string
    for (let n = 1; n <= 20; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n, big), 60_000);
      expect(store.usage().bytes).toBeLessThanOrEqual(maxBytes);
    }
    // 200 KiB and a few hundred bytes each: five fit in 1 MiB.
    expect(store.usage().entries).toBe(5);
    expect(store.claim('k20', 'f20', 5000).state).toBe('completed');
    expect(store.claim('k16', 'f16', 5000).state).toBe('completed');
    expect(store.claim('k15', 'f15', 5000).state).toBe('acquired');
  });

  it('should refuse limits that are not positive integers', () => {
    expect(() => createMemoryIdempotencyStore({ maxEntries: 0 })).toThrow(/maxEntries/);
    expect(() => createMemoryIdempotencyStore({ maxBytes: Number.NaN })).toThrow(/maxBytes/);
  });
});
