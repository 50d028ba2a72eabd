// The demo's pushed status, over real HTTP and without a browser: the sandbox settles the pending
// payouts the page shows, posts their webhooks to the demo's route, and the page's stream (under
// the session the demo mints) hears both; the proxy then reads the transaction completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../examples/dashboard/server.js';
// eslint-disable-next-line no-restricted-imports -- readPaymentsEvents of client/readPaymentsEvents, which no entry exports
import { readPaymentsEvents, type PaymentsStreamChange } from '../../src/client/readPaymentsEvents.js';
import { manyTransferId, sandboxIds } from 'payments-kit/testing';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo({ build: false, settlePendingAfterMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

describe('given the demo on its sandbox', () => {
  it("should tell the page's stream that its pending payouts completed, and read them completed", async () => {
    const { token } = (await (await fetch(`${demo.url}/demo-session`, { method: 'POST' })).json()) as { token: string };
    const heard: PaymentsStreamChange[] = [];
    let live!: () => void;
    const ready = new Promise<void>((resolve) => (live = resolve));
    const stop = readPaymentsEvents({ url: `${demo.url}/api/payments-events`, getSession: () => Promise.resolve(token), onChange: (change) => heard.push(change), onReady: live });
    try {
      // Settled once the stream is open, as the demo's timer does later for a page already open.
      await ready;
      await demo.settlePending();
      // The webhooks are answered before the bus runs: 10 s leaves a loaded machine room.
      await expect
        .poll(() => heard.map((change) => `${change.kind}:${change.id}`).sort(), { timeout: 10_000 })
        .toEqual([`transaction:${sandboxIds.transactions.pending}`, `transfer:${manyTransferId(3)}`]);
    } finally {
      stop();
    }
    const read = await fetch(`${demo.url}/api/payments/api/v2/transactions/${sandboxIds.transactions.pending}`, { headers: { 'payments-session': token } });
    expect(((await read.json()) as { transfer?: { status?: string } }).transfer?.status).toBe('completed');
  });
});
