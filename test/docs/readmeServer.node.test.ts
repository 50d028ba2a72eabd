// The README's server runs as written: its Express block, copied out of README.md unchanged but
// for the port (3000 there, a free one here, in its `listen`, its audience and what it prints), started with
// tsx against the sandbox on loopback. What a newcomer does next is done over HTTP: mint the
// page's session, read the granted transaction, confirm the granted intent with the page's
// Origin, create the granted flow, read the volume — and be refused what the session leaves out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIds } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { proxyRequest, sessionFrom, startReadmeServer } from './docServers.js';

let sandbox: SandboxServer | undefined;
let server: Awaited<ReturnType<typeof startReadmeServer>> | undefined;
let origin: string;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  server = await startReadmeServer(sandbox.url);
  origin = server.url;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await server?.remove();
  await sandbox?.close();
});

const session = () => sessionFrom(origin);

/** A call to the README's `/api/payments`, as the page's fetcher makes it. */
const call = async (token: string, route: string, body?: unknown, idempotencyKey?: string) =>
  fetch(proxyRequest(origin, route, { token, body, idempotencyKey }));

describe("given the README's server, started as written", () => {
  it('should mint a session that reads the granted transaction and the volume, and refuse another transaction and a call without a session', async () => {
    const token = await session();
    const read = await call(token, `/api/v2/transactions/${sandboxIds.transactions.created}`);
    expect(read.status).toBe(200);
    expect(String(((await read.json()) as { id: unknown }).id)).toBe(sandboxIds.transactions.created);
    const volume = await call(token, '/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC');
    expect(volume.status).toBe(200);
    const other = await call(token, `/api/v2/transactions/${sandboxIds.transactions.completed}`);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: { code: 'not_granted' } });
    const sessionless = await fetch(proxyRequest(origin, `/api/v2/transactions/${sandboxIds.transactions.created}`));
    expect(sessionless.status).toBe(401);
    expect(await sessionless.json()).toMatchObject({ error: { code: 'session_required' } });
  });

  it('should confirm the granted payment intent from the page, once, and create the granted flow on the sandbox', async () => {
    const token = await session();
    const confirm = () => call(token, `/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, { payment_method_id: 'pm_card_visa' }, 'readme-confirm-1');
    expect((await confirm()).status).toBe(200);
    // The same key again (a retry after a lost answer): replayed, not sent twice.
    const again = await confirm();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox?.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    const flow = await call(token, '/api/v2/flows', { steps: ['compliance', 'id-verification'] });
    expect(flow.status).toBe(200);
    // Development lists the sandbox's origin in flowOrigins: its link reaches the page.
    expect(await flow.json()).toMatchObject({ link: expect.stringContaining(new URL(sandbox!.url).origin) as unknown });
  });
});
