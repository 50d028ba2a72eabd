import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- knownVolumePeriods, knownVolumeTypes, operations, parseResponse… of api/index, which no entry exports
import {
  knownVolumePeriods,
  knownVolumeTypes,
  operations,
  parseResponse,
  paymentIntentStatuses,
  type OperationName,
} from '../../src/api/index.js';
import { UNKNOWN_INTENT_STATUS, createSandbox, sandboxIds, volumeFor, type Sandbox } from 'payments-kit/testing';
import { sleep } from '../support/sleep.js';

const ORIGIN = 'http://sandbox.test';
let sandbox: Sandbox;

beforeEach(() => {
  sandbox = createSandbox();
});

function call(path: string, init: RequestInit & { auth?: string | null; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.auth !== null) headers.set('authorization', init.auth ?? sandbox.authorization);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return sandbox.fetch(`${ORIGIN}${path}`, {
    ...init,
    headers,
    ...(init.json === undefined ? {} : { method: init.method ?? 'POST', body: JSON.stringify(init.json) }),
  });
}

async function ok<N extends OperationName>(operation: N, response: Response) {
  expect(response.status).toBe(200);
  return parseResponse(operation, await response.json());
}

describe('given the five operations at the API paths', () => {
  it('should serve a v2 transaction with its embedded transfer', async () => {
    const tx = await ok('getTransaction', await call(`/api/v2/transactions/${sandboxIds.transactions.created}`));
    expect(tx).toMatchObject({ id: 1001, amount: 125000, type: 'refill', transfer: { status: 'created', type: 'refill', external_data: { platform: 'ach' } } });
  });

  it('should serve the shapes the API documents as it sends them: no transfer, a decimal string, a UUID legacy id', async () => {
    const { withoutTransfer, decimalAmount } = sandboxIds.transactions;
    const bare: unknown = await (await call(`/api/v2/transactions/${withoutTransfer}`)).json();
    expect(bare).not.toHaveProperty('transfer');
    expect(bare).not.toHaveProperty('type');
    expect(bare).toMatchObject({ metadata: {}, transfer_id: sandbox.data.transactions.get(withoutTransfer)?.transfer_id });
    const decimal: unknown = await (await call(`/api/v2/transactions/${decimalAmount}`)).json();
    expect(decimal).toMatchObject({ amount: '1000.0000000000', metadata: null });
    const body = await ok('getLegacyTransaction', await call(`/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.uuid}`));
    expect(body.transaction).toMatchObject({ id: sandboxIds.legacyTransactions.uuid, amount: 700, type: 'wallet' });
    expect(body.transaction).not.toHaveProperty('credit_transaction_id');
  });

  it('should serve a legacy transaction in its envelope', async () => {
    const body = await ok('getLegacyTransaction', await call(`/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}`));
    expect(body.success).toBe(true);
    expect(body.transaction.receipt?.items).toHaveLength(3);
  });

  it('should answer 200 success:false for the unsuccessful legacy id', async () => {
    const response = await call(`/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.unsuccessful}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: false });
  });

  it.each(paymentIntentStatuses)('should end pi_%s in that status when confirmed', async (status) => {
    const intent = await ok('confirmPaymentIntent', await call(`/api/v2/payment-intents/pi_${status}/confirm`, { json: { payment_method_id: sandboxIds.paymentMethod } }));
    expect(intent.status).toBe(status);
    expect(intent.payment_method_id).toBe(sandboxIds.paymentMethod);
    expect(sandbox.data.paymentIntents.get(`pi_${status}`)!.confirmations).toBe(1);
  });

  it('should end pi_unknown in a status the API does not list', async () => {
    const intent = await ok('confirmPaymentIntent', await call(`/api/v2/payment-intents/${sandboxIds.paymentIntents.unknown}/confirm`, { json: { payment_method_id: 'pm_x' } }));
    expect(intent.status).toBe(UNKNOWN_INTENT_STATUS);
    expect(paymentIntentStatuses).not.toContain(UNKNOWN_INTENT_STATUS);
  });

  it('should create a flow whose link serves a hosted page describing it', async () => {
    const flow = await ok('createFlow', await call('/api/v2/flows', { json: { steps: ['compliance', { name: 'redirect', redirect_url: 'https://shop.example/done' }], user_id: 'usr_1', metadata: { plan: 'pro' } } }));
    expect(flow).toMatchObject({ steps: ['compliance', 'redirect'], completed_steps: [], user_id: 'usr_1', metadata: { plan: 'pro' } });
    const link = new URL(flow.link);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/hosted/flow.html`);
    expect(link.searchParams.get('flow')).toBe(flow.id);
    expect(link.searchParams.get('steps')).toBe('compliance,redirect');
    const page = await sandbox.fetch(flow.link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script src="/hosted/flow.js" defer>');
    expect(html).not.toMatch(/<script>|style=/);
    const script = await (await sandbox.fetch(`${ORIGIN}/hosted/flow.js`)).text();
    expect(script).toContain("post({ step, status: 'completed' })");
  });

  it('should serve a volume per period, type and tz', async () => {
    const month = await ok('getTransactionVolume', await call('/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC'));
    expect(month).toEqual({ success: true, volume: volumeFor('month', 'receive', 'UTC') });
    const values = new Set<number>();
    for (const period of knownVolumePeriods) {
      for (const type of knownVolumeTypes) values.add(volumeFor(period, type, 'UTC'));
    }
    expect(values.size).toBe(knownVolumePeriods.length * knownVolumeTypes.length);
  });
});

describe('given requests the sandbox refuses', () => {
  it('should answer 401 without the Basic credentials it was given', async () => {
    for (const auth of [null, 'Basic ' + btoa('sandbox_client_id:wrong'), 'Bearer x']) {
      const response = await call(`/api/v2/transactions/${sandboxIds.transactions.created}`, { auth });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { kind: 'http', status: 401 } });
    }
    const custom = createSandbox({ credentials: { clientId: 'ci', apiKey: 'k' } });
    const response = await custom.fetch(`${ORIGIN}/api/v2/transactions/1001`, { headers: { authorization: `Basic ${btoa('ci:k')}` } });
    expect(response.status).toBe(200);
  });

  it('should answer 404 for missing ids and unknown paths, 405 with Allow for a wrong method', async () => {
    expect((await call(`/api/v2/transactions/${sandboxIds.missing.transaction}`)).status).toBe(404);
    expect((await call(`/api/api/transactions/get/transaction/${sandboxIds.missing.legacyTransaction}`)).status).toBe(404);
    expect((await call(`/api/v2/payment-intents/${sandboxIds.missing.paymentIntent}/confirm`, { json: { payment_method_id: 'pm' } })).status).toBe(404);
    expect((await call('/api/v2/payouts')).status).toBe(404);
    const wrong = await call('/api/v2/flows');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('should answer 400 naming the field for an invalid body or query', async () => {
    const body = await call('/api/v2/payment-intents/pi_succeeded/confirm', { json: {} });
    expect(body.status).toBe(400);
    expect(JSON.stringify(await body.json())).toContain('payment_method_id');
    const query = await call('/api/api/metrics/transaction/volume?tz=Europe%2FParis');
    expect(query.status).toBe(400);
    expect(JSON.stringify(await query.json())).toContain('tz');
  });
});

describe('given injected faults', () => {
  const path = `/api/v2/transactions/${sandboxIds.transactions.created}`;

  it('should answer an injected status with the kit error shape, for the given number of times', async () => {
    sandbox.inject({ kind: 'status', status: 503 }, { times: 1 });
    const first = await call(path);
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ error: { status: 503, operation: 'getTransaction' } });
    expect((await call(path)).status).toBe(200);
  });

  it('should only hit the named operation', async () => {
    sandbox.inject({ kind: 'status', status: 500 }, { operation: 'createFlow' });
    expect((await call(path)).status).toBe(200);
    expect((await call('/api/v2/flows', { json: { steps: ['payout'] } })).status).toBe(500);
  });

  it('should send malformed JSON and wrong-shape bodies with status 200', async () => {
    sandbox.inject({ kind: 'malformed-json' }, { times: 1 });
    await expect((await call(path)).json()).rejects.toThrow();
    sandbox.inject({ kind: 'wrong-shape' }, { times: 1 });
    const response = await call(path);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(() => parseResponse('getTransaction', body)).toThrow(/unexpected shape/);
  });

  it('should reject like fetch on a network fault', async () => {
    sandbox.inject({ kind: 'network' }, { times: 1 });
    await expect(call(path)).rejects.toBeInstanceOf(TypeError);
  });

  it('should hang until the request is aborted', async () => {
    sandbox.inject({ kind: 'hang' });
    const controller = new AbortController();
    const pending = call(path, { signal: controller.signal });
    let settled = false;
    void pending.finally(() => (settled = true)).catch(() => undefined);
    await sleep(50);
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('should delay by the injected latency', async () => {
    sandbox.inject({ kind: 'latency', ms: 80 }, { times: 1 });
    const started = performance.now();
    expect((await call(path)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('should redirect and answer success:false when told', async () => {
    sandbox.inject({ kind: 'redirect', location: 'https://elsewhere.example/' }, { times: 1 });
    const redirected = await call(path, { redirect: 'manual' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://elsewhere.example/');
    sandbox.inject({ kind: 'success-false' }, { times: 1 });
    expect(await (await call('/api/api/metrics/transaction/volume')).json()).toEqual({ success: false });
  });
});

describe('given calls and reset', () => {
  afterEach(() => sandbox.reset());
  it('should record every API request with its operation, headers and body, and forget them on reset', async () => {
    await call('/api/v2/payment-intents/pi_succeeded/confirm', { json: { payment_method_id: 'pm_1' }, headers: { 'idempotency-key': 'key-12345678' } });
    await call('/api/v2/nope');
    expect(sandbox.calls.map((c) => c.operation)).toEqual(['confirmPaymentIntent', undefined]);
    const [confirm] = sandbox.callsFor('confirmPaymentIntent');
    expect(confirm).toMatchObject({ method: 'POST', path: '/api/v2/payment-intents/pi_succeeded/confirm', body: { payment_method_id: 'pm_1' } });
    expect(confirm!.headers['idempotency-key']).toBe('key-12345678');
    expect(sandbox.data.paymentIntents.get('pi_succeeded')!.intent.status).toBe('succeeded');
    sandbox.reset();
    expect(sandbox.calls).toEqual([]);
    expect(sandbox.data.paymentIntents.get('pi_succeeded')!.intent.status).toBe('requires_confirmation');
  });

  it('should keep its log of calls bounded: at least the latest maxCalls, the older half dropped at twice that', async () => {
    sandbox = createSandbox({ maxCalls: 3 });
    const read = (id: number) => call(`/api/v2/transactions/${String(id)}`);
    for (let id = 1; id <= 5; id++) await read(id);
    expect(sandbox.calls.map((c) => c.path)).toEqual([1, 2, 3, 4, 5].map((id) => `/api/v2/transactions/${String(id)}`));
    await read(6);
    expect(sandbox.calls.map((c) => c.path)).toEqual([4, 5, 6].map((id) => `/api/v2/transactions/${String(id)}`));
    for (let id = 7; id <= 20; id++) await read(id);
    expect(sandbox.calls.length).toBeGreaterThanOrEqual(3);
    expect(sandbox.calls.length).toBeLessThan(6);
    expect(sandbox.calls.at(-1)?.path).toBe('/api/v2/transactions/20');
  });

  // The default shows only at twice itself (the first trim), and Infinity only past that: 40 001
  // requests through the handler, a few seconds on a busy machine, hence the time given.
  it('should keep 10 000 calls by default, and every call when told Infinity', { timeout: 60_000 }, async () => {
    // A GET carries no body to read, so one Request serves every call.
    const nope = new Request(`${ORIGIN}/api/v2/nope`);
    const many = async (target: Sandbox, count: number) => {
      for (let i = 0; i < count; i++) await target.handle(nope);
    };
    await many(sandbox, 20_000);
    expect(sandbox.calls).toHaveLength(10_000);
    const everything = createSandbox({ maxCalls: Infinity });
    await many(everything, 20_001);
    expect(everything.calls).toHaveLength(20_001);
  });

  it('should route a request to every operation of the table and to nothing else', async () => {
    const samples: Record<OperationName, [string, RequestInit & { json?: unknown }]> = {
      getLegacyTransaction: ['/api/api/transactions/get/transaction/1', {}],
      getTransaction: ['/api/v2/transactions/1001', {}],
      confirmPaymentIntent: ['/api/v2/payment-intents/pi_succeeded/confirm', { json: { payment_method_id: 'pm_1' } }],
      createFlow: ['/api/v2/flows', { json: { steps: ['payout'] } }],
      getFlow: ['/api/v2/flows/flow_0001', {}],
      getTransactionVolume: ['/api/api/metrics/transaction/volume', {}],
      listTransfers: ['/api/v2/transfers', {}],
      getTransfer: ['/api/v2/transfers/847e70b4-e057-457e-aa89-ba0312f159c1', {}],
      listTransactions: ['/api/v2/transactions', {}],
    };
    for (const name of Object.keys(operations) as OperationName[]) {
      const [path, init] = samples[name];
      expect((await call(path, init)).status, name).toBe(200);
    }
    expect(sandbox.calls.map((c) => c.operation)).toEqual(Object.keys(operations));
    for (const path of ['/api/v2/transfer', '/api/v2/payment-intents', '/api/api/users', '/api/v2/transactions/1/2']) {
      expect((await call(path)).status, path).toBe(404);
    }
  });
});
