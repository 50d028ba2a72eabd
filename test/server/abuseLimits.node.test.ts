// Under abuse the proxy keeps serving everyone else: per-subject budgets, a per-subject share
// of the upstream pool, and idempotency stores no client can flush, nor fill for the others.
// Each attack is played against the proxy in process (the fetch handler on the sandbox's fetch:
// no sockets, so the counts depend on the rules alone), and the address rules on real HTTP.
// Counts, not timings.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkPaymentsProxyOptions,
  createMemoryIdempotencyStore,
  createPaymentsProxy,
  createPaymentsSession,
  type PaymentsGrant,
  type PaymentsProxyOptions,
} from 'payments-kit/server';
import { createPaymentsProxy as createNodePaymentsProxy, serve } from 'payments-kit/server/node';
import { createSandbox, sandboxIds, type Sandbox } from 'payments-kit/testing';
import { mintSession } from '../support/sessions.js';
import { errorBody } from './harness.js';

const SECRET = 'abuse-test-session-secret-of-32-bytes-or-more';
/** The deployment the tokens are minted for, as the proxy's `sessions.audience`. */
const AUDIENCE = 'https://shop.test';
const T = sandboxIds.transactions;
const INTENT = sandboxIds.paymentIntents.succeeded;
const GRANT: PaymentsGrant = { transactions: '*', paymentIntents: '*', volume: true };
const STEP = 'compliance';
const VISA = JSON.stringify({ payment_method_id: 'pm_card_visa' });

const mint = (subject: string) => mintSession(GRANT, { secret: SECRET, audience: AUDIENCE, subject });

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  replayed: string | null;
}

function inProcess(options: Partial<PaymentsProxyOptions> = {}, sandbox: Sandbox = createSandbox()) {
  const proxy = createPaymentsProxy({
    baseUrl: 'http://up.test',
    legacyBaseUrl: 'http://up.test',
    credentials: sandbox.credentials,
    fetch: sandbox.fetch,
    sessions: { secret: SECRET, audience: AUDIENCE },
    ...options,
  });
  const send = async (path: string, token: string | undefined, init: RequestInit = {}, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await proxy(
      new Request(`http://shop.test/api/payments${path}`, {
        ...init,
        headers: { ...(token === undefined ? {} : { 'payments-session': token }), ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      }),
    );
    const text = await response.text();
    return {
      status: response.status,
      code: response.status >= 400 ? errorBody(text).code : undefined,
      retryAfter: response.headers.get('retry-after'),
      replayed: response.headers.get('idempotent-replayed'),
    };
  };
  const read = (token: string | undefined, id: string = T.completed, headers?: Record<string, string>) => send(`/api/v2/transactions/${id}`, token, {}, headers);
  const confirm = (token: string | undefined, key: string, intent = INTENT) =>
    send(`/api/v2/payment-intents/${intent}/confirm`, token, { method: 'POST', body: VISA }, { 'idempotency-key': key });
  return { proxy, sandbox, send, read, confirm };
}

/** Runs `total` calls, at most `concurrency` at a time, as fast as they go. */
async function flood(total: number, concurrency: number, call: (n: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) answers.push(await call(next++));
    }),
  );
  return answers;
}

const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status, code } of answers) counts[code ?? String(status)] = (counts[code ?? String(status)] ?? 0) + 1;
  return counts;
};

const newKey = () => `key-${randomUUID()}`;

