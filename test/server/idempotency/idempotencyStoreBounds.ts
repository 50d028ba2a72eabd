// The bounds every idempotency store keeps, as one table that the memory store's test and the
// Redis store's test (against a real redis-server) both run: the same calls, the same answers.
// Counts only, no clock: every claim here is held for a minute, far longer than a test runs.
import { expect } from 'vitest';
import type { IdempotencyClaim, IdempotencyStore } from '../../../src/server/index.js';

export interface StoreBoundsOptions {
  maxEntries?: number;
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

/** Each subject in turn claims one new key until every one of them is refused: the greediest way to fill a store. */
async function fillInTurns(store: IdempotencyStore, subjects: string[], rounds: number): Promise<Map<string, IdempotencyClaim['state'][]>> {
  const states = new Map(subjects.map((subject) => [subject, [] as IdempotencyClaim['state'][]]));
  for (let round = 0; round < rounds; round++) {
    for (const subject of subjects) {
      const key = `${subject}-${String(round)}`;
      const taken = await claim(store, key, subject, `pi_${subject}`);
      states.get(subject)?.push(taken.state);
      if (taken.state === 'acquired') await store.complete(key, taken.token, { fingerprint: 'fp', status: 404, body: '{}' }, DAY_MS);
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
    name: 'should let one subject hold no more than its fairShare of the room left',
    // Alone in a store of 100 with a tenth as its share: holding 9, it sees 91 free (9 < 9.1)
    // and takes a 10th key; holding 10, it sees 90 free (10 ≥ 9) and is refused.
    options: { maxEntries: 100, fairShare: 0.1 },
    run: async (store) => {
      const states = [];
      for (let n = 0; n < 12; n++) states.push((await claim(store, `k${String(n)}`, 'mallory', `pi_${String(n)}`)).state);
      expect(states.filter((state) => state === 'acquired')).toHaveLength(10);
      expect(await claim(store, 'k99', 'mallory', 'pi_99')).toEqual({ state: 'refused', reason: 'subject_full' });
      expect((await claim(store, 'a0', 'alice', 'pi_0')).state).toBe('acquired');
    },
  },
  {
    name: "should refuse the subjects holding the most as many of them fill the store, and still take a fresh subject's first key and a light user's next one",
    // 40 subjects in a store of 200, each claiming in turn for as long as it is let: each stops at
    // a fiftieth of the room left (2 or 3 entries), so together they hold about half of it.
    options: { maxEntries: 200 },
    run: async (store) => {
      await answered(store, 'alice-1', 'alice', 'pi_alice');
      const greedy = Array.from({ length: 40 }, (_, n) => `bot-${String(n)}`);
      const states = await fillInTurns(store, greedy, 10);
      for (const [subject, seen] of states) {
        expect(seen.at(-1), subject).toBe('refused');
        expect(seen.filter((state) => state === 'acquired').length, subject).toBeGreaterThanOrEqual(1);
      }
      expect(await claim(store, 'bot-0-next', 'bot-0', 'pi_bot-0')).toEqual({ state: 'refused', reason: 'subject_full' });
      expect((await claim(store, 'carol-1', 'carol', 'pi_carol')).state).toBe('acquired');
      expect((await claim(store, 'alice-2', 'alice', 'pi_alice')).state).toBe('acquired');
      expect(await claim(store, 'alice-1', 'alice', 'pi_alice')).toMatchObject({ state: 'completed' });
    },
  },
  {
    name: 'should refuse every new key with store_full only once maxEntries are held, keeping every stored answer',
    // Only subjects holding nothing can take the last entries: three of them fill a store of 3.
    options: { maxEntries: 3 },
    run: async (store) => {
      for (let n = 0; n < 3; n++) await answered(store, `k${String(n)}`, `s${String(n)}`, 'pi_a');
      expect(await claim(store, 'k3', 's3', 'pi_a')).toEqual({ state: 'refused', reason: 'store_full' });
      expect(await claim(store, 'k4')).toEqual({ state: 'refused', reason: 'store_full' });
      for (let n = 0; n < 3; n++) expect((await claim(store, `k${String(n)}`, `s${String(n)}`, 'pi_a')).state).toBe('completed');
    },
  },
];
