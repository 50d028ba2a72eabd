// The in-process call a server component prefetches with (createInProcessFetch) against the
// browser's call over HTTP: one table, both ways, the same session, the same answers —
// refusals included — on both entries of the proxy.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLegacyTransaction, getTransaction, getTransactionVolume, isPaymentsError, callOperation, createProxyFetcher } from 'payments-kit';
import { dehydratePayments, prefetchPayments } from 'payments-kit/queries';
import { createInProcessFetch, type PaymentsGrant } from 'payments-kit/server';
import { sandboxIds } from 'payments-kit/testing';
import { mintSession } from '../support/sessions.js';
import { entries, startStack, type Stack } from './harness.js';

const SECRET = 'in-process-session-secret-with-32-bytes-at-least';
const AUDIENCE = 'https://shop.test';
const t = sandboxIds.transactions;
const legacy = sandboxIds.legacyTransactions;

const mint = (allow: PaymentsGrant, secret = SECRET) => mintSession(allow, { secret, audience: AUDIENCE });

const grant: PaymentsGrant = { transactions: [t.completed, '999999'], legacyTransactions: [legacy.receipt, legacy.unsuccessful], volume: true };

/** `expect.objectContaining`, typed for the table. */
const containing = (value: object): unknown => expect.objectContaining(value) as unknown;

type Fetcher = ReturnType<typeof createProxyFetcher>;
/** What the page would see: the data, or the error's kind, status and code. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    (data) => ({ data }),
    (error: unknown) => (isPaymentsError(error) ? { error: { kind: error.kind, status: error.status, code: error.code } } : { thrown: String(error) }),
  );

const table: { name: string; allow: PaymentsGrant; otherSecret?: boolean; call: (fetcher: Fetcher) => Promise<unknown>; expected: unknown }[] = [
  { name: 'a granted v2 transaction', allow: grant, call: (f) => callOperation(f, getTransaction, { params: { transaction_id: t.completed } }), expected: { data: containing({ id: 1003 }) } },
  { name: 'a granted legacy transaction', allow: grant, call: (f) => callOperation(f, getLegacyTransaction, { params: { transaction_id: legacy.receipt } }), expected: { data: containing({ success: true }) } },
  { name: 'the granted volume', allow: grant, call: (f) => callOperation(f, getTransactionVolume, { query: { period: 'month', type: 'receive', tz: 'UTC' } }), expected: { data: containing({ success: true }) } },
  { name: 'a v2 transaction outside the grant', allow: grant, call: (f) => callOperation(f, getTransaction, { params: { transaction_id: t.failed } }), expected: { error: { kind: 'http', status: 403, code: 'not_granted' } } },
  { name: 'the volume without volume in the grant', allow: { transactions: [t.completed] }, call: (f) => callOperation(f, getTransactionVolume, { query: { period: 'day' } }), expected: { error: { kind: 'http', status: 403, code: 'not_granted' } } },
  { name: 'a granted transaction the API does not have', allow: grant, call: (f) => callOperation(f, getTransaction, { params: { transaction_id: '999999' } }), expected: { error: containing({ kind: 'http', status: 404 }) } },
  { name: 'a legacy success: false answer', allow: grant, call: (f) => callOperation(f, getLegacyTransaction, { params: { transaction_id: legacy.unsuccessful } }), expected: { error: containing({ kind: 'http', code: 'success_false' }) } },
  { name: 'a session signed with another secret', allow: grant, otherSecret: true, call: (f) => callOperation(f, getTransaction, { params: { transaction_id: t.completed } }), expected: { error: { kind: 'http', status: 401, code: 'session_invalid' } } },
];

describe.each(entries)('given %s with payment sessions', (_name, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined }, entry);
  });
  afterAll(() => stack.close());

  describe.each(table)('and $name', ({ allow, otherSecret, call, expected }) => {
    it('should answer the in-process call exactly as the HTTP call of the same session', async () => {
      const session = await mint(allow, otherSecret ? 'another-secret-of-the-merchant-32-bytes-long' : SECRET);
      const overHttp = await outcome(call(createProxyFetcher({ baseUrl: stack.base, session })));
      const inProcess = await outcome(call(createProxyFetcher({ fetch: createInProcessFetch(stack.proxy, { session }) })));
      expect(overHttp).toEqual(expected);
      expect(inProcess).toEqual(overHttp);
    });
  });

  it('should refuse a confirm in-process and send nothing upstream: reads only', async () => {
    const session = await mint({ paymentIntents: '*' });
    const inProcessFetch = createInProcessFetch(stack.proxy, { session });
    const before = stack.sandbox.calls.length;
    await expect(
      inProcessFetch(`/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow(/reads only, got POST/);
    expect(stack.sandbox.calls.length).toBe(before);
  });

  it('should prefetch the given reads into a QueryClient and dehydrate answers and refusals as plain JSON', async () => {
    const session = await mint(grant);
    const fetcher = createProxyFetcher({ fetch: createInProcessFetch(stack.proxy, { session }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['host', 'own'], 'left out');
    await prefetchPayments(queryClient, fetcher, {
      transactions: [t.completed, t.failed, { id: legacy.receipt, generation: 'legacy' }],
      volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }],
    });
    const state = dehydratePayments(queryClient);
    // What a server component's props can carry: JSON, no Error instance.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    const byKey = Object.fromEntries(state.queries.map((query) => [JSON.stringify(query.queryKey), query.state]));
    expect(Object.keys(byKey).sort()).toEqual(
      [
        ['payments-kit', 'transaction', 'legacy', legacy.receipt],
        ['payments-kit', 'transaction', 'v2', t.completed],
        ['payments-kit', 'transaction', 'v2', t.failed],
        ['payments-kit', 'volume', { period: 'month', type: 'receive', tz: 'UTC' }],
      ].map((key) => JSON.stringify(key)).sort(),
    );
    expect(byKey[JSON.stringify(['payments-kit', 'transaction', 'v2', t.completed])]).toMatchObject({ status: 'success', data: { id: 1003 } });
    expect(byKey[JSON.stringify(['payments-kit', 'transaction', 'v2', t.failed])]).toMatchObject({
      status: 'error',
      error: { kind: 'http', status: 403, code: 'not_granted' },
    });
  });
});