describe('given a proxy with sessions and its default limits', () => {
  it('should let one subject sending 1 000 reads as fast as it can reach upstream at most its budget, answer the rest 429 with Retry-After, and serve a second subject meanwhile', async () => {
    // Only the window's length differs from the default (an hour instead of a minute), so that
    // a slow machine cannot let a window turn over in the middle of the flood.
    const { read, sandbox } = inProcess({ rateLimits: { reads: { requests: 600, perSeconds: 3600 } } });
    const [attacker, victim] = await Promise.all([mint('mallory'), mint('alice')]);
    const [flooded, served] = await Promise.all([
      flood(1000, 32, () => read(attacker)),
      flood(50, 1, () => read(victim, T.created)),
    ]);
    const limited = flooded.filter((answer) => answer.status === 429);
    expect(flooded.filter((answer) => answer.status === 200)).toHaveLength(600);
    expect(limited).toHaveLength(400);
    for (const answer of limited) {
      expect(answer.code).toBe('rate_limited');
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(3600);
    }
    const upstreamReads = sandbox.callsFor('getTransaction');
    expect(upstreamReads.filter((call) => call.path.endsWith(`/${T.completed}`))).toHaveLength(600);
    expect(tally(served)).toEqual({ 200: 50 });
  });

  it('should hold the default budgets: the 601st read, 121st volume call, 61st confirm and 31st flow of a minute are refused', async () => {
    // The default window is a minute; each loop below takes a small part of it in process.
    const { read, send, confirm, sandbox } = inProcess({ rateLimits: { inFlight: false }, flowOrigins: ['https://hosted.test'] }, createSandbox({ origin: 'https://hosted.test' }));
    const token = await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'dora', allow: { ...GRANT, flows: { steps: [STEP] } } });
    const run = async (count: number, call: () => Promise<Answer>) => tally(await flood(count, 8, call));
    expect(await run(601, () => read(token.token))).toEqual({ 200: 600, rate_limited: 1 });
    expect(await run(121, () => send('/api/api/metrics/transaction/volume?period=30d', token.token))).toMatchObject({ rate_limited: 1 });
    expect(await run(61, () => confirm(token.token, newKey()))).toEqual({ 200: 60, rate_limited: 1 });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(60);
    const flows = await run(31, () => send('/api/v2/flows', token.token, { method: 'POST', body: JSON.stringify({ steps: [STEP] }) }));
    expect(flows.rate_limited).toBe(1);
    expect(sandbox.callsFor('createFlow')).toHaveLength(30);
  });

  it('should refuse a confirm past its budget with nothing upstream and no idempotency entry', async () => {
    const store = createMemoryIdempotencyStore();
    const { confirm, sandbox } = inProcess({ idempotencyStore: store, rateLimits: { confirms: { requests: 2, perSeconds: 3600 } } });
    const token = await mint('mallory');
    expect((await confirm(token, newKey())).status).toBe(200);
    expect((await confirm(token, newKey())).status).toBe(200);
    const entries = store.usage().entries;
    const refused = await confirm(token, 'key-refused-000001');
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(store.usage().entries).toBe(entries);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(2);
    // Another subject's budget is its own.
    expect((await confirm(await mint('alice'), newKey())).status).toBe(200);
  });

  it('should turn a budget off with false, and all of them with rateLimits: false', async () => {
    const some = inProcess({ rateLimits: { reads: false, inFlight: false } });
    const all = inProcess({ rateLimits: false });
    const token = await mint('ops');
    expect(tally(await flood(700, 8, () => some.read(token)))).toEqual({ 200: 700 });
    expect(tally(await flood(70, 8, () => all.confirm(token, newKey())))).toEqual({ 200: 70 });
  });
});

