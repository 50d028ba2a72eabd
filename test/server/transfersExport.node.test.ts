// The transfers CSV export in front of the real proxy and the sandbox over loopback HTTP: every
// page walked through the proxy 100 at a time under the page's own session and grant, bounded,
// streamed, a header row, RFC 4180 quoting, and no cell a spreadsheet would run as a formula.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsGrant } from 'payments-kit/server';
// eslint-disable-next-line no-restricted-imports -- csvCell of server/transfers/csv, which no entry exports
import { csvCell } from '../../src/server/transfers/csv.js';
import { createTransfersExport, transferOperations } from 'payments-kit/server/transfers';
import { transferIds } from 'payments-kit/testing';
import { SESSION_AUDIENCE as AUDIENCE, SESSION_SECRET as SECRET, mintSession as mint } from '../support/sessions.js';
import { errorBody, startStack, type Stack } from './harness.js';

const { users } = transferIds;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, operations: [transferOperations] });
});
afterAll(async () => {
  await stack.close();
});
afterEach(() => {
  stack.sandbox.reset();
});

const run = async (allow: PaymentsGrant, query = '', maxRows?: number) => {
  stack.sandbox.reset();
  const exportTransfers = createTransfersExport(stack.proxy, maxRows === undefined ? {} : { maxRows });
  const response = await exportTransfers(
    new Request(`${new URL(stack.base).origin}/exports/transfers.csv${query}`, { headers: { 'payments-session': await mint(allow) } }),
  );
  const text = await response.text();
  return { response, text, lines: text.split('\r\n'), upstream: stack.sandbox.callsFor('listTransfers').map((c) => new URL(c.path, 'http://api.test').searchParams) };
};

describe('given a grant of one user with 250 transfers', () => {
  it('should walk every page in calls of 100 (3 calls) and write a header and one line per transfer', async () => {
    const { response, lines, upstream } = await run({ transfers: { userId: users.many } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('payments-export-max-rows')).toBe('10000');
    expect(upstream.map((q) => [q.get('limit'), q.get('user_id')])).toEqual(Array.from({ length: 3 }, () => ['100', users.many]));
    expect(lines[0]).toBe('id,created,user_id,type,status,amount_cents,platform,transactions,metadata');
    expect(lines.at(-1)).toBe('');
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(250);
  });

  it('should send the grant’s user whatever the page asked for', async () => {
    const { lines, upstream } = await run({ transfers: { userId: users.few } }, `?user_id=${users.few}`);
    expect(upstream.map((q) => q.get('user_id'))).toEqual([users.few]);
    expect(lines.slice(1, -1)).toHaveLength(12);
    const refused = await run({ transfers: { userId: users.few } }, `?user_id=${users.many}`);
    expect({ status: refused.response.status, code: errorBody(refused.text).code, upstream: refused.upstream }).toEqual({
      status: 403,
      code: 'not_granted',
      upstream: [],
    });
  });

  it('should stop at maxRows, asking for no page past it', async () => {
    const { lines, upstream } = await run({ transfers: { userId: users.many } }, '', 150);
    expect(lines.slice(1, -1)).toHaveLength(150);
    expect(upstream).toHaveLength(2);
  });

  it('should pass the filters on, and set the page size and cursors itself', async () => {
    const { lines, upstream } = await run({ transfers: { userId: users.many } }, '?type=payout&status=completed&limit=3&starting_after=x');
    expect(upstream[0]?.get('type')).toBe('payout');
    expect(upstream[0]?.get('limit')).toBe('100');
    expect(upstream[0]?.has('starting_after')).toBe(false);
    const rows = lines.slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(',')[3] === 'payout' && row.split(',')[4] === 'completed')).toBe(true);
  });
});

describe('given cells a spreadsheet would run', () => {
  it('should neutralise the formula-like metadata of a seeded transfer', async () => {
    const { lines } = await run({ transfers: { userId: users.few } });
    const row = lines.find((line) => line.startsWith(transferIds.formulaCells));
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""refund"")"`);
    expect(row).not.toMatch(/,[=@+]|,"[=@+]/);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "' x"],
    [-1000, '-1000'],
    ['-12.5', '-12.5'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', 'two lines'],
    [null, ''],
    [{ k: 'v' }, '"{""k"":""v""}"'],
  ])('should write %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('given a session without the grant', () => {
  it('should answer as the proxy does, 403 not_granted, calling nothing', async () => {
    const { response, text, upstream } = await run({ volume: true });
    expect({ status: response.status, code: errorBody(text).code, upstream }).toEqual({ status: 403, code: 'not_granted', upstream: [] });
  });
});
