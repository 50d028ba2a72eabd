import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { isNotFoundError, type PaymentsFetcher, useConfirmPaymentIntent, useCreateFlow, useTransaction, useTransactionVolume, createProxyFetcher } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- SETTLED_MUTATION_GC_MS of client/queries, which no entry exports
import { SETTLED_MUTATION_GC_MS, paymentsKeys } from '../../src/client/queries.js';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { countingFetcher, holdRequests, setUpSandbox } from '../sandboxHarness.js';
import { createTestQueryClient, createWrapper } from './wrapper.js';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { sleep } from '../support/sleep.js';

/** Every request as the browser sent it to the proxy path (before the stand-in proxy adds credentials). */
const { sandbox, browserRequests, server } = setUpSandbox();
/** The kit's real proxy over a sandbox of its own: what it refuses never reaches that sandbox. */
const kitProxy = sandboxProxy();
const throughKitProxy = createProxyFetcher({ fetch: kitProxy.fetch });

/**
 * The default proxy fetcher, wrapped to record the signal of every request it is handed, and
 * counting the requests it sends (one already aborted is not sent).
 */
function recordingFetcher() {
  const { fetcher: proxy, sent } = countingFetcher();
  const signals: (AbortSignal | undefined)[] = [];
  const fetcher: PaymentsFetcher = (request) => {
    signals.push(request.signal);
    return proxy(request);
  };
  return { fetcher, signals, fetched: sent };
}

/**
 * The browser's requests that were not aborted. React 18's StrictMode mounts effects twice: a
 * query's first request is aborted by the simulated unmount and sent again (React 19 mounts once).
 */
const liveRequests = () => browserRequests.filter((request) => !request.signal.aborted);

