import fc from 'fast-check';
// eslint-disable-next-line no-restricted-imports -- flowSteps, getTransfer, listTransactions, listTransfers of api/index, which no entry exports
import {
  PaymentsError,
  flowSteps,
  confirmPaymentIntent,
  createFlow,
  getLegacyTransaction,
  getTransaction,
  getTransactionVolume,
  getTransfer,
  listTransactions,
  listTransfers,
  isPaymentsError,
  type CreateFlowBody,
  type OperationName,
} from '../../src/api/index.js';
// eslint-disable-next-line no-restricted-imports -- getFlow of api/routeChecks, which no entry exports
import { getFlow } from '../../src/api/routeChecks.js';
import { callOperation, createProxyFetcher, type OperationInput, type PaymentsFetcher, type PaymentsRequest } from 'payments-kit';
import { transferOperations } from 'payments-kit/server/transfers';
import { sandboxIds } from 'payments-kit/testing';
import { setUpSandbox } from '../sandboxHarness.js';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { rejection } from './rejection.js';

/** The operations as callOperation takes them: their routes, by name. */
const operations = {
  getTransaction,
  getLegacyTransaction,
  confirmPaymentIntent,
  createFlow,
  getFlow,
  getTransactionVolume,
  listTransfers,
  getTransfer,
  listTransactions,
};

/** An injected fetcher that records each request and answers `answer`. */
function fakeFetcher(answer: (request: PaymentsRequest) => unknown = () => ({})) {
  const requests: PaymentsRequest[] = [];
  const fetcher = vi.fn<PaymentsFetcher>((req) => {
    requests.push(req);
    return Promise.resolve(answer(req));
  });
  return { fetcher, requests };
}

const transaction = {
  id: 42,
  amount: 1250,
  created: '2026-11-20T14:32:05Z',
  source_name: 'Acme',
  destination_name: 'Northwind',
  type: 'balance',
  metadata: '',
  transfer_id: 't1',
  transfer: {
    id: 't1',
    created: '2026-11-20T14:32:05Z',
    user_id: 'u1',
    status: 'created',
    type: 'refill',
    amount: 1250,
    external_data: { account_id: 'a', external_id: 'e', platform: 'ach' },
    transactions: [],
    payout_link_id: 'p',
    metadata: '',
  },
};