describe('given one subject holding every upstream call it may', () => {
  const releases: (() => void)[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const release of releases.splice(0)) release();
  });

  it('should send at most perSubject of its calls upstream at once, queue a few, answer the rest 429 at once, and keep serving a second subject', async () => {
    // The waits for a slot (waitMs, 5 s) run on fake timers: none expires while the test holds
    // the upstream, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sandbox = createSandbox();
    let heldUpstream = 0;
    let upstreamNow = 0;
    let mostAtOnce = 0;
    // The attacker's transaction is held upstream until the test lets go; the victim's is not.
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith(`/${T.failed}`)) return sandbox.fetch(input, init);
      heldUpstream += 1;
      upstreamNow += 1;
      mostAtOnce = Math.max(mostAtOnce, upstreamNow);
      try {
        await new Promise<void>((resolve) => releases.push(resolve));
        return await sandbox.fetch(input, init);
      } finally {
        upstreamNow -= 1;
      }
    };
    const { read } = inProcess({ fetch, rateLimits: { inFlight: { perSubject: 4, queue: 6, waitMs: 5000 } } }, sandbox);
    const [attacker, victim] = await Promise.all([mint('mallory'), mint('alice')]);
    const attack = Array.from({ length: 4 }, () => read(attacker, T.failed));
    await expect.poll(() => heldUpstream).toBe(4);
    // Meanwhile the second subject's reads are all answered.
    expect(tally(await flood(20, 4, () => read(victim, T.created)))).toEqual({ 200: 20 });
    // The next calls wait for a slot at most waitMs (5 s, the most the proxy takes).
    attack.push(...Array.from({ length: 36 }, () => read(attacker, T.failed)));
    // Past the 4 in flight and the 6 waiting, the other 30 are refused without waiting.
    const early = await Promise.all(attack.slice(10));
    expect(tally(early)).toEqual({ rate_limited: 30 });
    expect(early.every((answer) => answer.retryAfter === '1')).toBe(true);
    expect(heldUpstream).toBe(4);
    // Released as they arrive, the waiting calls take the freed slots: never more than 4 upstream.
    await expect
      .poll(() => {
        for (const release of releases.splice(0)) release();
        return heldUpstream;
      })
      .toBe(10);
    expect(mostAtOnce).toBe(4);
    const settled = await Promise.all(attack.slice(0, 10));
    expect(tally(settled)).toEqual({ 200: 10 });
  });
});

describe('given many subjects together', () => {
  const releases: (() => void)[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const release of releases.splice(0)) release();
  });

  it('should refuse the reads of ten sessions past the proxy-wide ceiling with 429, sending nothing upstream for them', async () => {
    // Each session stays well inside its own budget of 600; together they pass the ceiling of 100.
    const { read, confirm, sandbox } = inProcess({ rateLimits: { proxyWide: { reads: { requests: 100, perSeconds: 3600 } } } });
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, n) => mint(`minted-${n}`)));
    const answers = await flood(200, 8, (n) => read(tokens[n % 10]));
    expect(tally(answers)).toEqual({ 200: 100, rate_limited: 100 });
    expect(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(100);
    // Each kind has its own ceiling (none here for confirms): a confirm still goes through.
    expect((await confirm(tokens[0] as string, newKey())).status).toBe(200);
  });

  it('should give a newcomer a slot of the upstream pool ahead of the queued calls of twenty subjects holding slow reads', async () => {
    // The waits for a slot run on fake timers: none expires while the test holds the upstream,
    // however slow the machine. The upstream is a pool of 16 connections serving in order of
    // arrival, as undici's does: whatever the proxy lets through queues there.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sandbox = createSandbox();
    const POOL = 16;
    const started: string[] = [];
    const queued: (() => void)[] = [];
    let busy = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (busy === POOL) await new Promise<void>((resolve) => queued.push(resolve));
      else busy += 1;
      const url = input instanceof Request ? input.url : String(input);
      started.push(url.endsWith(`/${T.created}`) ? 'victim' : 'slow');
      try {
        // Held until the test lets go of it.
        await new Promise<void>((resolve) => releases.push(resolve));
        return await sandbox.fetch(input, init);
      } finally {
        const next = queued.shift();
        if (next) next();
        else busy -= 1;
      }
    };
    const { read } = inProcess({ fetch, timeoutMs: 600_000, rateLimits: { inFlight: { pool: POOL, perSubject: 8, queue: 32, waitMs: 5000 } } }, sandbox);
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, n) => mint(`slow-${n}`)));
    const attack = tokens.flatMap((token) => Array.from({ length: 4 }, () => read(token, T.completed)));
    await expect.poll(() => started.length).toBe(POOL);
    const victimRead = read(await mint('alice'), T.created);
    // One held call at a time is let go, each time once the call that took its place has started.
    let released = 0;
    while (!started.includes('victim') && released < 80) {
      releases.shift()?.();
      released += 1;
      await expect.poll(() => started.length).toBe(POOL + released);
    }
    // Ahead of it: the pool's first 16, then at most the first call of each of the twenty (the
    // subjects holding nothing yet); never the 80 calls of a first-come queue.
    expect(started.indexOf('victim')).toBeLessThanOrEqual(POOL + 20);
    await expect
      .poll(() => {
        for (const release of releases.splice(0)) release();
        return started.length;
      })
      .toBe(81);
    expect((await victimRead).status).toBe(200);
    expect(tally(await Promise.all(attack))).toEqual({ 200: 80 });
  });
});

