// The browser's path through the kit's proxy carries no schema library: an answer the proxy says
// it checked is taken as it is, and the checker (the operations' schemas, zod with them) is loaded
// only for an answer nothing checked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejection } from './rejection.js';

const CHECKER = '../../src/client/checkAnswer.js';

/** The client and server entries, loaded afresh with the checker's module watched. */
async function load() {
  vi.resetModules();
  const loaded = vi.fn();
  vi.doMock(CHECKER, async (importOriginal) => {
    loaded();
    return importOriginal();
  });
  const client = await import('../../src/client/index.js');
  const api = await import('../../src/api/index.js');
  return { ...client, ...api, loaded };
}

afterEach(() => {
  vi.doUnmock(CHECKER);
});

const answer = (amount: unknown) => ({
  id: 42,
  amount,
  created: '2026-11-20T10:00:00Z',
  source: 'a',
  destination: 'b',
  type: 'credit',
  transfer: null,
});

const answering = (body: unknown, headers: Record<string, string> = {}) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } }));

describe('given an answer the kit proxy checked', () => {
  it('should take it as it is and never load the checker', async () => {
    const { createProxyFetcher, callOperation, getTransaction, loaded } = await load();
    // After load(): the proxy and sandbox come from the same fresh module registry.
    const { sandboxProxy } = await import('../support/sandboxProxy.js');
    const { sandboxIds } = await import('../../src/testing/index.js');
    const fetcher = createProxyFetcher({ fetch: sandboxProxy().fetch });
    const id = sandboxIds.transactions.completed;
    const transaction = await callOperation(fetcher, getTransaction, { params: { transaction_id: id } });
    expect(String(transaction.id)).toBe(id);
    expect(typeof transaction.amount).toBe('number');
    expect(loaded).not.toHaveBeenCalled();
  });
});

describe('given an answer nothing checked', () => {
  it.each([
    ['no mark', {}],
    ['the mark of a reading this release does not know', { 'payments-answer-checked': '2' }],
  ])('should load the checker and read it with the schemas (%s)', async (_label, headers) => {
    const { createProxyFetcher, callOperation, getTransaction, loaded } = await load();
    const fetcher = createProxyFetcher({ fetch: answering(answer('12.50'), headers) });
    const transaction = await callOperation(fetcher, getTransaction, { params: { transaction_id: '42' } });
    expect(transaction.amount).toBe(12.5);
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('should refuse a broken one with invalid_response, as before', async () => {
    const { createProxyFetcher, callOperation, getTransaction, loaded } = await load();
    const fetcher = createProxyFetcher({ fetch: answering({ amount: 'lots' }) });
    const error = await rejection(callOperation(fetcher, getTransaction, { params: { transaction_id: '42' } }));
    expect(error).toMatchObject({ kind: 'invalid_response', operation: 'getTransaction' });
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it("should check a host fetcher's answer, which no proxy marked", async () => {
    const { callOperation, getTransaction, loaded } = await load();
    const error = await rejection(callOperation(() => Promise.resolve({ id: 42 }), getTransaction, { params: { transaction_id: '42' } }));
    expect(error).toMatchObject({ kind: 'invalid_response' });
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});

describe('given the checker that does not load (offline, a deploy that removed its chunk)', () => {
  it('should fail the read as a network error, never hand on the answer unchecked', async () => {
    vi.resetModules();
    vi.doMock(CHECKER, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { createProxyFetcher, callOperation } = await import('../../src/client/index.js');
    const { getTransaction } = await import('../../src/api/index.js');
    const fetcher = createProxyFetcher({ fetch: answering(answer('12.50')) });
    const error = await rejection(callOperation(fetcher, getTransaction, { params: { transaction_id: '42' } }));
    expect(error).toMatchObject({ kind: 'network', operation: 'getTransaction' });
  });
});
