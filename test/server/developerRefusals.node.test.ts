// Every refusal a developer causes names its fix where the developer looks — the server's log,
// written by the proxy's `onError` as the README's server writes it — and never where the end user
// does: the card's words come from the catalogue by code, and hold no grant field, no flowOrigins
// and no audience. A refused flow link's origin and this proxy's audience stay out of the answer.
// The page's half: in development, the browser's console says the refusal and where its details are.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createFlow as createFlowOperation, getTransaction, callOperation, createProxyFetcher } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { createPaymentsProxy, type PaymentsGrant, type PaymentsProxyOptions } from 'payments-kit/server';
import { createSandbox } from 'payments-kit/testing';
import { SESSION_SECRET as SECRET, mintSession } from '../support/sessions.js';
import { errorBody } from './harness.js';

const AUDIENCE = 'http://127.0.0.1:3000';
/** The sandbox's own origin, where its flow links point in development. */
const SANDBOX_ORIGIN = 'http://127.0.0.1:4010';

/** The end user's words, every one: what any card can render. */
const endUserWords = JSON.stringify(en);

function proxyOf(options: Partial<PaymentsProxyOptions> = {}) {
  const sandbox = createSandbox({ origin: SANDBOX_ORIGIN });
  return createPaymentsProxy({
    baseUrl: SANDBOX_ORIGIN,
    legacyBaseUrl: SANDBOX_ORIGIN,
    credentials: sandbox.credentials,
    fetch: sandbox.fetch,
    sessions: { secret: SECRET, audience: AUDIENCE },
    rateLimits: false,
    ...options,
  });
}

const mint = (allow: PaymentsGrant, audience = AUDIENCE) => mintSession(allow, { audience });

async function call(proxy: (request: Request) => Promise<Response>, token: string, path: string, body?: unknown) {
  const response = await proxy(
    new Request(`${AUDIENCE}/api/payments${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'payments-session': token, ...(body === undefined ? {} : { 'idempotency-key': crypto.randomUUID() }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, ...(response.ok ? {} : errorBody(text)), text };
}

/** The README's server's onError: the message and, where there is one, the cause. */
const readmeOnError: PaymentsProxyOptions['onError'] = (error) => {
  console.warn(`payments-kit: ${error.message}`, error.cause instanceof Error ? error.cause.message : '');
};

const createFlow = (proxy: (request: Request) => Promise<Response>, token: string) => call(proxy, token, '/api/v2/flows', { steps: ['compliance'] });

// What each test says through console.warn: the proxy's onError (the server's log) or the page.
let warned: MockInstance<typeof console.warn>;
beforeEach(() => {
  warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warned.mockRestore();
  vi.unstubAllEnvs();
});
const warnings = () => warned.mock.calls.map((args) => args.join(' ')).join('\n');

describe("given a proxy whose onError logs, as the README's server", () => {
  const log = warnings;
  const proxyWith = (options: Partial<PaymentsProxyOptions> = {}) => proxyOf({ onError: readmeOnError, ...options });

  it('should log a flow the session does not grant with the grant field to add', async () => {
    const proxy = proxyWith();
    const token = await mint({ transactions: ['1001'] });
    const answer = await createFlow(proxy, token);
    expect(answer).toMatchObject({ status: 403, code: 'not_granted' });
    expect(log()).toContain('add it to allow.flows in createPaymentsSession');
    expect(endUserWords).not.toContain('allow.flows');
  });

  it.each([
    ['a transaction', { transactions: ['1002'] }, '/api/v2/transactions/1001', undefined, 'allow.transactions'],
    ['the volume', { transactions: ['1001'] }, '/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC', undefined, 'allow.volume'],
    ['a payment intent', {}, '/api/v2/payment-intents/pi_succeeded/confirm', { payment_method_id: 'pm_card_visa' }, 'allow.paymentIntents'],
    ['a flow step', { flows: { steps: ['payout'] } }, '/api/v2/flows', { steps: ['compliance'] }, 'allow.flows'],
  ] as const)('should name the grant field for %s', async (_what, allow, path, body, field) => {
    const answer = await call(proxyWith(), await mint(allow), path, body);
    expect(answer).toMatchObject({ status: 403, code: 'not_granted' });
    expect(log()).toContain(`add it to ${field} in createPaymentsSession`);
    expect(endUserWords).not.toContain(field);
  });

  it("should log a flow link refused with its origin and the option to list it in, not the link, and keep both from the answer", async () => {
    const proxy = proxyWith();
    const answer = await createFlow(proxy, await mint({ flows: { steps: ['compliance'] } }));
    expect(answer).toMatchObject({ status: 502, code: 'flow_link_refused' });
    expect(log()).toContain(`Add ${SANDBOX_ORIGIN} to flowOrigins`);
    // Where a refused link pointed stays on the server (test/server/flowOrigins.node.test.ts).
    expect(answer.text).not.toContain(SANDBOX_ORIGIN);
    expect(log()).not.toMatch(/\/flows?\/[\w-]{8,}/); // the link itself opens the user's flow
    expect(endUserWords).not.toContain('flowOrigins');
    expect(endUserWords).not.toContain(SANDBOX_ORIGIN);
  });

  it('should hand the link out once the sandbox origin is in flowOrigins, and log nothing', async () => {
    const answer = await createFlow(proxyWith({ flowOrigins: [SANDBOX_ORIGIN] }), await mint({ flows: { steps: ['compliance'] } }));
    expect(answer.status).toBe(200);
    expect(warned).not.toHaveBeenCalled();
  });

  it("should log a token minted for another audience with this proxy's audience, in the log only", async () => {
    const answer = await call(proxyWith(), await mint({ transactions: ['1001'] }, 'https://staging.shop.example'), '/api/v2/transactions/1001');
    expect(answer).toMatchObject({ status: 401, code: 'session_invalid' });
    expect(log()).toContain(`this proxy's sessions.audience ("${AUDIENCE}")`);
    expect(log()).toContain('mint with that audience');
    // The proxy's configuration stays on the server: the answer says only that the session is not valid.
    expect(answer.text).not.toContain(AUDIENCE);
    expect(answer.text).not.toContain('audience');
    expect(endUserWords).not.toContain('audience');
  });

  it("should log the API refusing the proxy's own credentials with the settings to check, and pass the 401 on as the API's, not the page's session", async () => {
    const proxy = proxyWith({ credentials: { clientId: 'client_wrong', apiKey: 'key_wrong' } });
    const answer = await call(proxy, await mint({ transactions: ['1001'] }), '/api/v2/transactions/1001');
    expect(answer).toMatchObject({ status: 401, code: 'upstream_rejected' });
    expect(log()).toContain('check PAYMENTS_CLIENT_ID and PAYMENTS_API_KEY');
    expect(answer.text).not.toContain('key_wrong');
    expect(endUserWords).not.toContain('PAYMENTS_API_KEY');
  });
});