describe('given ten sessions and no proxy-wide ceiling configured', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should hold them together to the default ceiling of 3 000 reads a minute (five subjects’ budgets), refuse the rest 429 with nothing upstream, and serve again once the window turns', async () => {
    // The clock stands still (only Date is faked: nothing waits on a timer here), so the whole
    // flood falls in one window however slow the machine; then it is moved on by the window.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { read, sandbox } = inProcess();
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, n) => mint(`minted-${n}`)));
    // Each session spends exactly its own budget of 600: none is refused by its own limit.
    const answers = await flood(6000, 16, (n) => read(tokens[n % 10]));
    expect(tally(answers)).toEqual({ 200: 3000, rate_limited: 3000 });
    expect(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(3000);
    // A newcomer within its budget is refused too, with nothing upstream: the ceiling is the proxy's.
    expect(await read(await mint('newcomer'))).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(sandbox.callsFor('getTransaction')).toHaveLength(3000);
    vi.advanceTimersByTime(60_000);
    expect(await read(tokens[0])).toMatchObject({ status: 200 });
  });

  const tokensOf = (count: number) => Promise.all(Array.from({ length: count }, (_, n) => mint(`session-${n}`)));
  const readsServed = async (options: Partial<PaymentsProxyOptions>, sessions: number, each: number) => {
    const { read, sandbox } = inProcess(options);
    const tokens = await tokensOf(sessions);
    await flood(sessions * each, 8, (n) => read(tokens[n % sessions]));
    return sandbox.callsFor('getTransaction').length;
  };
  const hour = (requests: number) => ({ requests, perSeconds: 3600 });

  it('should default each kind’s ceiling to five times its per-subject budget, the budget given included', async () => {
    // Ten sessions of 4 reads each: 20 reach upstream.
    expect(await readsServed({ rateLimits: { reads: hour(4) } }, 10, 4)).toBe(20);
    // Confirms: ten sessions of 2 confirms each, 10 reach upstream.
    const { confirm, sandbox } = inProcess({ rateLimits: { confirms: hour(2) } });
    const tokens = await tokensOf(10);
    const answers = await flood(20, 4, (n) => confirm(tokens[n % 10], newKey()));
    expect(tally(answers)).toEqual({ 200: 10, rate_limited: 10 });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(10);
  });

  it('should take a ceiling given in proxyWide instead, and turn ceilings off with false', async () => {
    expect(await readsServed({ rateLimits: { reads: hour(4), proxyWide: { reads: hour(7) } } }, 10, 4)).toBe(7);
    expect(await readsServed({ rateLimits: { reads: hour(4), proxyWide: { reads: false } } }, 10, 4)).toBe(40);
    expect(await readsServed({ rateLimits: { reads: hour(4), proxyWide: false } }, 10, 4)).toBe(40);
    // A kind without a per-subject budget gets no default ceiling: there is nothing to scale.
    expect(await readsServed({ rateLimits: { reads: false } }, 10, 40)).toBe(400);
  });
});

