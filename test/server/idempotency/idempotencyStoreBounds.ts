// The bounds every idempotency store keeps, as one table that the memory store's test and the
// Redis store's test (against a real redis-server) both run: the same calls, the same answers.
// Counts only, no clock: every claim here is held for a minute, far longer than a test runs.
import { expect } from 'vitest';
import type { IdempotencyClaim, IdempotencyStore } from 'payments-kit/server';

export interface StoreBoundsOptions {
  maxEntries?: number;
  reservedForClaims?: number;
  maxEntriesPerSubject?: number;
  maxEntriesPerIntent?: number;
  fairShare?: number;
}

export interface StoreBoundsCase {
  name: string;
  options: StoreBoundsOptions;
  run: (store: IdempotencyStore) => Promise<void>;
}

const LOCK_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const claim = async (store: IdempotencyStore, key: string, subject?: string, intent?: string): Promise<IdempotencyClaim> =>
  await store.claim(key, 'fp', LOCK_MS, subject, intent);

/** Claims `key` and stores an answer for it: an entry that lives for a day. */
async function answered(store: IdempotencyStore, key: string, subject?: string, intent?: string): Promise<void> {
  const taken = await claim(store, key, subject, intent);
  if (taken.state !== 'acquired') throw new Error(`expected to acquire ${key}, found ${taken.state}`);
  await store.complete(key, taken.token, { fingerprint: 'fp', status: 200, body: `{"key":"${key}"}` }, DAY_MS);
}

/** Runs `step` for 0 … count − 1, `batch` at once: a store shared by instances sees them interleaved. */
async function inBatches(count: number, batch: number, step: (n: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, n) => step(start + n)));
  }
}

/** What a claim got: refused, or acquired with its answer kept for the TTL or only briefly (`passing`). */
type Taken = 'kept' | 'passing' | Exclude<IdempotencyClaim['state'], 'acquired'>;
const taken = (claimed: IdempotencyClaim): Taken => (claimed.state !== 'acquired' ? claimed.state : claimed.kept === false ? 'passing' : 'kept');

/** Each subject in turn claims one new key and answers it, for `rounds` rounds: the greediest way to fill a store. */
async function fillInTurns(store: IdempotencyStore, subjects: string[], rounds: number): Promise<Map<string, Taken[]>> {
  const states = new Map(subjects.map((subject) => [subject, [] as Taken[]]));
  for (let round = 0; round < rounds; round++) {
    for (const subject of subjects) {
      const key = `${subject}-${String(round)}`;
      const claimed = await claim(store, key, subject, `pi_${subject}`);
      states.get(subject)?.push(taken(claimed));
      if (claimed.state === 'acquired') await store.complete(key, claimed.token, { fingerprint: 'fp', status: 404, body: '{}' }, DAY_MS);
    }
  }
  return states;
}

