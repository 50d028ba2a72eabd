import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from 'payments-kit/server';
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

  it('should keep answers for their TTL in the room less reservedForClaims, never dropping one, and refuse a new key only when the room kept back is all claims in flight', () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ maxEntries: 3, reservedForClaims: 1, now: () => now });
    for (let n = 1; n <= 2; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      expect(claim).toMatchObject({ state: 'acquired', kept: true });
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n), 60_000);
    }
    const third = store.claim('k3', 'f3', 5000);
    expect(third).toMatchObject({ state: 'acquired', kept: false });
    expect(store.claim('k4', 'f4', 5000)).toEqual({ state: 'refused', reason: 'store_full' });
    expect(store.usage()).toMatchObject({ entries: 3, kept: 2 });
    // Nothing kept was dropped to make room, nor the claim in flight.
    expect(['k1', 'k2', 'k3'].map((key, n) => store.claim(key, `f${n + 1}`, 5000).state)).toEqual(['completed', 'completed', 'in_flight']);
    // Once answered, the third confirm's answer gives way to the next claim.
    if (third.state === 'acquired') store.complete('k3', third.token, record(3), 60_000);
    expect(store.claim('k4', 'f4', 5000)).toMatchObject({ state: 'acquired', kept: false });
    // Once the kept answers lapse, the room to keep answers is there again.
    now = 60_000;
    expect(store.claim('k5', 'f5', 5000)).toMatchObject({ state: 'acquired', kept: true });
    expect(store.usage().entries).toBeLessThanOrEqual(3);
  });

  it("should replay an answer it could not keep for the TTL until its claim's lock time ends, then forget it", () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ maxEntries: 3, reservedForClaims: 1, now: () => now });
    for (let n = 1; n <= 2; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      if (claim.state === 'acquired') store.complete(`k${n}`, claim.token, record(n), 60_000);
    }
    const passing = store.claim('k3', 'f3', 5000);
    if (passing.state !== 'acquired' || passing.kept !== false) throw new Error('expected a claim in the room kept back');
    now = 1000;
    store.complete('k3', passing.token, record(3), 60_000);
    now = 4999;
    expect(store.claim('k3', 'f3', 5000)).toEqual({ state: 'completed', record: record(3) });
    expect(store.claim('k3', 'f9', 5000)).toEqual({ state: 'conflict' });
    now = 5000;
    expect(store.claim('k3', 'f3', 5000).state).toBe('acquired');
    expect(['k1', 'k2'].map((key, n) => store.claim(key, `f${n + 1}`, 5000).state)).toEqual(['completed', 'completed']);
  });

  it('should keep answers for the TTL until the bytes less the part kept back are spent, the answers of claims already taken too, and keep none briefly past maxBytes', () => {
    const maxBytes = 1024 * 1024;
    const store = createMemoryIdempotencyStore({ maxBytes });
    const big = 'x'.repeat(100 * 1024); // 200 KiB as a JavaScript string
    const kept: (boolean | undefined)[] = [];
    for (let n = 1; n <= 8; n++) {
      const claim = store.claim(`k${n}`, `f${n}`, 5000);
      if (claim.state !== 'acquired') throw new Error(`expected to acquire k${n}, found ${claim.state}`);
      kept.push(claim.kept);
      store.complete(`k${n}`, claim.token, record(n, big), 60_000);
    }
    // A tenth of the bytes is kept back: the fifth answer passes 0.9 MiB, so the sixth is not kept
    // for the day, and with 1 MiB held there are no bytes to keep it even briefly.
    expect(kept).toEqual([true, true, true, true, true, false, false, false]);
    expect(store.usage()).toMatchObject({ entries: 5, kept: 5 });
    expect(store.usage().bytes).toBeLessThan(maxBytes + 210 * 1024);
    expect(store.claim('k1', 'f1', 5000).state).toBe('completed');
    expect(store.claim('k6', 'f6', 5000).state).toBe('acquired');
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
    expect(() => createMemoryIdempotencyStore({ reservedForClaims: -1 })).toThrow(/reservedForClaims/);
    expect(() => createMemoryIdempotencyStore({ maxEntries: 10, reservedForClaims: 11 })).toThrow(/reservedForClaims/);
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
    // Room for 90 kept answers by count, but about a tenth of their bytes are left: room for about 10.
    const store = createMemoryIdempotencyStore({ maxEntries: 100, maxBytes: 100_000, fairShare: 0.5 });
    const big = store.claim('big', 'f', 5000);
    if (big.state !== 'acquired') throw new Error('not acquired');
    store.complete('big', big.token, record(0, 'x'.repeat(40_000)), 60_000);
    const claims = [0, 1, 2, 3, 4, 5].map((n) => store.claim(`k${String(n)}`, 'f', 5000, 's'));
    expect(claims.every((claim) => claim.state === 'acquired')).toBe(true);
    const kept = claims.filter((claim) => claim.state === 'acquired' && claim.kept).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(6);
    expect(store.claim('fresh', 'f', 5000, 'fresh-subject')).toMatchObject({ state: 'acquired', kept: true });
  });
});
