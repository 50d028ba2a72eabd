// The upstream pool shared among the subjects active now, played with calls the test finishes by
// hand: which call holds a slot, in what order, never how long anything takes. The waits for a
// slot run on fake timers, so none expires while a call is held.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- server/limits/createFairShare, the module this file tests
import { createFairShare } from '../../../src/server/limits/createFairShare.js';

function poolOf(pool: number, perSubject = 8) {
  const run = createFairShare({ pool, perSubject, queue: 32, waitMs: 5000 });
  const held: { subject: string; finish: () => void }[] = [];
  const call = (subject: string) =>
    run(subject, 'getTransaction', async () => {
      await new Promise<void>((resolve) => held.push({ subject, finish: resolve }));
    });
  /** Finishes the oldest held call of `subject`, and lets the slot it frees be given. */
  const finish = async (subject: string) => {
    const at = held.findIndex((entry) => entry.subject === subject);
    held.splice(at, 1)[0]?.finish();
    // Everything that follows a finished call is promise callbacks: one turn of the loop runs them.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const holding = (subject: string) => held.filter((entry) => entry.subject === subject).length;
  return { call, finish, holding, held };
}

describe('given the upstream pool shared among the subjects active now', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should let a subject alone hold perSubject, and give a newcomer the freed slots until both hold half the pool', async () => {
    const { call, finish, holding } = poolOf(8, 8);
    const calls = Array.from({ length: 10 }, () => call('a'));
    await vi.waitFor(() => expect(holding('a')).toBe(8));
    calls.push(...Array.from({ length: 6 }, () => call('b')));
    // The pool is full: b waits. Each of a's finished calls frees a slot for b, up to b's half.
    for (let n = 1; n <= 4; n++) {
      await finish('a');
      expect([holding('a'), holding('b')]).toEqual([8 - n, n]);
    }
    // Both at their share (8 ÷ 2): a slot b frees goes back to b, not to a.
    await finish('b');
    expect([holding('a'), holding('b')]).toEqual([4, 4]);
    // Whatever is left runs to the end.
    while (holding('a') + holding('b') > 0) await finish(holding('a') > 0 ? 'a' : 'b');
    await Promise.all(calls);
  });

  it('should leave no slot of the pool idle while calls wait: nine subjects share 16 slots, two each at most', async () => {
    const { call, finish, holding, held } = poolOf(16, 16);
    // One subject holds the whole pool while nine others queue three calls each.
    const calls = Array.from({ length: 16 }, () => call('x'));
    await vi.waitFor(() => expect(holding('x')).toBe(16));
    const subjects = Array.from({ length: 9 }, (_, n) => `s${n}`);
    calls.push(...subjects.flatMap((subject) => Array.from({ length: 3 }, () => call(subject))));
    for (let n = 0; n < 16; n++) await finish('x');
    // 16 ÷ 9 rounded up: two each for the first seven, one for the other two, none idle.
    await vi.waitFor(() => expect(held).toHaveLength(16));
    expect(subjects.map(holding).sort()).toEqual([1, 1, 2, 2, 2, 2, 2, 2, 2]);
    while (held.length > 0) await finish(held[0]?.subject ?? '');
    await Promise.all(calls);
  });
});