describe('callOperation', () => {
  describe('given valid input', () => {
    it('should fill the path, pass method, base and operation, and resolve with the validated answer', async () => {
      const { fetcher, requests } = fakeFetcher(() => transaction);
      const result = await callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } });
      expect(result.id).toBe(42);
      expect(requests).toEqual([
        expect.objectContaining({
          operation: 'getTransaction',
          method: 'GET',
          base: 'v2',
          path: '/api/v2/transactions/42',
          headers: {},
        }),
      ]);
    });

    it('should send the checked query as given, dropping absent and undeclared parameters', async () => {
      const { fetcher, requests } = fakeFetcher(() => ({ success: true, volume: 10 }));
      const query = { period: 'month', tz: 'UTC', type: undefined, extra: 'x' } as unknown as { period: string };
      await callOperation(fetcher, operations.getTransactionVolume, { query });
      expect(requests[0]).toMatchObject({
        base: 'legacy',
        path: '/api/api/metrics/transaction/volume',
        query: { period: 'month', tz: 'UTC' },
      });
      expect(Object.keys(requests[0]?.query ?? {})).toEqual(['period', 'tz']);
    });

    it('should send the body as given, for the proxy to keep only its documented fields', async () => {
      const { fetcher, requests } = fakeFetcher(() => ({
        id: 'flow_1',
        created: '2026-11-20T00:00:00Z',
        link: 'https://flows.example/f/1',
        metadata: {},
        steps: ['compliance'],
        completed_steps: [],
        user_id: null,
      }));
      const body = { steps: ['compliance'], extra: 'not documented' } as unknown as CreateFlowBody;
      await callOperation(fetcher, operations.createFlow, { body });
      expect(requests[0]?.body).toEqual({ steps: ['compliance'], extra: 'not documented' });
    });
  });

  describe('given input that breaks the operation schemas', () => {
    it.each<[string, OperationName, unknown]>([
      ['a legacy id that is not an integer', 'getLegacyTransaction', { params: { transaction_id: 'abc' } }],
      ['a legacy id with a decimal point', 'getLegacyTransaction', { params: { transaction_id: '1.5' } }],
      ['a negative legacy id', 'getLegacyTransaction', { params: { transaction_id: '-1' } }],
      ['a legacy id beyond the safe integers', 'getLegacyTransaction', { params: { transaction_id: '9007199254740993' } }],
      ['a v2 id with a slash', 'getTransaction', { params: { transaction_id: '1/../../admin' } }],
      ['an empty v2 id', 'getTransaction', { params: { transaction_id: '' } }],
      ['missing path parameters', 'getTransaction', {}],
      ['a period given as a number', 'getTransactionVolume', { query: { period: 30 } }],
      ['a cursor with a slash', 'listTransfers', { query: { starting_after: 'a/b' } }],
      ['a user_id with a slash', 'listTransfers', { query: { user_id: '../u' } }],
      // A list's other values are checked only as strings here: their form is the proxy's 400.
      ['a list limit given as a number', 'listTransfers', { query: { limit: 25 } }],
      ['a start_date given as a number', 'listTransfers', { query: { start_date: 20240711 } }],
      ['reverse_order given as a boolean', 'listTransfers', { query: { reverse_order: true } }],
      ['a status given as an array', 'listTransfers', { query: { status: ['pending'] } }],
      ['a transfer id with a slash', 'getTransfer', { params: { transfer_id: '../users' } }],
      ['include_transfer given as a boolean', 'listTransactions', { query: { include_transfer: true } }],
      ['a transactions limit given as a number', 'listTransactions', { query: { limit: 10 } }],
    ])('should reject %s with invalid_request and send nothing', async (_label, name, input) => {
      const { fetcher } = fakeFetcher();
      const error = await rejection(
        callOperation(fetcher, operations[name] as typeof operations.getTransaction, input as OperationInput<'getTransaction'>, {
          headers: { 'Idempotency-Key': 'key-12345678' },
        }),
      );
      expect(error).toMatchObject({ kind: 'invalid_request', operation: name });
      expect(fetcher).not.toHaveBeenCalled();
    });

  });

  describe('given input only the kit\'s proxy checks (a host\'s props: payment method, steps, volume query, a list\'s values)', () => {
    const kitProxy = sandboxProxy({ operations: [transferOperations] });
    const throughKitProxy = createProxyFetcher({ fetch: kitProxy.fetch });

    it.each<[string, OperationName, unknown, RegExp]>([
      ['a tz of four letters', 'getTransactionVolume', { query: { tz: 'UTCX' } }, /^query\.tz /],
      ['a tz with a digit', 'getTransactionVolume', { query: { tz: 'U1C' } }, /^query\.tz /],
      ['a period with a space', 'getTransactionVolume', { query: { period: 'last month' } }, /^query\.period /],
      ['a flow without steps', 'createFlow', { body: { steps: [] } }, /^body\.steps/],
      ['a flow with an unknown step', 'createFlow', { body: { steps: ['teleport'] } }, /^body\.steps/],
      ['a redirect step to a javascript: URL', 'createFlow', { body: { steps: [{ name: 'redirect', redirect_url: 'javascript:alert(1)' }] } }, /^body\.steps/],
      ['a confirm without payment method', 'confirmPaymentIntent', { params: { payment_intent_id: 'pi_1' }, body: {} }, /^body\.payment_method_id /],
      ['a list limit of 0', 'listTransfers', { query: { limit: '0' } }, /^query\.limit /],
      ['a list limit of 101', 'listTransfers', { query: { limit: '101' } }, /^query\.limit /],
      ['a list limit with a fraction', 'listTransfers', { query: { limit: '2.5' } }, /^query\.limit /],
      ['a transfer type with a space', 'listTransfers', { query: { type: 'balance transfer' } }, /^query\.type /],
      ['a transfer status of 33 characters', 'listTransfers', { query: { status: 's'.repeat(33) } }, /^query\.status /],
      ['reverse_order that is not a boolean word', 'listTransfers', { query: { reverse_order: 'yes' } }, /^query\.reverse_order /],
      ['a start_date that is not a date', 'listTransfers', { query: { start_date: 'yesterday' } }, /^query\.start_date /],
      ['a transactions limit of 101', 'listTransactions', { query: { limit: '101' } }, /^query\.limit /],
      ['include_transfer that is not a boolean word', 'listTransactions', { query: { include_transfer: '1' } }, /^query\.include_transfer /],
    ])('should send %s as given, for the proxy to refuse with invalid_request before the API', async (_label, name, input, field) => {
      const { fetcher, requests } = fakeFetcher();
      // The fake's empty answer is no operation's: only what went out matters here.
      await callOperation(fetcher, operations[name] as typeof operations.getTransaction, input as OperationInput<'getTransaction'>, {
        headers: { 'Idempotency-Key': 'key-12345678' },
      }).catch(() => undefined);
      expect(requests).toHaveLength(1);
      const error = await rejection(
        callOperation(throughKitProxy, operations[name] as typeof operations.getTransaction, input as OperationInput<'getTransaction'>, {
          headers: { 'Idempotency-Key': 'key-12345678' },
        }),
      );
      expect(error).toMatchObject({ kind: 'invalid_request', status: 400, code: 'invalid_request', operation: name });
      expect(error.message).toMatch(field);
      expect(kitProxy.sandbox.calls).toEqual([]);
    });
  });

  describe('given a confirm without a well-formed Idempotency-Key', () => {
    it.each([
      ['no Idempotency-Key', {}],
      ['a short Idempotency-Key', { 'Idempotency-Key': 'short' }],
      ['an Idempotency-Key with a space', { 'Idempotency-Key': 'key with space' }],
    ])('should refuse to confirm with %s and send nothing', async (_label, headers) => {
      const { fetcher } = fakeFetcher();
      const error = await rejection(
        callOperation(
          fetcher,
          operations.confirmPaymentIntent,
          { params: { payment_intent_id: 'pi_1' }, body: { payment_method_id: 'pm_1' } },
          { headers },
        ),
      );
      expect(error).toMatchObject({ kind: 'invalid_request', operation: 'confirmPaymentIntent' });
      expect(error.message).toMatch(/^headers\.Idempotency-Key /);
      expect(fetcher).not.toHaveBeenCalled();
    });
  });

  describe('given an answer that breaks the documented shape', () => {
    it('should reject with invalid_response', async () => {
      const { fetcher } = fakeFetcher(() => ({ ...transaction, amount: 'a lot' }));
      const error = await rejection(callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }));
      expect(error).toMatchObject({ kind: 'invalid_response', operation: 'getTransaction' });
    });
  });

  describe('given a legacy answer with success: false', () => {
    it.each<[OperationName, unknown]>([
      ['getLegacyTransaction', { params: { transaction_id: '6' } }],
      ['getTransactionVolume', { query: {} }],
    ])('should reject %s with an http error, never resolve with data', async (name, input) => {
      const { fetcher } = fakeFetcher(() => ({ success: false }));
      const error = await rejection(callOperation(fetcher, operations[name] as typeof operations.getTransaction, input as OperationInput<'getTransaction'>));
      expect(error).toMatchObject({ kind: 'http', code: 'success_false', operation: name });
    });
  });

  describe('given a fetcher that throws something other than a PaymentsError', () => {
    it('should wrap an Error into kind network, keeping it as the cause', async () => {
      const cause = new Error('socket hang up');
      const fetcher: PaymentsFetcher = () => Promise.reject(cause);
      const error = await rejection(callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }));
      expect(error).toBeInstanceOf(PaymentsError);
      expect(error).toMatchObject({ kind: 'network', operation: 'getTransaction' });
      expect(error.cause).toBe(cause);
    });

    it('should wrap a synchronous throw of a non-Error, too', async () => {
      const fetcher: PaymentsFetcher = () => {
        // A badly behaved custom fetcher: the kit must still surface a PaymentsError.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw 'boom';
      };
      const error = await rejection(callOperation(fetcher, operations.createFlow, { body: { steps: ['payout'] } }));
      expect(error).toMatchObject({ kind: 'network', operation: 'createFlow' });
    });

    it('should map an AbortError to aborted and a TimeoutError to timeout', async () => {
      const abort: PaymentsFetcher = () => Promise.reject(new DOMException('x', 'AbortError'));
      const timeout: PaymentsFetcher = () => Promise.reject(new DOMException('x', 'TimeoutError'));
      const input = { params: { transaction_id: '42' } };
      expect((await rejection(callOperation(abort, operations.getTransaction, input))).kind).toBe('aborted');
      expect((await rejection(callOperation(timeout, operations.getTransaction, input))).kind).toBe('timeout');
    });

    it('should set the operation on a PaymentsError that lacks one', async () => {
      const fetcher: PaymentsFetcher = () =>
        Promise.reject(new PaymentsError({ kind: 'http', status: 502, message: 'bad gateway', code: 'upstream' }));
      const error = await rejection(callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }));
      expect(error).toMatchObject({ kind: 'http', status: 502, code: 'upstream', operation: 'getTransaction' });
    });

    it("should keep the answer's Retry-After wait when it sets the operation", async () => {
      const fetcher: PaymentsFetcher = () =>
        Promise.reject(new PaymentsError({ kind: 'http', status: 429, message: 'slow down', code: 'rate_limited', retryAfterMs: 2_000 }));
      const error = await rejection(callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }));
      expect(error).toMatchObject({ status: 429, operation: 'getTransaction', retryAfterMs: 2_000 });
    });
  });

  describe('given a canceled call', () => {
    it('should send nothing when the signal is already aborted', async () => {
      const { fetcher } = fakeFetcher(() => transaction);
      const error = await rejection(
        callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }, { signal: AbortSignal.abort() }),
      );
      expect(error.kind).toBe('aborted');
      expect(fetcher).not.toHaveBeenCalled();
    });

    it('should drop a late answer from a fetcher that ignores the signal', async () => {
      const controller = new AbortController();
      const fetcher: PaymentsFetcher = async () => {
        controller.abort();
        await Promise.resolve();
        return transaction;
      };
      const error = await rejection(
        callOperation(fetcher, operations.getTransaction, { params: { transaction_id: '42' } }, { signal: controller.signal }),
      );
      expect(error.kind).toBe('aborted');
    });
  });
});

