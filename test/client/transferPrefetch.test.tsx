// The first page of a transfer list on first paint: prefetchTransferPages reads it on the server as
// <TransferList> will ask for it, the page hydrates it with no request, and a list asking for
// another page size reads its own.
import { QueryClient } from '@tanstack/react-query';
import { act, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetcher, PaymentsHydrationBoundary, type PaymentsFetcher, type PaymentsRequest, PaymentsProvider } from 'payments-kit';
import { dehydratePayments } from 'payments-kit/queries';
import { prefetchTransferPages } from 'payments-kit/transfers/queries';
import { TransferList } from 'payments-kit/transfers';
import { transferOperations } from 'payments-kit/server/transfers';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { sleep } from '../support/sleep.js';

const { sandbox, fetch: toProxy } = sandboxProxy({ operations: [transferOperations] });
const serverFetcher = createProxyFetcher({ fetch: toProxy });

/** What the server component does: prefetch, then the state as JSON props. */
async function serverState(pages: Parameters<typeof prefetchTransferPages>[2]) {
  const queryClient = new QueryClient();
  await prefetchTransferPages(queryClient, serverFetcher, pages);
  return JSON.parse(JSON.stringify(dehydratePayments(queryClient))) as ReturnType<typeof dehydratePayments>;
}

/** The browser's fetcher: records what it is asked, answers through the same proxy. */
function browserFetcher() {
  const calls: PaymentsRequest[] = [];
  const fetcher: PaymentsFetcher = (request) => {
    calls.push(request);
    return serverFetcher(request);
  };
  return { calls, fetcher };
}

const Page = ({ fetcher, state, pageSize }: { fetcher: PaymentsFetcher; state: ReturnType<typeof dehydratePayments>; pageSize: number }) => (
  <StrictMode>
    <PaymentsProvider fetcher={fetcher}>
      <PaymentsHydrationBoundary state={state}>
        <TransferList pageSize={pageSize} defaultFilters={{ type: 'payout' }} />
      </PaymentsHydrationBoundary>
    </PaymentsProvider>
  </StrictMode>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  sandbox.reset();
});

async function hydrate(state: ReturnType<typeof dehydratePayments>, pageSize: number) {
  const html = renderToString(<Page fetcher={browserFetcher().fetcher} state={state} pageSize={pageSize} />);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const browser = browserFetcher();
  const recoverable = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, <Page fetcher={browser.fetcher} state={state} pageSize={pageSize} />, { onRecoverableError: recoverable });
    await sleep(0);
  });
  return { html, container, calls: browser.calls, recoverable };
}

describe('given the first page of a transfer list prefetched on the server', () => {
  it('should render its rows in the server HTML and hydrate them with no request', async () => {
    const state = await serverState([{ pageSize: 10, type: 'payout' }]);
    const { html, container, calls, recoverable } = await hydrate(state, 10);
    expect(html).toContain('data-state="success"');
    expect(recoverable).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(within(container).getAllByRole('option', { hidden: true }).filter((o) => o.closest('[role="listbox"]'))).toHaveLength(10);
  });

  it('should read its own page when the list asks for another page size than the one prefetched', async () => {
    const state = await serverState([{ pageSize: 10, type: 'payout' }]);
    const { calls } = await hydrate(state, 25);
    // In process, but on a busy machine the first read may take a while: a generous bound, not a timing.
    await vi.waitFor(() => expect(calls.map((call) => call.operation)).toEqual(['listTransfers']), { timeout: 10_000 });
  });
});
