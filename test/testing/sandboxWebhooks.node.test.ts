// The sandbox's own webhooks: a transfer it settles is posted, signed as the payments API's sender
// signs, to the real route (`createPaymentsEvents`), which verifies it and tells the page's stream.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- readPaymentsEvents of client/readPaymentsEvents, which no entry exports
import { readPaymentsEvents, type PaymentsStreamChange } from '../../src/client/readPaymentsEvents.js';
import { createPaymentsEvents } from 'payments-kit/server/webhooks';
import { createSandbox, sandboxIds, transferIds } from 'payments-kit/testing';
import { mintSession, SESSION_AUDIENCE, SESSION_SECRET } from '../support/sessions.js';
import { secretOf } from '../server/webhooks/signWebhook.js';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function setup(signingSecret?: string) {
  const secret = secretOf(randomBytes(24));
  const refusals: (string | undefined)[] = [];
  const events = createPaymentsEvents({
    webhookSecret: secret,
    sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE },
    onError: (error) => refusals.push(error.code),
  });
  const sandbox = createSandbox({ webhooks: { handler: events.webhook, secret: signingSecret ?? secret } });
  /** A page's stream under `grant`, and the changes it heard. */
  const listen = async (grant: Parameters<typeof mintSession>[0]) => {
    const heard: PaymentsStreamChange[] = [];
    let live = false;
    const session = await mintSession(grant);
    stops.push(
      readPaymentsEvents({
        url: '/api/payments-events',
        getSession: () => Promise.resolve(session),
        onChange: (change) => heard.push(change),
        onReady: () => (live = true),
        fetch: (_url, init) => events.stream(new Request('http://127.0.0.1/api/payments-events', init)),
      }),
    );
    await expect.poll(() => live).toBe(true);
    return heard;
  };
  return { sandbox, events, listen, refusals };
}

describe('given a sandbox posting its webhooks to the real route', () => {
  it('should settle a listed transfer, and the route should verify its webhook and tell the page granted its user', async () => {
    const { sandbox, events, listen } = setup();
    const heard = await listen({ transfers: { userId: transferIds.users.few } });
    const answer = await sandbox.completeTransfer(transferIds.pending);
    expect(answer?.status).toBe(204);
    await events.settled();
    await expect.poll(() => heard).toEqual([{ kind: 'transfer', id: transferIds.pending }]);
    expect(sandbox.data.transfers.find((transfer) => transfer.id === transferIds.pending)?.status).toBe('completed');
  });

  it("should settle a v2 transaction's transfer, and name the transaction in its webhook", async () => {
    const { sandbox, events, listen } = setup();
    const transaction = sandboxIds.transactions.pending;
    const heard = await listen({ transactions: [transaction] });
    const transferId = String(sandbox.data.transactions.get(transaction)?.transfer?.id);
    expect((await sandbox.completeTransfer(transferId, 'failed'))?.status).toBe(204);
    await events.settled();
    await expect.poll(() => heard).toEqual([{ kind: 'transaction', id: transaction }]);
    expect(sandbox.data.transactions.get(transaction)?.transfer?.status).toBe('failed');
  });

  it('should be refused by a route with another secret, and tell no page', async () => {
    const { sandbox, events, listen, refusals } = setup(secretOf(randomBytes(24)));
    const heard = await listen({ transfers: { userId: transferIds.users.few } });
    expect((await sandbox.completeTransfer(transferIds.pending))?.status).toBe(401);
    await events.settled();
    expect(refusals).toEqual(['webhook_signature_mismatch']);
    expect(heard).toEqual([]);
  });

  it('should refuse a transfer it does not hold, and post nothing without webhooks', async () => {
    await expect(createSandbox().completeTransfer(transferIds.missing)).rejects.toThrow(transferIds.missing);
    await expect(createSandbox().completeTransfer(transferIds.pending)).resolves.toBeUndefined();
  });
});