describe('useTransaction', () => {
  describe('given a v2 id the sandbox knows, under StrictMode', () => {
    it('should resolve with the transaction and send one request', async () => {
      const queryClient = createTestQueryClient();
      const id = sandboxIds.transactions.created;
      const { result } = renderHook(() => useTransaction(id), { wrapper: createWrapper({ queryClient }) });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(result.current.data).toEqual(sandbox.data.transactions.get(id));
      expect(liveRequests()).toHaveLength(1);
      expect(new Set(sandbox.calls.map((c) => c.path))).toEqual(new Set([`/api/v2/transactions/${id}`]));
      expect(queryClient.getQueryData(paymentsKeys.transaction('v2', id))).toEqual(result.current.data);
    });
  });

  describe('given a legacy id the sandbox knows', () => {
    it('should resolve with the transaction taken out of its envelope', async () => {
      const id = sandboxIds.legacyTransactions.receipt;
      const { result } = renderHook(() => useTransaction(id, { generation: 'legacy' }), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(result.current.data).toEqual(sandbox.data.legacyTransactions.get(id));
      expect(result.current.data).not.toHaveProperty('success');
      expect(liveRequests()).toHaveLength(1);
      expect(new Set(sandbox.calls.map((c) => c.path))).toEqual(new Set([`/api/api/transactions/get/transaction/${id}`]));
    });
  });

  describe('given a legacy id the sandbox answers with success: false', () => {
    it('should fail with an http error, never data', async () => {
      const { result } = renderHook(
        () => useTransaction(sandboxIds.legacyTransactions.unsuccessful, { generation: 'legacy' }),
        { wrapper: createWrapper({ queryClient: createTestQueryClient() }) },
      );
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.data).toBeUndefined();
      expect(result.current.error).toMatchObject({ kind: 'http', code: 'success_false', operation: 'getLegacyTransaction' });
    });
  });

  describe('given an id the sandbox does not know', () => {
    it('should fail with a not-found http error', async () => {
      const { result } = renderHook(() => useTransaction(sandboxIds.missing.transaction), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(isNotFoundError(result.current.error)).toBe(true);
    });
  });

  describe('given a legacy id that is not an integer', () => {
    it.each(['abc', '12a', '1.5', '-3', ''])('should fail %j with invalid_request and send no request at all', async (id) => {
      const { result } = renderHook(() => useTransaction(id, { generation: 'legacy' }), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'invalid_request', operation: 'getLegacyTransaction' });
      expect(browserRequests).toEqual([]);
      expect(sandbox.calls).toEqual([]);
    });
  });

  describe('given the component unmounts while the request is in flight', () => {
    it('should abort the request and ignore the late answer', async () => {
      // Held before the sandbox until the hook has gone, so the answer is late whatever the
      // machine's pace (a latency could end before the pending state is looked at).
      const hold = holdRequests(server, 'getTransaction');
      const queryClient = createTestQueryClient();
      const { fetcher, signals, fetched } = recordingFetcher();
      const id = sandboxIds.transactions.created;
      const { result, unmount } = renderHook(() => useTransaction(id), {
        wrapper: createWrapper({ fetcher, queryClient }),
      });
      // Every request sent is held, one of them live.
      await waitFor(() => {
        expect(signals.filter((signal) => signal?.aborted !== true)).toHaveLength(1);
        expect(hold.held()).toBeGreaterThan(0);
        expect(hold.held()).toBe(fetched());
      });
      expect(result.current.status).toBe('pending');
      unmount();
      expect(signals.at(-1)?.aborted).toBe(true);
      hold.release();
      // The sandbox has answered every held request: the late answer has come.
      await waitFor(() => {
        expect(sandbox.callsFor('getTransaction')).toHaveLength(hold.held());
      });
      // The aborted fetch is reverted, not stored: no data, no error in the cache.
      const state = queryClient.getQueryState(paymentsKeys.transaction('v2', id));
      expect(state?.data).toBeUndefined();
      expect(state?.error ?? null).toBeNull();
      expect(state?.fetchStatus).toBe('idle');
    });

    it('should abort a request the sandbox never answers', async () => {
      sandbox.inject({ kind: 'hang' }, { operation: 'getTransaction' });
      const { fetcher, signals } = recordingFetcher();
      const { unmount } = renderHook(() => useTransaction(sandboxIds.transactions.created), {
        wrapper: createWrapper({ fetcher, queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(liveRequests()).toHaveLength(1);
      });
      unmount();
      expect(signals.every((signal) => signal?.aborted)).toBe(true);
      expect(browserRequests.length).toBeGreaterThan(0);
      await waitFor(() => {
        expect(liveRequests()).toEqual([]);
      });
    });
  });
});

describe('useTransactionVolume', () => {
  describe('given a period, type and tz, under StrictMode', () => {
    it('should resolve with the volume in cents out of its envelope', async () => {
      const { result } = renderHook(() => useTransactionVolume({ period: 'month', type: 'receive', tz: 'UTC' }), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(result.current.data).toEqual({ volume: volumeFor('month', 'receive', 'UTC') });
      expect(liveRequests()).toHaveLength(1);
      expect(new Set(sandbox.calls.map((c) => c.path))).toEqual(
        new Set(['/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC']),
      );
    });

    it('should send a lower-case tz upper-cased', async () => {
      const { result } = renderHook(() => useTransactionVolume({ period: 'week', tz: 'est' }), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(sandbox.calls[0]?.path).toBe('/api/api/metrics/transaction/volume?period=week&tz=EST');
    });
  });

  describe('given a tz that is not three letters, through the kit\'s proxy', () => {
    it.each(['UTCX', 'U1C', 'Europe/Paris', ''])('should fail %j with the proxy\'s invalid_request and send nothing to the API', async (tz) => {
      const { result } = renderHook(() => useTransactionVolume({ period: 'month', tz }), {
        wrapper: createWrapper({ fetcher: throughKitProxy, queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'invalid_request', status: 400, operation: 'getTransactionVolume' });
      expect(result.current.error?.message).toMatch(/^query\.tz /);
      expect(kitProxy.sandbox.calls).toEqual([]);
    });
  });

  describe('given the sandbox answers success: false', () => {
    it('should fail with an http error', async () => {
      sandbox.inject({ kind: 'success-false' }, { operation: 'getTransactionVolume' });
      const { result } = renderHook(() => useTransactionVolume({ tz: 'UTC' }), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'http', code: 'success_false' });
    });
  });
});

describe('useConfirmPaymentIntent', () => {
  const variables = {
    paymentIntentId: sandboxIds.paymentIntents.succeeded,
    paymentMethodId: sandboxIds.paymentMethod,
    idempotencyKey: 'idem-0001-confirm',
  };

  describe('given a payment intent the sandbox knows, under StrictMode', () => {
    it('should confirm it once, with the Idempotency-Key header and no Authorization header', async () => {
      const { result } = renderHook(() => useConfirmPaymentIntent(), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      act(() => {
        result.current.mutate(variables);
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(result.current.data).toMatchObject({ id: variables.paymentIntentId, status: 'succeeded' });
      const calls = sandbox.callsFor('confirmPaymentIntent');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.headers['idempotency-key']).toBe(variables.idempotencyKey);
      expect(calls[0]?.body).toEqual({ payment_method_id: variables.paymentMethodId });
      expect(browserRequests[0]?.headers.has('authorization')).toBe(false);
      expect(sandbox.data.paymentIntents.get(variables.paymentIntentId)?.confirmations).toBe(1);
    });
  });

  describe('given the sandbox answers 500, with a host client that retries mutations', () => {
    it.each([
      ['a 500', { kind: 'status', status: 500 } as const],
      ['a network failure', { kind: 'network' } as const],
    ])('should not retry after %s: exactly one call reaches the sandbox', async (_label, fault) => {
      sandbox.inject(fault, { operation: 'confirmPaymentIntent' });
      const hostClient = new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: 3, retryDelay: 0 } },
      });
      const { result } = renderHook(() => useConfirmPaymentIntent(), {
        wrapper: createWrapper({ queryClient: hostClient }),
      });
      act(() => {
        result.current.mutate(variables);
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      await sleep(50);
      expect(result.current.failureCount).toBe(1);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      expect(result.current.error?.operation).toBe('confirmPaymentIntent');
    });
  });

  describe('given an idempotency key that is not valid', () => {
    it('should fail with invalid_request and send nothing', async () => {
      const { result } = renderHook(() => useConfirmPaymentIntent(), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      act(() => {
        result.current.mutate({ ...variables, idempotencyKey: 'short' });
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'invalid_request' });
      expect(browserRequests).toEqual([]);
    });
  });

  describe('given transactions and volumes are shown when the confirm succeeds', () => {
    it("should refetch the kit's transactions and volumes, and leave the host's queries alone", async () => {
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(['host', 'profile'], { name: 'merchant' });
      const { result } = renderHook(
        () => ({
          // A transfer already final: one under way is read again by live status 5 s after its
          // answer, which a busy machine can reach before the counts below.
          v2: useTransaction(sandboxIds.transactions.completed),
          legacy: useTransaction(sandboxIds.legacyTransactions.receipt, { generation: 'legacy' }),
          volume: useTransactionVolume({ period: 'month', tz: 'UTC' }),
          confirm: useConfirmPaymentIntent(),
        }),
        { wrapper: createWrapper({ queryClient }) },
      );
      await waitFor(() => {
        expect(result.current.v2.status).toBe('success');
        expect(result.current.legacy.status).toBe('success');
        expect(result.current.volume.status).toBe('success');
      });
      const count = (operation: Parameters<typeof sandbox.callsFor>[0]) => sandbox.callsFor(operation).length;
      const counts = () => [count('getTransaction'), count('getLegacyTransaction'), count('getTransactionVolume')];
      expect(liveRequests()).toHaveLength(3);
      const before = counts(); // [1, 1, 1]; up to [2, 2, 2] on React 18, whose StrictMode aborts and resends

      act(() => {
        result.current.confirm.mutate(variables);
      });
      await waitFor(() => {
        expect(result.current.confirm.status).toBe('success');
      });
      await waitFor(() => {
        expect(counts()).toEqual(before.map((n) => n + 1));
      });
      expect(queryClient.getQueryState(['host', 'profile'])?.isInvalidated).toBe(false);
    });
  });
});

describe('useCreateFlow', () => {
  describe('given a valid body, under StrictMode', () => {
    it('should create the flow once and resolve with it', async () => {
      const { result } = renderHook(() => useCreateFlow(), {
        wrapper: createWrapper({ queryClient: createTestQueryClient() }),
      });
      act(() => {
        result.current.mutate({
          steps: ['compliance', { name: 'redirect', redirect_url: 'https://merchant.example/done' }],
          user_id: 'usr_1',
          metadata: { order: 'A-1' },
        });
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(result.current.data).toMatchObject({ steps: ['compliance', 'redirect'], completed_steps: [], user_id: 'usr_1' });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      expect(sandbox.callsFor('createFlow')[0]?.body).toEqual({
        steps: ['compliance', { name: 'redirect', redirect_url: 'https://merchant.example/done' }],
        user_id: 'usr_1',
        metadata: { order: 'A-1' },
      });
    });
  });

  describe('given the sandbox answers 503, with a host client that retries mutations', () => {
    it('should not retry: exactly one call reaches the sandbox', async () => {
      sandbox.inject({ kind: 'status', status: 503 }, { operation: 'createFlow' });
      const hostClient = new QueryClient({ defaultOptions: { mutations: { retry: 3, retryDelay: 0 } } });
      const { result } = renderHook(() => useCreateFlow(), { wrapper: createWrapper({ queryClient: hostClient }) });
      act(() => {
        result.current.mutate({ steps: ['payout'] });
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      await sleep(50);
      expect(result.current.error).toMatchObject({ kind: 'http', status: 503, operation: 'createFlow' });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
    });
  });

  describe('given a body without steps, through the kit\'s proxy', () => {
    it('should fail with the proxy\'s invalid_request and send nothing to the API', async () => {
      const { result } = renderHook(() => useCreateFlow(), {
        wrapper: createWrapper({ fetcher: throughKitProxy, queryClient: createTestQueryClient() }),
      });
      act(() => {
        result.current.mutate({ steps: [] });
      });
      await waitFor(() => {
        expect(result.current.status).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'invalid_request', status: 400, operation: 'createFlow' });
      expect(result.current.error?.message).toMatch(/^body\.steps/);
      expect(kitProxy.sandbox.calls).toEqual([]);
    });
  });
});

describe('given a settled money-moving mutation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Renders the hook, starts the mutation; the hook's status and the unmount, for the test. */
  type Started = { status: () => string; unmount: () => void };
  const cases: [string, (wrapper: ReturnType<typeof createWrapper>) => Started][] = [
    [
      'confirm',
      (wrapper) => {
        const { result, unmount } = renderHook(() => useConfirmPaymentIntent(), { wrapper });
        act(() => {
          result.current.mutate({
            paymentIntentId: sandboxIds.paymentIntents.succeeded,
            paymentMethodId: sandboxIds.paymentMethod,
            idempotencyKey: 'idem-0002-gc-time',
          });
        });
        return { status: () => result.current.status, unmount };
      },
    ],
    [
      'create flow',
      (wrapper) => {
        const { result, unmount } = renderHook(() => useCreateFlow(), { wrapper });
        act(() => {
          result.current.mutate({ steps: ['compliance'] });
        });
        return { status: () => result.current.status, unmount };
      },
    ],
  ];

  it.each(cases)(
    'should keep the %s result while its component is mounted, and drop it 5 s after it leaves, not 5 min',
    async (_label, start) => {
      const queryClient = createTestQueryClient();
      const { status, unmount } = start(createWrapper({ queryClient }));
      await waitFor(() => {
        expect(status()).toBe('success');
      });
      const cache = queryClient.getMutationCache();
      vi.useFakeTimers();
      act(() => {
        vi.advanceTimersByTime(10 * 60_000);
      });
      expect(cache.getAll().map((mutation) => mutation.state.status)).toEqual(['success']);
      unmount();
      act(() => {
        vi.advanceTimersByTime(SETTLED_MUTATION_GC_MS - 1);
      });
      expect(cache.getAll()).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(cache.getAll()).toHaveLength(0);
    },
  );

  it('should keep a confirm whose component left while it was in flight, until 5 s after it settles', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const fetcher: PaymentsFetcher = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    const queryClient = createTestQueryClient();
    const { result, unmount } = renderHook(() => useConfirmPaymentIntent(), {
      wrapper: createWrapper({ queryClient, fetcher }),
    });
    act(() => {
      result.current.mutate({
        paymentIntentId: sandboxIds.paymentIntents.succeeded,
        paymentMethodId: sandboxIds.paymentMethod,
        idempotencyKey: 'idem-0003-in-flight',
      });
    });
    const cache = queryClient.getMutationCache();
    await waitFor(() => {
      expect(cache.getAll().map((mutation) => mutation.state.status)).toEqual(['pending']);
    });
    vi.useFakeTimers();
    unmount();
    // Gone from the screen, not from the cache: its outcome is still to come.
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(cache.getAll().map((mutation) => mutation.state.status)).toEqual(['pending']);
    await act(async () => {
      answer({ id: sandboxIds.paymentIntents.succeeded, amount: 4999, currency: 'usd', status: 'succeeded' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(cache.getAll().map((mutation) => mutation.state.status)).toEqual(['success']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLED_MUTATION_GC_MS);
    });
    expect(cache.getAll()).toHaveLength(0);
  });
});

describe('given a hook used outside <PaymentsProvider>', () => {
  it.each<[string, () => unknown]>([
    ['useTransaction', () => useTransaction('1')],
    ['useTransactionVolume', () => useTransactionVolume({})],
    ['useConfirmPaymentIntent', () => useConfirmPaymentIntent()],
    ['useCreateFlow', () => useCreateFlow()],
  ])('should throw an error naming %s, the provider and the fix', (name, hook) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => renderHook(hook)).toThrow(
        `\`${name}\` must be used inside \`<PaymentsProvider>\`; wrap the part of your app that renders payments components in it.`,
      );
    } finally {
      consoleError.mockRestore();
    }
    expect(browserRequests).toEqual([]);
  });
});
