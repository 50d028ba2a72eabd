import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../../src/server/index.js';
import { storeBoundsCases } from './idempotencyStoreBounds.js';

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

  it('should refuse new claims at maxEntries and keep every stored answer until its TTL', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ maxEntries: 3, now: () => now });
    for (let n = 1; n <= 3; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n), 60_000);
    }
    expect(store.claim('k4', 'f4', 5000)).toEqual({ state: 'refused', reason: 'store_full' });
    expect(store.usage().entries).toBe(3);
    // Nothing was dropped to make room: every answer is still replayed, the oldest too.
    expect([1, 2, 3].map((n) => store.claim(`k${n}`, `f${n}`, 5000).state)).toEqual(['completed', 'completed', 'completed']);
    // Once the answers lapse, the room is there again.
    now = 60_000;
    expect(store.claim('k4', 'f4', 5000).state).toBe('acquired');
    expect(store.usage().entries).toBeLessThanOrEqual(3);
  });

  it('should refuse new claims once maxBytes is reached, still storing the answers of claims already taken', () => {
    const maxBytes = 1024 * 1024;
    const store = createMemoryIdempotencyStore({ maxBytes });
    const big = 'x'.repeat(100 * 1024); // 200 KiB as a JavaScript string
    const states: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      states.push(claim.state);
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n, big), 60_000);
    }
    // 200 KiB and a few hundred bytes each: the sixth answer passes 1 MiB, so the seventh claim is refused.
    expect(states).toEqual(['acquired', 'acquired', 'acquired', 'acquired', 'acquired', 'acquired', 'refused', 'refused']);
    expect(store.usage().entries).toBe(6);
    expect(store.usage().bytes).toBeLessThan(maxBytes + 210 * 1024);
    expect(store.claim('k1', 'f1', 5000).state).toBe('completed');
  });

  it('should bound the live entries of each subject, refuse its new claims past that, and leave other subjects alone', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ maxEntriesPerSubject: 2, now: () => now });
    const take = (key: string, subject: string) => store.claim(key, 'f', 5000, subject);
    const victim = take('victim', 'alice');
    if (victim.state !== 'acquired') throw new Error('not acquired');
    store.complete('victim', victim.token, record(7), 60_000);
    expect(['a1', 'a2', 'a3', 'a4'].map((key) => take(key, 'mallory').state)).toEqual(['acquired', 'acquired', 'refused', 'refused']);
    expect(take('a3', 'mallory')).toEqual({ state: 'refused', reason: 'subject_full' });
    // A key the subject already holds still answers as before: the bound is on new claims only.
    expect(take('a1', 'mallory')).toEqual({ state: 'in_flight' });
    expect(take('alice-2', 'alice').state).toBe('acquired');
    expect(store.claim('victim', 'f7', 5000, 'alice')).toEqual({ state: 'completed', record: record(7) });
    // The subject's claims lapse after their lock time, and its room comes back.
    now = 5000;
    expect(take('a3', 'mallory').state).toBe('acquired');
  });

  it('should give a subject its room back when it releases a claim', () => {
    const store = createMemoryIdempotencyStore({ maxEntriesPerSubject: 1 });
    const first = store.claim('k1', 'f', 5000, 's');
    if (first.state !== 'acquired') throw new Error('not acquired');
    expect(store.claim('k2', 'f', 5000, 's').state).toBe('refused');
    store.release('k1', first.token);
    expect(store.claim('k2', 'f', 5000, 's').state).toBe('acquired');
  });

  it('should refuse limits that are not positive integers', () => {
    expect(() => createMemoryIdempotencyStore({ maxEntries: 0 })).toThrow(/maxEntries/);
    expect(() => createMemoryIdempotencyStore({ maxBytes: Number.NaN })).toThrow(/maxBytes/);
    expect(() => createMemoryIdempotencyStore({ maxEntriesPerSubject: 1.5 })).toThrow(/maxEntriesPerSubject/);
    expect(() => createMemoryIdempotencyStore({ maxEntriesPerIntent: 0 })).toThrow(/maxEntriesPerIntent/);
    expect(() => createMemoryIdempotencyStore({ fairShare: 0 })).toThrow(/fairShare/);
    expect(() => createMemoryIdempotencyStore({ fairShare: 1.5 })).toThrow(/fairShare/);
  });
});

describe('given the in-memory idempotency store and the bounds every store keeps', () => {
  it.each(storeBoundsCases)('$name', async ({ options, run }) => {
    await run(createMemoryIdempotencyStore(options));
  });

  it("should give a subject's intent its room back when its keys lapse", () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ maxEntriesPerIntent: 2, now: () => now });
    const take = (key: string) => store.claim(key, 'f', 100, 's', 'pi_a').state;
    expect([take('k1'), take('k2'), take('k3')]).toEqual(['acquired', 'acquired', 'refused']);
    now = 100;
    expect(take('k3')).toBe('acquired');
  });

  it('should count the room its bytes leave in the fair share too', () => {
    // Room for 100 entries by count, but a tenth of the bytes are left: room for about 10.
    const store = createMemoryIdempotencyStore({ maxEntries: 100, maxBytes: 100_000, fairShare: 0.5 });
    const big = store.claim('big', 'f', 5000);
    if (big.state !== 'acquired') throw new Error('not acquired');
    store.complete('big', big.token, record(0, 'x'.repeat(45_000)), 60_000);
    const states = [0, 1, 2, 3, 4, 5].map((n) => store.claim(`k${String(n)}`, 'f', 5000, 's').state);
    expect(states.filter((state) => state === 'acquired').length).toBeLessThan(6);
    expect(store.claim('fresh', 'f', 5000, 'fresh-subject').state).toBe('acquired');
  });
});
