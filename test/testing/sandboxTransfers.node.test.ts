// The sandbox lists transfers and transactions as the API documents its lists
// (docs/api.md#list-transfers): cursors both ways, filters, reverse_order, has_more.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- parseResponse of api/index, which no entry exports
import { parseResponse, type TransferResource } from '../../src/api/index.js';
import {
  createSandbox,
  manyTransferId,
  payoutsGuideTransfer,
  SANDBOX_DEFAULT_LIMIT,
  transferIds,
  transfersOverviewTransfer,
  type Sandbox,
} from 'payments-kit/testing';
import { createSandboxHandlers } from 'payments-kit/testing/msw';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';

const ORIGIN = 'http://sandbox.test';
let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox();
});

async function get(path: string, query: Record<string, string> = {}): Promise<Response> {
  const search = new URLSearchParams(query).toString();
  return sandbox.fetch(`${ORIGIN}${path}${search === '' ? '' : `?${search}`}`, { headers: { authorization: sandbox.authorization } });
}

async function transfers(query: Record<string, string>) {
  const response = await get('/api/v2/transfers', query);
  expect(response.status).toBe(200);
  return parseResponse('listTransfers', await response.json());
}

const ids = (page: { data: { id: unknown }[] }) => page.data.map((t) => String(t.id));
const time = (t: TransferResource) => Date.parse(`${t.created ?? ''}Z`);

describe('given the transfers of one user, listed a page at a time', () => {
  const many = transferIds.users.many;

  it('should walk 250 transfers in three pages of at most 100, newest first, has_more until the last', async () => {
    const first = await transfers({ user_id: many, limit: '100' });
    const second = await transfers({ user_id: many, limit: '100', starting_after: ids(first).at(-1)! });
    const third = await transfers({ user_id: many, limit: '100', starting_after: ids(second).at(-1)! });
    expect([first, second, third].map((p) => [p.data.length, p.has_more])).toEqual([
      [100, true],
      [100, true],
      [50, false],
    ]);
    const all = [...first.data, ...second.data, ...third.data];
    expect(new Set(all.map((t) => t.id)).size).toBe(250);
    expect(all.every((t) => t.user_id === many)).toBe(true);
    expect(all[0]?.id).toBe(manyTransferId(1));
    for (let i = 1; i < all.length; i++) expect(time(all[i - 1]!)).toBeGreaterThan(time(all[i]!));
  });

  it('should go back a page with ending_before, has_more saying whether pages come before it', async () => {
    const first = await transfers({ user_id: many, limit: '20' });
    const second = await transfers({ user_id: many, limit: '20', starting_after: ids(first).at(-1)! });
    const back = await transfers({ user_id: many, limit: '20', ending_before: ids(second)[0]! });
    expect(ids(back)).toEqual(ids(first));
    expect(back.has_more).toBe(false);
    const third = await transfers({ user_id: many, limit: '20', starting_after: ids(second).at(-1)! });
    const backToSecond = await transfers({ user_id: many, limit: '20', ending_before: ids(third)[0]! });
    expect(ids(backToSecond)).toEqual(ids(second));
    expect(backToSecond.has_more).toBe(true);
  });

  it('should list oldest first with reverse_order, and page on in that order', async () => {
    const first = await transfers({ user_id: many, limit: '10', reverse_order: 'true' });
    expect(first.data[0]?.id).toBe(manyTransferId(250));
    const next = await transfers({ user_id: many, limit: '10', reverse_order: 'true', starting_after: ids(first).at(-1)! });
    expect(next.data[0]?.id).toBe(manyTransferId(240));
    expect(time(next.data[0]!)).toBeGreaterThan(time(first.data.at(-1)!));
  });

  it(`should answer ${String(SANDBOX_DEFAULT_LIMIT)} transfers when no limit is given`, async () => {
    expect((await transfers({ user_id: many })).data).toHaveLength(SANDBOX_DEFAULT_LIMIT);
  });

  it('should answer an empty page for a user with no transfers', async () => {
    expect(await transfers({ user_id: transferIds.users.none })).toEqual({ has_more: false, data: [] });
  });

  it('should refuse a cursor that names no transfer, as the API refuses input', async () => {
    const response = await get('/api/v2/transfers', { starting_after: transferIds.missing });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error_code: 'invalid-input' });
  });
});