describe('given subjects flooding the idempotency store with distinct keys on missing intents', () => {
  // The confirm budget is off so that every confirm reaches the store: the store's own bounds are
  // what is tested. Each bound is met within a few hundred confirms; more of them would only
  // repeat the same answer.
  it('should keep replaying the completed confirm of another subject (the memory store never evicts it), refusing one intent past 100 keys and keeping only briefly the answers of one subject past its share', async () => {
    const store = createMemoryIdempotencyStore();
    const { confirm, sandbox } = inProcess({ idempotencyStore: store, rateLimits: { confirms: false } });
    const [attacker, victim] = await Promise.all([mint('mallory'), mint('alice')]);
    const first = await confirm(victim, 'key-alice-confirm-0001');
    expect(first.status).toBe(200);
    // One intent: 100 live keys per subject and intent by default, the rest refused.
    expect(tally(await flood(300, 16, () => confirm(attacker, newKey(), 'pi_missing_intent')))).toEqual({ not_found: 100, rate_limited: 200 });
    // Many intents: answers are kept for the day while a subject holds less than a fiftieth of the
    // room left for them (9 000 of 10 000, the rest kept back for claims). Holding 176 with alice's
    // 1 kept, it sees 8 823 free (176 < 176.46); holding 177, 8 822 (177 ≥ 176.44). Past that its
    // confirms still go upstream once each, their answers kept only while their claim would hold.
    expect(tally(await flood(300, 16, (n) => confirm(attacker, newKey(), `pi_missing_${String(n)}`)))).toEqual({ not_found: 300 });
    expect(store.usage()).toMatchObject({ kept: 178, entries: 401 });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(401);
    const retry = await confirm(victim, 'key-alice-confirm-0001');
    expect(retry).toMatchObject({ status: 200, replayed: 'true' });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(401);
  });

  /** A proxy on a memory store of `maxEntries`, and a regular customer whose confirm with `key` it holds. */
  const storeOf = async (maxEntries: number, key: string) => {
    const store = createMemoryIdempotencyStore({ maxEntries });
    const proxy = inProcess({ idempotencyStore: store, rateLimits: { confirms: false } });
    const regular = await mint('alice');
    expect((await proxy.confirm(regular, key)).status).toBe(200);
    return { ...proxy, store, regular };
  };
  const mintMany = (count: number) => Promise.all(Array.from({ length: count }, (_, n) => mint(`bot-${String(n)}`)));

  it("should keep the greedy subjects to their share of the day's answers, and still serve a customer's first confirm, when many subjects fill the store within their budgets", async () => {
    // The default store's bounds on a store of 500, so that it fills within a thousand confirms:
    // 50 customers, each confirming only their own intent, 20 times with fresh keys.
    const { store, confirm, sandbox, regular } = await storeOf(500, 'key-alice-confirm-0002');
    const bots = await mintMany(50);
    const answers = await flood(1000, 8, (n) => confirm(bots[n % 50], newKey(), `pi_missing_${String(n % 50)}`));
    expect(tally(answers)).toEqual({ not_found: 1000 });
    // Each holds a fiftieth of the room left for kept answers (450): together about half of it.
    expect(store.usage().kept).toBeLessThan(300);
    // A customer who holds nothing confirms, and so does the one who holds one answer; both
    // answers are kept for the day and replayed.
    expect((await confirm(await mint('carol'), 'key-carol-confirm-0001')).status).toBe(200);
    expect((await confirm(regular, 'key-alice-confirm-0003')).status).toBe(200);
    expect(await confirm(regular, 'key-alice-confirm-0002')).toMatchObject({ status: 200, replayed: 'true' });
    expect(await confirm(regular, 'key-alice-confirm-0003')).toMatchObject({ status: 200, replayed: 'true' });
    // Exactly once: an upstream call for each confirm, none for a replay.
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1000 + 3);
  });

  it("should serve a new customer's confirm once guests have each left an answer in every room it keeps for the day, and still replay what it holds", async () => {
    const { store, confirm, sandbox, regular: victim } = await storeOf(50, 'key-alice-confirm-0004');
    // Guest sessions are subjects holding nothing: 60 of them, one confirm each, more than the
    // store keeps for the day (45 of 50, 5 kept back for claims). None is refused.
    const tokens = await mintMany(60);
    expect(tally(await flood(60, 8, (n) => confirm(tokens[n], newKey(), 'pi_missing_intent')))).toEqual({ not_found: 60 });
    expect(store.usage().kept).toBe(45);
    // A new customer confirms, once; her retry with the same key (her browser lost the answer) is
    // replayed, not sent again.
    const carol = await mint('carol');
    expect((await confirm(carol, 'key-carol-confirm-0001')).status).toBe(200);
    expect(await confirm(carol, 'key-carol-confirm-0001')).toMatchObject({ status: 200, replayed: 'true' });
    expect(await confirm(victim, 'key-alice-confirm-0004')).toMatchObject({ status: 200, replayed: 'true' });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1 + 60 + 1);
  });
});

