// The confirm's gate over the default memory store when many subjects have filled it: guest
// sessions are distinct subjects, so their number is the attack, not what each one holds. Counts
// only (upstream calls made, answers given), no clock: the gate's run is called directly, so
// 10 000 guests take a fraction of a second.
import { describe, expect, it } from 'vitest';
import { PaymentsError } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- server/idempotency/createIdempotencyGate, the module this file tests
import { createIdempotencyGate, type GatedOutcome, type GateRun } from '../../../src/server/idempotency/createIdempotencyGate.js';
import { createMemoryIdempotencyStore } from 'payments-kit/server';
// eslint-disable-next-line no-restricted-imports -- headersOf, ProxyAnswer of server/proxyError, which no entry exports
import { headersOf, type ProxyAnswer } from '../../../src/server/proxyError.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The proxy's lock with its defaults: timeoutMs 10 s, waitMs 2 s and its margin of 5 s. */
const LOCK_MS = 17_000;

/** A gate on `store` and an upstream that answers every confirm 200 at once, or holds it until `finish`. */
function gateOn(store = createMemoryIdempotencyStore()) {
  const gate = createIdempotencyGate({ store, ttlMs: DAY_MS, lockMs: LOCK_MS });
  const calls: string[] = [];
  const held = new Map<string, () => void>();
  const run = (subject: string, key: string, hold = false): GateRun => ({
    key: JSON.stringify(['confirmPaymentIntent', `pi_${subject}`, key, subject]),
    subject,
    intent: `pi_${subject}`,
    fingerprint: 'fp',
    operation: 'confirmPaymentIntent',
    execute: async (): Promise<GatedOutcome> => {
      calls.push(key);
      if (hold) await new Promise<void>((resolve) => held.set(key, resolve));
      return { status: 200, body: JSON.stringify({ key }), headers: {}, definitive: true };
    },
    report: (error) => {
      throw error;
    },
  });
  /** The answer, or the error's status and code: a refusal is thrown as the proxy's error. */
  const confirm = async (subject: string, key: string, hold = false): Promise<ProxyAnswer | { status: number; code: string; retryAfter?: string }> => {
    try {
      return await gate(run(subject, key, hold));
    } catch (error) {
      if (!(error instanceof PaymentsError)) throw error;
      const retryAfter = headersOf(error)?.['retry-after'];
      return { status: error.status ?? 0, code: error.code ?? '', ...(retryAfter === undefined ? {} : { retryAfter }) };
    }
  };
  const finish = (key: string) => {
    held.get(key)?.();
    held.delete(key);
  };
  return { confirm, calls, finish, store };
}

describe('given the gate on the default memory store after 10 000 guests each confirmed once', () => {
  it("should send a new customer's confirm upstream once, join her double click and replay it to her retry", async () => {
    const { confirm, calls } = gateOn();
    for (let n = 0; n < 10_000; n++) expect((await confirm(`guest-${String(n)}`, `guest-key-${String(n)}`)).status).toBe(200);
    expect(calls).toHaveLength(10_000);

    const [click, doubleClick] = await Promise.all([confirm('carol', 'carol-key-0001'), confirm('carol', 'carol-key-0001')]);
    expect(click).toMatchObject({ status: 200, body: '{"key":"carol-key-0001"}' });
    expect(doubleClick).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
    // Her browser lost the answer and retries with the same key: replayed, not sent again.
    expect(await confirm('carol', 'carol-key-0001')).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
    // A guest who already confirmed today confirms again too.
    expect((await confirm('guest-0', 'guest-key-next')).status).toBe(200);
    expect(calls).toHaveLength(10_002);
    // Every answer kept for the day still is: the first 9 000 guests' retries are replayed.
    for (let n = 0; n < 9_000; n += 1_000) {
      expect(await confirm(`guest-${String(n)}`, `guest-key-${String(n)}`)).toMatchObject({ headers: { 'idempotent-replayed': 'true' } });
    }
    expect(calls).toHaveLength(10_002);
  });

  it('should answer 503 idempotency_store_full only while the room kept back is all confirms in flight, each of which still holds its key', async () => {
    const { confirm, calls, finish, store } = gateOn(createMemoryIdempotencyStore({ maxEntries: 20, reservedForClaims: 4 }));
    for (let n = 0; n < 16; n++) expect((await confirm(`guest-${String(n)}`, `guest-key-${String(n)}`)).status).toBe(200);
    const inFlight = [0, 1, 2, 3].map((n) => confirm(`slow-${String(n)}`, `slow-key-${String(n)}`, true));
    // Promise callbacks only: one turn of the loop lets each take its claim and start its call.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls.filter((key) => key.startsWith('slow-'))).toHaveLength(4);
    // Told to come back once the claims in flight are gone: within the lock time.
    expect(await confirm('carol', 'carol-key-0001')).toEqual({ status: 503, code: 'idempotency_store_full', retryAfter: '17' });
    // Another instance sharing the store sees each of them in flight: none was dropped.
    const elsewhere = gateOn(store);
    for (let n = 0; n < 4; n++) expect(await elsewhere.confirm(`slow-${String(n)}`, `slow-key-${String(n)}`)).toMatchObject({ status: 409, code: 'idempotency_key_in_use' });
    // Once one of them is answered, its answer gives way to the next customer.
    finish('slow-key-0');
    expect((await inFlight[0])?.status).toBe(200);
    expect((await confirm('carol', 'carol-key-0001')).status).toBe(200);
    for (let n = 1; n < 4; n++) finish(`slow-key-${String(n)}`);
    await Promise.all(inFlight);
    expect(calls).toHaveLength(16 + 4 + 1);
  });
});