describe('given the filters the API documents', () => {
  it('should keep only the status, type and user asked for', async () => {
    const pending = await transfers({ user_id: transferIds.users.many, status: 'pending', limit: '100' });
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((t) => t.status === 'pending')).toBe(true);
    const payouts = await transfers({ user_id: transferIds.users.few, type: 'payout', limit: '100' });
    expect(payouts.data.map((t) => t.type)).toEqual(['payout', 'payout', 'payout', 'payout', 'payout']);
  });

  it('should keep a status the API does not document as any other value', async () => {
    expect(ids(await transfers({ status: 'on_hold' }))).toEqual([transferIds.unknownStatus]);
  });

  it('should keep the transfers created within start_date and end_date, both bounds included', async () => {
    const all = (await transfers({ user_id: transferIds.users.many, limit: '100' })).data;
    const [newest, oldest] = [all[10]!, all[19]!];
    const window = await transfers({ user_id: transferIds.users.many, limit: '100', start_date: `${oldest.created!}Z`, end_date: `${newest.created!}Z` });
    expect(ids(window)).toEqual(all.slice(10, 20).map((t) => t.id));
  });

  it('should read a date alone as its midnight UTC', async () => {
    const page = await transfers({ user_id: transferIds.users.few, start_date: '2026-10-30', limit: '100' });
    expect(page.data.every((t) => time(t) >= Date.UTC(2026, 9, 30))).toBe(true);
    expect(page.data.length).toBeGreaterThan(0);
  });
});

describe('given one transfer', () => {
  it('should answer the API\'s published examples word for word', async () => {
    for (const example of [payoutsGuideTransfer, transfersOverviewTransfer]) {
      const response = await get(`/api/v2/transfers/${example.id}`);
      expect(await response.json()).toEqual(example);
    }
    const read = parseResponse('getTransfer', payoutsGuideTransfer);
    expect(read).toMatchObject({ amount: -1000, status_history: [{ status: 'completed' }], transactions: [{ id: 767354, amount: 1000 }] });
  });

  it('should answer 404 for a transfer it does not hold', async () => {
    expect((await get(`/api/v2/transfers/${transferIds.missing}`)).status).toBe(404);
  });

  it('should seed transfers every one of which the contract reads', () => {
    for (const transfer of sandbox.data.transfers) expect(() => parseResponse('getTransfer', transfer), transfer.id).not.toThrow();
    expect(sandbox.data.transfers.filter((t) => t.user_id === transferIds.users.many)).toHaveLength(250);
  });
});

describe('given the merchant-wide transactions', () => {
  it('should page through every transfer\'s transactions, each with its transfer_id, the transfer when asked for', async () => {
    const first = parseResponse('listTransactions', await (await get('/api/v2/transactions', { limit: '100' })).json());
    expect(first).toMatchObject({ has_more: true });
    expect(first.data).toHaveLength(100);
    expect(first.data.every((tx) => typeof tx.transfer_id === 'string' && tx.transfer === undefined)).toBe(true);
    const next = parseResponse(
      'listTransactions',
      await (await get('/api/v2/transactions', { limit: '100', include_transfer: 'true', starting_after: String(first.data.at(-1)!.id) })).json(),
    );
    expect(next.data[0]?.transfer?.id).toBe(next.data[0]?.transfer_id);
    expect(new Set([...first.data, ...next.data].map((tx) => tx.id)).size).toBe(200);
  });
});

describe('given the sandbox served over node:http and behind MSW', () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandboxServer();
  });
  afterAll(() => server.close());

  it('should list over node:http as in memory', async () => {
    const response = await fetch(`${server.url}/api/v2/transfers?user_id=${transferIds.users.few}&limit=5`, {
      headers: { authorization: server.sandbox.authorization },
    });
    const page = parseResponse('listTransfers', await response.json());
    expect([page.data.length, page.has_more]).toEqual([5, true]);
  });

  it('should list behind the MSW handlers at the proxy path', async () => {
    const msw = setupServer(...createSandboxHandlers(sandbox));
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      const response = await fetch(`${ORIGIN}/api/payments/api/v2/transfers?user_id=${transferIds.users.few}&limit=5&starting_after=${transferIds.pending}`);
      const page = parseResponse('listTransfers', await response.json());
      expect(page.data[0]?.id).not.toBe(transferIds.pending);
      expect(page.data).toHaveLength(5);
    } finally {
      msw.close();
    }
  });
});