describe("given the page's fetcher in development, through the proxy", () => {
  const consoleText = warnings;
  /** The page's calls, as createProxyFetcher makes them, to a proxy without onError: only the page speaks. */
  const pageOf = (token: string, options: Partial<PaymentsProxyOptions> = {}) => {
    const proxy = proxyOf(options);
    return createProxyFetcher({ session: token, fetch: (input, init) => proxy(new Request(new URL(input as string, AUDIENCE), init)) });
  };
  const flow = (fetcher: ReturnType<typeof pageOf>) => callOperation(fetcher, createFlowOperation, { body: { steps: ['compliance'] } });
  const read = (fetcher: ReturnType<typeof pageOf>, id = '1001') => callOperation(fetcher, getTransaction, { params: { transaction_id: id } });

  it.each([
    ['a flow the session does not grant', async () => flow(pageOf(await mint({ transactions: ['1001'] }))), ['not_granted', 'add it to allow.flows in createPaymentsSession']],
    ['a flow link outside flowOrigins', async () => flow(pageOf(await mint({ flows: { steps: ['compliance'] } }))), ['flow_link_refused', 'onError']],
    ['a session minted for another audience', async () => read(pageOf(await mint({ transactions: ['1001'] }, 'https://staging.shop.example'))), ['session_invalid', 'onError']],
    ["the API refusing the proxy's credentials", async () => read(pageOf(await mint({ transactions: ['1001'] }), { credentials: { clientId: 'client_wrong', apiKey: 'key_wrong' } })), ['upstream_rejected', 'onError']],
  ] as const)('should say %s in the console, with its code and where the details are', async (_what, attempt, said) => {
    await expect(attempt()).rejects.toThrow();
    expect(warned).toHaveBeenCalledTimes(1);
    for (const text of said) expect(consoleText()).toContain(text);
  });

  it("should say nothing of what the end user causes (a transaction the API lacks), nor in a production build", async () => {
    await expect(read(pageOf(await mint({ transactions: ['9999'] })), '9999')).rejects.toMatchObject({ code: 'not_found' });
    vi.stubEnv('NODE_ENV', 'production');
    await expect(flow(pageOf(await mint({ transactions: ['1001'] })))).rejects.toMatchObject({ code: 'not_granted' });
    expect(warned).not.toHaveBeenCalled();
  });
});
