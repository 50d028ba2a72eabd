import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode, type ReactNode } from 'react';
import { PaymentsError, paymentsKeys, usePaymentsContext, useTransaction } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- client/PaymentsClientProvider, the module this file tests
import { PaymentsClientProvider } from '../../src/client/PaymentsClientProvider.js';
import { sandboxIds } from 'payments-kit/testing';
import { setUpSandbox } from '../sandboxHarness.js';
import { createTestQueryClient } from './wrapper.js';

const { sandbox, server } = setUpSandbox();

describe('PaymentsClientProvider', () => {
  describe('given no fetcher, no queryClient and no locale', () => {
    it('should talk to the proxy at /api/payments and default the locale to en', async () => {
      const { result } = renderHook(
        () => ({ context: usePaymentsContext(), transaction: useTransaction(sandboxIds.transactions.created) }),
        {
          wrapper: ({ children }: { children: ReactNode }) => (
            <StrictMode>
              <PaymentsClientProvider>{children}</PaymentsClientProvider>
            </StrictMode>
          ),
        },
      );
      await waitFor(() => {
        expect(result.current.transaction.status).toBe('success');
      });
      expect(result.current.context.locale).toBe('en');
      // One path; React 18's StrictMode may send it twice (the first request aborted), React 19 once.
      expect(new Set(sandbox.calls.map((c) => c.path))).toEqual(new Set([`/api/v2/transactions/${sandboxIds.transactions.created}`]));
    });

    it('should keep the same QueryClient and fetcher across re-renders', () => {
      const { result, rerender } = renderHook(() => usePaymentsContext(), {
        wrapper: ({ children }: { children: ReactNode }) => <PaymentsClientProvider>{children}</PaymentsClientProvider>,
      });
      const first = result.current;
      rerender();
      expect(result.current.queryClient).toBe(first.queryClient);
      expect(result.current.fetcher).toBe(first.fetcher);
    });

    it('should retry a query up to twice, only for retryable errors, and never a mutation', () => {
      const { result } = renderHook(() => usePaymentsContext(), {
        wrapper: ({ children }: { children: ReactNode }) => <PaymentsClientProvider>{children}</PaymentsClientProvider>,
      });
      const { queries, mutations } = result.current.queryClient.getDefaultOptions();
      const retry = queries?.retry;
      if (typeof retry !== 'function') throw new Error('expected a retry function');
      const error = (init: Partial<ConstructorParameters<typeof PaymentsError>[0]>) =>
        new PaymentsError({ kind: 'http', message: 'x', ...init });
      expect(retry(0, error({ status: 503 }))).toBe(true);
      expect(retry(1, error({ kind: 'network' }))).toBe(true);
      expect(retry(2, error({ status: 503 }))).toBe(false);
      expect(retry(0, error({ status: 404 }))).toBe(false);
      expect(retry(0, error({ kind: 'invalid_request' }))).toBe(false);
      expect(retry(0, error({ kind: 'invalid_response' }))).toBe(false);
      expect(retry(0, new Error('not a PaymentsError'))).toBe(false);
      expect(mutations?.retry).toBe(false);
    });

    it('should really send a failing 5xx query three times in all, and a 404 once', async () => {
      sandbox.inject({ kind: 'status', status: 502 }, { operation: 'getTransaction' });
      const { result } = renderHook(
        () => ({
          failing: useTransaction(sandboxIds.transactions.created),
          missing: useTransaction(sandboxIds.missing.legacyTransaction, { generation: 'legacy' }),
        }),
        { wrapper: ({ children }: { children: ReactNode }) => <PaymentsClientProvider>{children}</PaymentsClientProvider> },
      );
      // Default retry delays are 1 s then 2 s, on the real clock: 3 s when idle, several more on
      // a busy machine, so the wait allows 20 s (the test's own 30 s from the config).
      await waitFor(
        () => {
          expect(result.current.failing.status).toBe('error');
        },
        { timeout: 20_000 },
      );
      expect(sandbox.callsFor('getTransaction')).toHaveLength(3);
      expect(result.current.missing.status).toBe('error');
      expect(sandbox.callsFor('getLegacyTransaction')).toHaveLength(1);
    });
  });

  describe("given it is rendered inside the host's own QueryClientProvider", () => {
    it("should leave the host's react-query context to the host's components", async () => {
      const hostClient = createTestQueryClient();
      function HostWidget() {
        const client = useQueryClient();
        const kit = usePaymentsContext();
        const query = useQuery({ queryKey: ['host', 'greeting'], queryFn: () => Promise.resolve('hello host') });
        return (
          <p>
            {client === hostClient ? 'host client' : 'hijacked'} / {kit.queryClient === hostClient ? 'shared' : 'separate'} /{' '}
            {query.data ?? '…'}
          </p>
        );
      }
      render(
        <QueryClientProvider client={hostClient}>
          <PaymentsClientProvider>
            <HostWidget />
          </PaymentsClientProvider>
        </QueryClientProvider>,
      );
      expect(await screen.findByText('host client / separate / hello host')).toBeInTheDocument();
    });
  });

  describe("given the host's QueryClient", () => {
    it("should keep the kit's queries in the host's cache under 'payments-kit' keys", async () => {
      const hostClient = createTestQueryClient();
      const id = sandboxIds.transactions.created;
      const { result } = renderHook(() => useTransaction(id), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <PaymentsClientProvider queryClient={hostClient} locale="fr-FR">
            {children}
          </PaymentsClientProvider>
        ),
      });
      await waitFor(() => {
        expect(result.current.status).toBe('success');
      });
      expect(hostClient.getQueryData(paymentsKeys.transaction('v2', id))).toEqual(result.current.data);
      expect(hostClient.getQueryCache().getAll().map((q) => q.queryKey[0])).toEqual(['payments-kit']);
    });

    it('should pass the locale and the given fetcher through', () => {
      const fetcher = () => Promise.resolve({});
      const queryClient = new QueryClient();
      const { result } = renderHook(() => usePaymentsContext(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <PaymentsClientProvider fetcher={fetcher} queryClient={queryClient} locale="fr-FR">
            {children}
          </PaymentsClientProvider>
        ),
      });
      expect(result.current).toEqual({ fetcher, queryClient, locale: 'fr-FR' });
    });
  });

  describe('given session or getSession and no fetcher', () => {
    /** Answers every transaction read, recording the Payments-Session header it came with. */
    function recordSessions() {
      const tokens: (string | null)[] = [];
      server.use(
        http.get('*/api/payments/api/v2/transactions/:id', ({ request, params }) => {
          tokens.push(request.headers.get('payments-session'));
          return HttpResponse.json({ seen: params.id });
        }),
      );
      return tokens;
    }
    const read = (fetcher: ReturnType<typeof usePaymentsContext>['fetcher']) =>
      fetcher({ operation: 'getTransaction', method: 'GET', base: 'v2', path: '/api/v2/transactions/1', headers: {} });

    it('should send the session token and the new one once the prop changes', async () => {
      const tokens = recordSessions();
      let token = 'tok_first';
      const { result, rerender } = renderHook(() => usePaymentsContext(), {
        wrapper: ({ children }: { children: ReactNode }) => <PaymentsClientProvider session={token}>{children}</PaymentsClientProvider>,
      });
      await read(result.current.fetcher);
      token = 'tok_second';
      rerender();
      await read(result.current.fetcher);
      expect(tokens).toEqual(['tok_first', 'tok_second']);
    });

    it('should call the latest getSession, once, and keep its token across re-renders with a new function', async () => {
      const tokens = recordSessions();
      const first = vi.fn(() => Promise.resolve('tok_a'));
      const second = vi.fn(() => Promise.resolve('tok_b'));
      let getSession = first;
      const { result, rerender } = renderHook(() => usePaymentsContext(), {
        wrapper: ({ children }: { children: ReactNode }) => <PaymentsClientProvider getSession={getSession}>{children}</PaymentsClientProvider>,
      });
      const fetcher = result.current.fetcher;
      getSession = second;
      rerender();
      expect(result.current.fetcher).toBe(fetcher);
      await read(result.current.fetcher);
      await read(result.current.fetcher);
      expect(tokens).toEqual(['tok_b', 'tok_b']);
      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledTimes(1);
    });

    it('should warn in development that they are ignored beside a fetcher', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const fetcher = () => Promise.resolve({});
        const { result } = renderHook(() => usePaymentsContext(), {
          wrapper: ({ children }: { children: ReactNode }) => (
            <PaymentsClientProvider fetcher={fetcher} session="tok">
              {children}
            </PaymentsClientProvider>
          ),
        });
        expect(result.current.fetcher).toBe(fetcher);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignores `session` and `getSession`'));
      } finally {
        warn.mockRestore();
      }
    });
  });

  describe('given usePaymentsContext outside the provider', () => {
    it('should throw naming the consumer it was given', () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        expect(() => renderHook(() => usePaymentsContext('<TransactionDetail>'))).toThrow(
          '`<TransactionDetail>` must be used inside `<PaymentsProvider>`; wrap the part of your app that renders payments components in it.',
        );
      } finally {
        consoleError.mockRestore();
      }
    });
  });
});