describe('given the proxy fetcher in front of the sandbox (MSW)', () => {
  const { sandbox, browserRequests } = setUpSandbox();
  // The default deadline: a read through MSW can take seconds on a busy machine, and a short one
  // would turn it into a timeout. Only the hang, which nothing answers, takes the short one.
  const fetcher = createProxyFetcher();
  const shortDeadline = createProxyFetcher({ timeoutMs: 200 });
  const getTransaction = (id: string = sandboxIds.transactions.created, via = fetcher) =>
    callOperation(via, operations.getTransaction, { params: { transaction_id: id } });

  it('should resolve with the seeded transaction', async () => {
    const result = await getTransaction();
    expect(result.id).toBe(Number(sandboxIds.transactions.created));
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
  });

  it('should map an unknown id to http 404 with the error body fields', async () => {
    const error = await rejection(getTransaction(sandboxIds.missing.transaction));
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'not_found', operation: 'getTransaction' });
  });

  it.each<[string, Parameters<typeof sandbox.inject>[0], Partial<PaymentsError>]>([
    ['a network failure', { kind: 'network' }, { kind: 'network' }],
    ['a hang', { kind: 'hang' }, { kind: 'timeout' }],
    ['a 500 in the error shape', { kind: 'status', status: 500 }, { kind: 'http', status: 500, code: 'injected' }],
    ['a 503 with a plain body', { kind: 'status', status: 503, body: 'maintenance' }, { kind: 'http', status: 503 }],
    ['a 400 in the error shape', { kind: 'status', status: 400 }, { kind: 'http', status: 400 }],
    ['malformed JSON', { kind: 'malformed-json' }, { kind: 'invalid_response' }],
    ['the wrong shape', { kind: 'wrong-shape' }, { kind: 'invalid_response' }],
  ])('should map %s to the right kind', async (_label, fault, expected) => {
    sandbox.inject(fault, { times: 1 });
    const error = await rejection(getTransaction(undefined, fault.kind === 'hang' ? shortDeadline : fetcher));
    expect(error).toMatchObject({ ...expected, operation: 'getTransaction' });
  });

  it('should map success: false on the legacy interface to an http error', async () => {
    sandbox.inject({ kind: 'success-false' }, { times: 1 });
    const error = await rejection(callOperation(fetcher, operations.getTransactionVolume, { query: { tz: 'UTC' } }));
    expect(error).toMatchObject({ kind: 'http', code: 'success_false', operation: 'getTransactionVolume' });
  });

  it('should send the Idempotency-Key of a confirm and never an Authorization header', async () => {
    await callOperation(
      fetcher,
      operations.confirmPaymentIntent,
      { params: { payment_intent_id: sandboxIds.paymentIntents.succeeded }, body: { payment_method_id: sandboxIds.paymentMethod } },
      { headers: { 'Idempotency-Key': 'idem-key-0001' } },
    );
    expect(browserRequests).toHaveLength(1);
    expect(browserRequests[0]?.headers.get('idempotency-key')).toBe('idem-key-0001');
    expect(browserRequests[0]?.headers.has('authorization')).toBe(false);
    expect(sandbox.callsFor('confirmPaymentIntent')[0]?.body).toEqual({ payment_method_id: sandboxIds.paymentMethod });
  });

  describe('given any operation with any valid input (fast-check)', () => {
    const token = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`));
    const stepName = fc.constantFrom(...flowSteps.filter((s) => s !== 'redirect'));
    const step = fc.oneof(
      stepName,
      stepName.map((name) => ({ name })),
      fc.domain().map((domain) => ({ name: 'redirect' as const, redirect_url: `https://${domain}/return` })),
    );
    const call = fc.oneof(
      fc.record({ name: fc.constant('getTransaction' as const), input: fc.record({ params: fc.record({ transaction_id: token(64) }) }) }),
      fc.record({
        name: fc.constant('getLegacyTransaction' as const),
        input: fc.record({ params: fc.record({ transaction_id: fc.nat().map(String) }) }),
      }),
      fc.record({
        name: fc.constant('getTransactionVolume' as const),
        input: fc.record({
          query: fc.record(
            { period: token(32), type: token(32), tz: fc.stringMatching(/^[A-Za-z]{3}$/) },
            { requiredKeys: [] },
          ),
        }),
      }),
      fc.record({
        name: fc.constant('createFlow' as const),
        input: fc.record({
          body: fc.record(
            {
              steps: fc.array(step, { minLength: 1, maxLength: 4 }),
              user_id: fc.string({ minLength: 1, maxLength: 40 }),
              metadata: fc.dictionary(
                fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
                fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
                { maxKeys: 3 },
              ),
            },
            { requiredKeys: ['steps'] },
          ),
        }),
      }),
      fc.record({
        name: fc.constant('confirmPaymentIntent' as const),
        input: fc.record({
          params: fc.record({ payment_intent_id: token(64) }),
          body: fc.record({ payment_method_id: token(64) }),
        }),
      }),
    );
    // Host headers as a merchant would set them; values without surrounding whitespace, which
    // `Headers` would trim anyway.
    const hostHeaders = fc.option(
      fc.dictionary(
        fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
        fc.stringMatching(/^[A-Za-z0-9+/=._-]{1,40}$/),
        { minKeys: 1, maxKeys: 3 },
      ),
      { nil: undefined },
    );

    it('should send exactly one request per call, with no Authorization header, and host headers unchanged', async () => {
      await fc.assert(
        fc.asyncProperty(call, hostHeaders, fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), async (c, headers, key) => {
          browserRequests.length = 0;
          const hostFetcher = createProxyFetcher(headers === undefined ? {} : { headers });
          const settled = await callOperation(
            hostFetcher,
            operations[c.name] as typeof operations.getTransaction,
            c.input as OperationInput<'getTransaction'>,
            c.name === 'confirmPaymentIntent' ? { headers: { 'Idempotency-Key': key } } : {},
          ).then(
            () => 'resolved',
            (error: unknown) => (isPaymentsError(error) ? error.kind : 'not a PaymentsError'),
          );
          // Valid input is never refused by the client, and the sandbox answers every generated
          // input with data or a 404 for an id it does not hold: never a broken answer.
          expect(['resolved', 'http']).toContain(settled);
          expect(browserRequests).toHaveLength(1);
          const sent = browserRequests[0]!;
          expect(sent.headers.has('authorization')).toBe(false);
          for (const [name, value] of Object.entries(headers ?? {})) expect(sent.headers.get(name)).toBe(value);
        }),
        { numRuns: 150 },
      );
    });
  });
});
