// Reading a flow (getFlow) through the real proxy, over loopback HTTP, with payment sessions: a
// page granted one user's flows reads that user's flows and learns nothing of anyone else's, not
// even which ids exist (docs/api.md#read-a-flow). Each refusal here fails without its check in
// src/server/flows/flowOperations.ts; without that set the proxy does not serve the read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsError } from 'payments-kit';
import { flowOperations } from 'payments-kit/server/flows';
import type { PaymentsGrant } from 'payments-kit/server';
import { mintSession as mint, SESSION_AUDIENCE as AUDIENCE, SESSION_SECRET as SECRET } from '../support/sessions.js';
import { coreEntries, errorBody, startStack, type Stack } from './harness.js';

const owner = 'usr_owner';
const other = 'usr_other';
const grantOf = (userId: string | undefined): PaymentsGrant => ({ flows: { ...(userId === undefined ? {} : { userId }), steps: ['compliance', 'payout'] } });

describe.each(coreEntries)('with %s', (_label, entry) => {
  let stack: Stack;
  const reported: PaymentsError[] = [];
  beforeAll(async () => {
    stack = await startStack(
      { sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, rateLimits: false, operations: [flowOperations], onError: (error) => { reported.push(error); } },
      entry,
    );
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
    reported.length = 0;
  });

  /** A flow made through the proxy, as a page under `allow` makes it: its id. */
  const created = async (allow: PaymentsGrant): Promise<string> => {
    const response = await fetch(`${stack.base}/api/v2/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'payments-session': await mint(allow) },
      body: JSON.stringify({ steps: ['compliance', 'payout'] }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  /** One read as a page makes it: the answer whole, and the reads that reached the API. */
  const read = async (allow: PaymentsGrant, id: string) => {
    const response = await fetch(`${stack.base}/api/v2/flows/${id}`, { headers: { 'payments-session': await mint(allow) } });
    const text = await response.text();
    const upstream = stack.sandbox.callsFor('getFlow').map((call) => call.path);
    stack.sandbox.calls.length = 0;
    return { status: response.status, text, upstream };
  };
  const whole = ({ status, text }: { status: number; text: string }) => ({ status, body: errorBody(text) });

  it("should answer the grant's user's own flow, as the API read it", async () => {
    const id = await created(grantOf(owner));
    const mine = await read(grantOf(owner), id);
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.text)).toMatchObject({ id, user_id: owner, steps: ['compliance', 'payout'], completed_steps: [] });
    expect(mine.upstream).toEqual([`/api/v2/flows/${id}`]);
  });

  it("should answer another user's flow exactly as a flow that does not exist", async () => {
    const id = await created(grantOf(other));
    // The id exists: its own user reads it.
    expect((await read(grantOf(other), id)).status).toBe(200);
    const theirs = await read(grantOf(owner), id);
    expect(theirs.upstream).toEqual([`/api/v2/flows/${id}`]);
    const missing = await read(grantOf(owner), 'flow_9999');
    expect(theirs.status).toBe(404);
    expect(whole(theirs)).toEqual(whole(missing));
    expect(theirs.text).not.toContain(other);
  });

  it('should answer a flow no user has claimed exactly as a flow that does not exist', async () => {
    const unclaimed = await created({ flows: { steps: ['compliance', 'payout'] } });
    expect(stack.sandbox.data.flows.get(unclaimed)?.flow.user_id).toBeNull();
    const answered = await read(grantOf(owner), unclaimed);
    expect(answered.upstream).toEqual([`/api/v2/flows/${unclaimed}`]);
    // A user_id left out altogether reads the same as null.
    const entryOf = stack.sandbox.data.flows.get(unclaimed);
    if (entryOf) delete (entryOf.flow as { user_id?: unknown }).user_id;
    const absent = await read(grantOf(owner), unclaimed);
    const missing = await read(grantOf(owner), 'flow_9999');
    expect(whole(answered)).toEqual(whole(missing));
    expect(whole(absent)).toEqual(whole(missing));
  });

  it.each([
    ['no flows grant', { transactions: ['tx_1'] } satisfies PaymentsGrant],
    ['a flows grant without a user', grantOf(undefined)],
  ])('should refuse a read under %s with 403 not_granted naming allow.flows.userId, sending nothing', async (_name, allow) => {
    const id = await created(grantOf(owner));
    const refused = await read(allow, id);
    const body = errorBody(refused.text);
    expect({ status: refused.status, code: body.code, upstream: refused.upstream }).toEqual({ status: 403, code: 'not_granted', upstream: [] });
    expect(body.message).toContain('allow.flows.userId');
    expect(reported.map((error) => error.code)).toEqual(['not_granted']);
    expect(reported[0]?.message).toContain('allow.flows.userId');
  });

  it.each(['flow%2F..%2Fx', 'flow.1', `f${'x'.repeat(80)}`])('should refuse a path id that is not an id (%s) with 400, sending nothing', async (id) => {
    const refused = await read(grantOf(owner), id);
    expect({ status: refused.status, code: errorBody(refused.text).code, upstream: refused.upstream }).toEqual({
      status: 400,
      code: 'invalid_request',
      upstream: [],
    });
  });
});

describe.each(coreEntries)('with %s and no flowOperations', (_label, entry) => {
  it('should not serve the read: the 404 of a path it does not know, nothing sent to the API', async () => {
    const stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, rateLimits: false }, entry);
    try {
      const response = await fetch(`${stack.base}/api/v2/flows/flow_0001`, { headers: { 'payments-session': await mint(grantOf(owner)) } });
      expect(response.status).toBe(404);
      expect(stack.sandbox.callsFor('getFlow')).toEqual([]);
    } finally {
      await stack.close();
    }
  });
});