describe('given calls without a session (authorize alone)', () => {
  it('should count what rateLimitKey answers', async () => {
    const { read } = inProcess({
      sessions: undefined,
      authorize: () => true,
      rateLimitKey: ({ request }) => request.headers.get('x-user') ?? 'anonymous',
      rateLimits: { reads: { requests: 3, perSeconds: 3600 } },
    });
    const as = (user: string) => read(undefined, T.completed, { 'x-user': user });
    expect(tally(await flood(5, 1, () => as('u1')))).toEqual({ 200: 3, rate_limited: 2 });
    expect(tally(await flood(3, 1, () => as('u2')))).toEqual({ 200: 3 });
  });

  it('should not let a client buy fresh budgets by writing X-Forwarded-For, and with trustProxy count the entry the trusted proxy wrote', async () => {
    const budget = { rateLimits: { reads: { requests: 3, perSeconds: 3600 } }, sessions: undefined, authorize: () => true };
    // On real HTTP (the Node path): the connection's address is 127.0.0.1 for every call.
    const open = await serve(createNodePaymentsProxy({ baseUrl: 'http://x.test', legacyBaseUrl: 'http://x.test', credentials: createSandbox().credentials, fetch: createSandbox().fetch, ...budget }));
    const behindProxy = await serve(
      createNodePaymentsProxy({ baseUrl: 'http://x.test', legacyBaseUrl: 'http://x.test', credentials: createSandbox().credentials, fetch: createSandbox().fetch, ...budget, trustProxy: true }),
    );
    try {
      const get = async (origin: string, forwarded: string) =>
        (await fetch(`${origin}/api/payments/api/v2/transactions/${T.completed}`, { headers: { 'x-forwarded-for': forwarded } })).status;
      const spoofed = await Promise.all(Array.from({ length: 6 }, (_, n) => get(open.url, `10.0.0.${n}`)));
      expect(spoofed.filter((status) => status === 429)).toHaveLength(3);
      // Behind one trusted proxy: the last entry is the client's address as that proxy saw it;
      // what the client wrote to the left of it changes nothing.
      const viaProxy = await Promise.all(Array.from({ length: 6 }, (_, n) => get(behindProxy.url, `6.6.6.${n}, 203.0.113.7`)));
      expect(viaProxy.filter((status) => status === 429)).toHaveLength(3);
      expect(await get(behindProxy.url, '203.0.113.8')).toBe(200);
    } finally {
      await Promise.all([open.close(), behindProxy.close()]);
    }
  });
});

describe('given wrong limits', () => {
  const base = { baseUrl: 'http://x.test', legacyBaseUrl: 'http://x.test', credentials: { clientId: 'c', apiKey: 'k' }, sessions: { secret: SECRET, audience: AUDIENCE } };
  it.each([
    ['a budget of zero', { rateLimits: { reads: { requests: 0, perSeconds: 60 } } }, /rateLimits\.reads/],
    ['a fractional window', { rateLimits: { confirms: { requests: 5, perSeconds: 0.5 } } }, /rateLimits\.confirms/],
    ['a wait longer than the lock margin', { rateLimits: { inFlight: { perSubject: 2, waitMs: 60_000 } } }, /rateLimits\.inFlight/],
    ['a store that is not one', { rateLimits: { store: {} as never } }, /rateLimits\.store/],
    ['a proxy-wide ceiling of zero', { rateLimits: { proxyWide: { reads: { requests: 0, perSeconds: 60 } } } }, /rateLimits\.proxyWide\.reads/],
    ['proxy-wide ceilings that are not an object', { rateLimits: { proxyWide: true as never } }, /rateLimits\.proxyWide/],
    ['a pool of zero', { rateLimits: { inFlight: { pool: 0, perSubject: 2 } } }, /rateLimits\.inFlight/],
    ['a negative trustProxy', { trustProxy: -1 }, /trustProxy/],
  ])('should name %s', (_, options, message) => {
    expect(() => checkPaymentsProxyOptions({ ...base, ...(options as Partial<PaymentsProxyOptions>) })).toThrow(message);
  });
});
