// Data on first paint: reads prefetched on the server (prefetchPayments, dehydratePayments) are
// in the server's HTML, the page hydrates them with no request while they are fresh, a live
// transaction is followed again from there, and refusals render as their states both sides.
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsError, PaymentsHydrationBoundary, type PaymentsFetcher, type PaymentsRequest, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
import { dehydratePayments, prefetchPayments } from 'payments-kit/queries';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { seedTransactions } from '../support/seedTransactions.js';

const t = sandboxIds.transactions;
const seeds = seedTransactions();
const NOT_GRANTED = '4040';
const MISSING = '999999';

/** The proxy as the page's session sees it: the seeded reads, one id outside the grant, one the API lacks. */
const answer = (request: PaymentsRequest): unknown => {
  if (request.operation === 'getTransactionVolume') return { success: true, volume: volumeFor('month', 'receive', 'UTC') };
  const id = request.path.split('/').pop() ?? '';
  if (id === NOT_GRANTED) {
    throw new PaymentsError({ kind: 'http', status: 403, code: 'not_granted', message: 'Outside the session grant.', operation: request.operation });
  }
  const transaction = seeds.get(id);
  if (!transaction) throw new PaymentsError({ kind: 'http', status: 404, code: 'not_found', message: 'No such transaction.', operation: request.operation });
  return transaction;
};

/** A fetcher that records what it was asked: the browser's requests. */
const recordingFetcher = () => {
  const calls: PaymentsRequest[] = [];
  const fetcher: PaymentsFetcher = (request) => {
    calls.push(request);
    return Promise.resolve().then(() => answer(request));
  };
  return { calls, fetcher };
};

const ids = [t.completed, t.pending, NOT_GRANTED, MISSING];

/** What a server component does: prefetch the page's reads and dehydrate them as JSON props. */
async function serverState() {
  const queryClient = new QueryClient();
  await prefetchPayments(queryClient, (request) => Promise.resolve().then(() => answer(request)), {
    transactions: ids,
    volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }],
  });
  // Through JSON, as a server component's props travel.
  return JSON.parse(JSON.stringify(dehydratePayments(queryClient))) as ReturnType<typeof dehydratePayments>;
}

function Page({ fetcher, state, children }: { fetcher: PaymentsFetcher; state: ReturnType<typeof dehydratePayments>; children?: ReactNode }) {
  return (
    <StrictMode>
      <PaymentsProvider fetcher={fetcher}>
        <PaymentsHydrationBoundary state={state}>
          {ids.map((id) => (
            <TransactionDetail key={id} data-testid={id} transactionId={id} />
          ))}
          <VolumeCard data-testid="volume" period="month" type="receive" tz="UTC" />
          {children}
        </PaymentsHydrationBoundary>
      </PaymentsProvider>
    </StrictMode>
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
const stateOf = (id: string) => screen.getByTestId(id).getAttribute('data-state');

let root: Root | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('given reads prefetched on the server and a page that hydrates them', () => {
  it('should hold the data and the refusals in the server HTML, hydrate it as is, and send nothing on load', async () => {
    const state = await serverState();
    const server = recordingFetcher();
    const html = renderToString(<Page fetcher={server.fetcher} state={state} />);
    expect(server.calls).toEqual([]);
    // 1003's amount and names, and the volume figure, formatted.
    expect(text(html)).toContain('$872.50');
    expect(text(html)).toContain('Umbrella Corp');
    expect(text(html)).toContain('$375,120.90');
    expect(html.match(/data-state="success"/g)?.length).toBe(3); // two transactions and the volume
    expect(text(html)).toContain(en.notGrantedTitle);
    expect(html).toContain('data-state="not-found"');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const browser = recordingFetcher();
    await act(async () => {
      root = hydrateRoot(container, <Page fetcher={browser.fetcher} state={state} />, { onRecoverableError: recoverable });
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(browser.calls).toEqual([]);
    expect(stateOf(t.completed)).toBe('success');
    expect(stateOf(NOT_GRANTED)).toBe('error');
    expect(screen.getByTestId(NOT_GRANTED)).toHaveTextContent(en.notGrantedTitle);
    expect(stateOf(MISSING)).toBe('not-found');
    expect(stateOf('volume')).toBe('success');
  });

  it('should follow a live transfer again after hydration: the pending one is read on the live backoff, the final one is not', async () => {
    const state = await serverState();
    const browser = recordingFetcher();
    await act(async () => {
      render(<Page fetcher={browser.fetcher} state={state} />);
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(browser.calls).toEqual([]);
    // liveStatus's first wait is 5 s.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(browser.calls.map((call) => call.path)).toEqual([`/api/v2/transactions/${t.pending}`]);
  });

  it('should read again for a component that mounts once the server data is no longer fresh (30 s), and not before', async () => {
    const state = await serverState();
    const browser = recordingFetcher();
    let rerender: (ui: ReactNode) => void = () => undefined;
    await act(async () => {
      ({ rerender } = render(<Page fetcher={browser.fetcher} state={state} />));
      await vi.advanceTimersByTimeAsync(100);
    });
    /** A second VolumeCard of the same figure mounts: does it read? */
    const mountSecondCard = () =>
      act(async () => {
        rerender(
          <Page fetcher={browser.fetcher} state={state}>
            <VolumeCard period="month" type="receive" tz="UTC" />
          </Page>,
        );
        await vi.advanceTimersByTimeAsync(100);
      });
    const volumeReads = () => browser.calls.filter((call) => call.operation === 'getTransactionVolume').length;
    await mountSecondCard();
    expect(volumeReads()).toBe(0);
    await act(async () => {
      rerender(<Page fetcher={browser.fetcher} state={state} />);
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await mountSecondCard();
    expect(volumeReads()).toBe(1);
  });
});
