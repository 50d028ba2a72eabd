import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- PaymentsClientProvider of client/PaymentsClientProvider, which no entry exports
import { PaymentsClientProvider } from '../../src/client/PaymentsClientProvider.js';
import type { PaymentsFetcher } from 'payments-kit';

/** A fresh client per test; no retries unless a test is about them, so a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A `renderHook` wrapper: `<StrictMode><PaymentsClientProvider …>`. */
export function createWrapper(options: { fetcher?: PaymentsFetcher; queryClient?: QueryClient; locale?: string } = {}) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <PaymentsClientProvider fetcher={options.fetcher} queryClient={options.queryClient} locale={options.locale}>
          {children}
        </PaymentsClientProvider>
      </StrictMode>
    );
  };
}
