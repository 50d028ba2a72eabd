// Transfers through the real proxy, over loopback HTTP, with payment sessions: a page granted one
// user's transfers gets that user's and nothing of anyone else's, whatever it puts in the query,
// the cursor or the path (docs/security.md#what-each-grant-field-allows). Each refusal test here
// fails with its check in src/server/sessions/transfersGrant.ts taken out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- parseResponse of api/index, which no entry exports
import { parseResponse } from '../../src/api/index.js';
import type { PaymentsGrant } from 'payments-kit/server';
import { transferOperations } from 'payments-kit/server/transfers';
import { manyTransferId, transferIds } from 'payments-kit/testing';
import { mintSession as mint, SESSION_AUDIENCE as AUDIENCE, SESSION_SECRET as SECRET } from '../support/sessions.js';
import { coreEntries, errorBody, startStack, type Stack } from './harness.js';

const owner = transferIds.users.few;
const other = transferIds.users.many;
const ownerGrant: PaymentsGrant = { transfers: { userId: owner } };
const staffGrant: PaymentsGrant = { transfers: { merchantWide: true } };

describe.each(coreEntries)('with %s', (_label, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(
      { sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, rateLimits: false, operations: [transferOperations] },
      entry,
    );
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
  });

  /** One call as a page makes it: the answer, and the queries that reached the API. */
  const call = async (allow: PaymentsGrant, path: string) => {
    const response = await fetch(`${stack.base}${path}`, { headers: { 'payments-session': await mint(allow) } });
    const text = await response.text();
    const upstream = stack.sandbox.calls.map((c) => new URL(c.path, 'http://upstream.test'));
    stack.sandbox.reset();
    return { status: response.status, text, upstream, code: response.ok ? undefined : errorBody(text).code };
  };
  const usersOf = (text: string) => parseResponse('listTransfers', JSON.parse(text)).data.map((t) => t.user_id);

  describe('given a grant of one user\'s transfers', () => {
    it('should send the grant\'s user_id upstream when the page sends none, and list only that user\'s', async () => {
      const sent = await call(ownerGrant, '/api/v2/transfers?limit=100');
      expect(sent.status).toBe(200);
      expect(sent.upstream.map((u) => u.searchParams.get('user_id'))).toEqual([owner]);
      expect(new Set(usersOf(sent.text))).toEqual(new Set([owner]));
    });

    it('should refuse another user\'s id in the query, sending nothing', async () => {
      const sent = await call(ownerGrant, `/api/v2/transfers?user_id=${other}`);
      expect(sent).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
      expect(sent.text).not.toContain(manyTransferId(1));
    });

    it('should keep the grant\'s user when the cursor points at another user\'s transfer', async () => {
      const sent = await call(ownerGrant, `/api/v2/transfers?limit=100&starting_after=${manyTransferId(3)}`);
      expect(sent.upstream.map((u) => u.searchParams.get('user_id'))).toEqual([owner]);
      if (sent.status === 200) expect(usersOf(sent.text).every((user) => user === owner)).toBe(true);
      const back = await call(ownerGrant, `/api/v2/transfers?limit=100&ending_before=${manyTransferId(250)}`);
      expect(back.upstream.map((u) => u.searchParams.get('user_id'))).toEqual([owner]);
      if (back.status === 200) expect(usersOf(back.text).every((user) => user === owner)).toBe(true);
      expect(sent.text + back.text).not.toContain(other);
    });

    it('should answer another user\'s transfer in the path as not found, saying nothing of it', async () => {
      const mine = await call(ownerGrant, `/api/v2/transfers/${transferIds.pending}`);
      expect(mine.status).toBe(200);
      const theirs = await call(ownerGrant, `/api/v2/transfers/${manyTransferId(1)}`);
      const missing = await call(ownerGrant, `/api/v2/transfers/${transferIds.missing}`);
      expect(theirs).toMatchObject({ status: 404, code: 'not_found' });
      expect(theirs.text).not.toContain(other);
      // Answered as a transfer that does not exist is, with nothing of the other user's in it.
      expect({ status: theirs.status, body: errorBody(theirs.text) }).toEqual({ status: missing.status, body: errorBody(missing.text) });
      expect(errorBody(theirs.text).message).not.toMatch(/user|a169451c/);
    });

    it('should refuse the merchant-wide transactions, sending nothing', async () => {
      expect(await call(ownerGrant, '/api/v2/transactions')).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
    });

    it('should refuse an answer holding another user\'s transfer, never passing it on in part', async () => {
      // An API that ignored user_id: the proxy checks the answer's users itself.
      stack.sandbox.inject({ kind: 'status', status: 200, body: { has_more: false, data: [stack.sandbox.data.transfers[0]] } }, { times: 1 });
      const sent = await call(ownerGrant, '/api/v2/transfers');
      expect(sent.status).toBe(502);
      expect(sent.text).not.toContain(other);
    });
  });

  describe('given no transfers grant at all', () => {
    const widest: PaymentsGrant = {
      transactions: '*',
      legacyTransactions: '*',
      paymentIntents: '*',
      flows: { steps: ['payout'] },
      volume: true,
    };

    it.each([
      ['the list', '/api/v2/transfers'],
      ['a transfer', `/api/v2/transfers/${transferIds.pending}`],
      ['the merchant-wide transactions', '/api/v2/transactions'],
    ])('should refuse %s 403 not_granted, sending nothing, however wide the rest', async (_what, path) => {
      const sent = await call(widest, path);
      expect(sent).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
      expect(errorBody(sent.text).message).toContain('allow.transfers');
    });
  });

  describe('given a staff grant of every user\'s transfers', () => {
    it('should pass the page\'s user_id as a filter, list every user without one, and read any transfer', async () => {
      const filtered = await call(staffGrant, `/api/v2/transfers?user_id=${other}&limit=5`);
      expect(new Set(usersOf(filtered.text))).toEqual(new Set([other]));
      const all = await call(staffGrant, '/api/v2/transfers?limit=100');
      expect(all.upstream[0]?.searchParams.has('user_id')).toBe(false);
      expect((await call(staffGrant, `/api/v2/transfers/${manyTransferId(1)}`)).status).toBe(200);
      expect((await call(staffGrant, '/api/v2/transactions?limit=3')).status).toBe(200);
    });
  });

  describe('given query values of the wrong form (the browser checks them only as strings)', () => {
    it.each(['start_date=yesterday', 'end_date=2024-07', 'reverse_order=yes', 'limit=101'])('should refuse %s 400 invalid_request, sending nothing', async (query) => {
      const sent = await call(staffGrant, `/api/v2/transfers?${query}`);
      expect({ status: sent.status, code: sent.code, upstream: sent.upstream }).toEqual({ status: 400, code: 'invalid_request', upstream: [] });
    });
  });

  describe('given grants of the wrong shape', () => {
    it.each([
      ['both a user and merchant-wide', { transfers: { userId: owner, merchantWide: true } }],
      ['neither', { transfers: {} }],
      ['merchantWide false', { transfers: { merchantWide: false } }],
      ['a user id with a slash', { transfers: { userId: 'a/b' } }],
    ])('should refuse to mint %s', async (_what, allow) => {
      await expect(mint(allow as PaymentsGrant)).rejects.toThrow(TypeError);
    });
  });
});

// A proxy serves the transfer operations only when its options name them: without the set, even a
// staff grant reaches no transfer path, and nothing goes upstream.
describe.each(coreEntries)('with %s, without transferOperations', (_label, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, rateLimits: false }, entry);
  });
  afterAll(async () => {
    await stack.close();
  });

  it.each(['/api/v2/transfers?limit=5', `/api/v2/transfers/${manyTransferId(1)}`, '/api/v2/transactions?limit=3'])(
    'should answer %s 404 not_found, sending nothing',
    async (path) => {
      const response = await fetch(`${stack.base}${path}`, { headers: { 'payments-session': await mint(staffGrant) } });
      expect({ status: response.status, code: errorBody(await response.text()).code, upstream: stack.sandbox.calls }).toEqual({
        status: 404,
        code: 'not_found',
        upstream: [],
      });
    },
  );
});