export const storeBoundsCases: StoreBoundsCase[] = [
  {
    name: 'should refuse a subject past maxEntriesPerSubject, answer its keys as before, and leave other subjects alone',
    options: { maxEntriesPerSubject: 3 },
    run: async (store) => {
      const states = [];
      for (let n = 0; n < 5; n++) states.push((await claim(store, `m${String(n)}`, 'mallory', `pi_${String(n)}`)).state);
      expect(states).toEqual(['acquired', 'acquired', 'acquired', 'refused', 'refused']);
      expect(await claim(store, 'm9', 'mallory', 'pi_9')).toEqual({ state: 'refused', reason: 'subject_full' });
      expect(await claim(store, 'm0', 'mallory', 'pi_0')).toEqual({ state: 'in_flight' });
      expect((await claim(store, 'a0', 'alice', 'pi_0')).state).toBe('acquired');
    },
  },
  {
    name: "should refuse a subject's keys for one intent past maxEntriesPerIntent, not its other intents, nor another subject's keys for that intent",
    options: { maxEntriesPerIntent: 2 },
    run: async (store) => {
      await answered(store, 'k1', 'mallory', 'pi_a');
      expect((await claim(store, 'k2', 'mallory', 'pi_a')).state).toBe('acquired');
      expect(await claim(store, 'k3', 'mallory', 'pi_a')).toEqual({ state: 'refused', reason: 'intent_full' });
      expect(await claim(store, 'k1', 'mallory', 'pi_a')).toMatchObject({ state: 'completed' });
      expect((await claim(store, 'k4', 'mallory', 'pi_b')).state).toBe('acquired');
      expect((await claim(store, 'k5', 'alice', 'pi_a')).state).toBe('acquired');
    },
  },
  {
    name: 'should give a subject its room back, for the intent too, when it releases a claim',
    options: { maxEntriesPerSubject: 2, maxEntriesPerIntent: 1 },
    run: async (store) => {
      const first = await claim(store, 'k1', 's', 'pi_a');
      if (first.state !== 'acquired') throw new Error('not acquired');
      expect(await claim(store, 'k2', 's', 'pi_a')).toEqual({ state: 'refused', reason: 'intent_full' });
      expect((await claim(store, 'k3', 's', 'pi_b')).state).toBe('acquired');
      expect(await claim(store, 'k4', 's', 'pi_c')).toEqual({ state: 'refused', reason: 'subject_full' });
      await store.release('k1', first.token);
      expect((await claim(store, 'k2', 's', 'pi_a')).state).toBe('acquired');
    },
  },
  {
    name: 'should keep for the TTL no more than its fairShare of the room left for one subject, and take its next keys without keeping their answers for the day',
    // Alone in a store of 100 keeping 10 back, with a tenth as its share: holding 8, it sees 82
    // free (8 < 8.2) and a 9th answer is kept; holding 9, it sees 81 (9 ≥ 8.1).
    options: { maxEntries: 100, reservedForClaims: 10, fairShare: 0.1 },
    run: async (store) => {
      const states = [];
      for (let n = 0; n < 12; n++) states.push(taken(await claim(store, `k${String(n)}`, 'mallory', `pi_${String(n)}`)));
      expect(states).toEqual([...Array.from({ length: 9 }, () => 'kept'), 'passing', 'passing', 'passing']);
      expect(await claim(store, 'k99', 'mallory', 'pi_99')).toMatchObject({ state: 'acquired', kept: false });
      expect(await claim(store, 'a0', 'alice', 'pi_0')).toMatchObject({ state: 'acquired', kept: true });
    },
  },
  {
    name: "should keep only briefly the answers of the subjects holding the most as many of them fill the store, and still keep a fresh subject's first answer and a light user's next one",
    // 40 subjects in a store of 200, each claiming in turn: each is kept to a fiftieth of the room
    // left for kept answers (2 or 3), so together they hold about half of it; the rest of their
    // answers are kept only briefly, and give way to each other's claims in the room kept back.
    options: { maxEntries: 200 },
    run: async (store) => {
      await answered(store, 'alice-1', 'alice', 'pi_alice');
      const greedy = Array.from({ length: 40 }, (_, n) => `bot-${String(n)}`);
      const states = await fillInTurns(store, greedy, 10);
      for (const [subject, seen] of states) {
        expect(seen[0], subject).toBe('kept');
        expect(seen.at(-1), subject).toBe('passing');
      }
      expect(await claim(store, 'bot-0-next', 'bot-0', 'pi_bot-0')).toMatchObject({ state: 'acquired', kept: false });
      expect(await claim(store, 'carol-1', 'carol', 'pi_carol')).toMatchObject({ state: 'acquired', kept: true });
      expect(await claim(store, 'alice-2', 'alice', 'pi_alice')).toMatchObject({ state: 'acquired', kept: true });
      expect(await claim(store, 'alice-1', 'alice', 'pi_alice')).toMatchObject({ state: 'completed' });
      for (const [subject, seen] of states) {
        const kept = seen.indexOf('passing');
        for (let round = 0; round < kept; round++) expect((await claim(store, `${subject}-${String(round)}`, subject, `pi_${subject}`)).state, subject).toBe('completed');
      }
    },
  },
  {
    name: "should take a new customer's confirm, and a returning guest's, after 10 000 guests each left an answer for the day, keeping every answer it kept",
    // The attack: guest sessions are distinct subjects, one confirm each. A subject holding nothing
    // is within any share of the room, so the guests fill it; what is left for everyone else is
    // the room kept back for claims, whose answers are kept only as long as their claim would hold.
    options: { maxEntries: 10_000 },
    run: async (store) => {
      await inBatches(10_000, 250, (n) => answered(store, `guest-${String(n)}-key`, `guest-${String(n)}`, `pi_guest_${String(n)}`));
      const carol = await claim(store, 'carol-key', 'carol', 'pi_carol');
      expect(carol).toMatchObject({ state: 'acquired', kept: false });
      expect(await claim(store, 'guest-0-next', 'guest-0', 'pi_guest_0')).toMatchObject({ state: 'acquired', kept: false });
      if (carol.state !== 'acquired') return;
      // Her retry with the same key (the answer was lost on its way to her browser) is replayed.
      await store.complete('carol-key', carol.token, { fingerprint: 'fp', status: 200, body: '{"carol":true}' }, DAY_MS);
      expect(await claim(store, 'carol-key', 'carol', 'pi_carol')).toEqual({ state: 'completed', record: { fingerprint: 'fp', status: 200, body: '{"carol":true}' } });
      // The first nine tenths were kept for the day, and every one of them still is.
      const states = new Map<string, number>();
      await inBatches(9_000, 250, async (n) => {
        const { state } = await claim(store, `guest-${String(n)}-key`, `guest-${String(n)}`, `pi_guest_${String(n)}`);
        states.set(state, (states.get(state) ?? 0) + 1);
      });
      expect(Object.fromEntries(states)).toEqual({ completed: 9_000 });
    },
  },
  {
    name: 'should never drop a claim in flight to make room, and refuse a new key with store_full only when the room kept back is all claims in flight',
    options: { maxEntries: 10, reservedForClaims: 2 },
    run: async (store) => {
      for (let n = 0; n < 8; n++) await answered(store, `k${String(n)}`, `s${String(n)}`, 'pi_a');
      const first = await claim(store, 'x1', 'x1', 'pi_x');
      const second = await claim(store, 'x2', 'x2', 'pi_x');
      expect([first, second]).toMatchObject([{ state: 'acquired', kept: false }, { state: 'acquired', kept: false }]);
      expect(await claim(store, 'y1', 'y1', 'pi_y')).toEqual({ state: 'refused', reason: 'store_full' });
      // Both claims hold: their keys answer in_flight, never a second upstream call.
      expect([(await claim(store, 'x1', 'x1', 'pi_x')).state, (await claim(store, 'x2', 'x2', 'pi_x')).state]).toEqual(['in_flight', 'in_flight']);
      // An answer the store could not keep for the day gives way to the next claim, never a kept one.
      if (first.state !== 'acquired') return;
      await store.complete('x1', first.token, { fingerprint: 'fp', status: 200, body: '{}' }, DAY_MS);
      expect(await claim(store, 'x1', 'x1', 'pi_x')).toMatchObject({ state: 'completed' });
      expect(await claim(store, 'y1', 'y1', 'pi_y')).toMatchObject({ state: 'acquired', kept: false });
      expect((await claim(store, 'x2', 'x2', 'pi_x')).state).toBe('in_flight');
      for (let n = 0; n < 8; n++) expect((await claim(store, `k${String(n)}`, `s${String(n)}`, 'pi_a')).state).toBe('completed');
    },
  },
];
