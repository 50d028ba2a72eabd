/// <reference types="vite/client" />
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PaymentsFetcher, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import { seedTransactions } from '../support/seedTransactions.js';
import { sleep } from '../support/sleep.js';

// Real Chromium: whether the live refresh pauses in a hidden tab is the page's visibility, which
// the browser owns. The page is hidden the way Chromium reports it to scripts — `visibilityState`
// and a `visibilitychange` event — since a headless tab cannot be sent to the background.

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  cleanup();
  // Back to what the document itself says.
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'hidden');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
});

/** A fetcher answering every read, counting them. */
function countingFetcher(answer: () => unknown) {
  const counter = { reads: 0 };
  const fetcher: PaymentsFetcher = () => {
    counter.reads += 1;
    return Promise.resolve(answer());
  };
  return { fetcher, counter };
}

describe('given a live TransactionDetail in a tab that is hidden, then shown again', () => {
  it('should read nothing while hidden, and read again at once when shown', async () => {
    const transaction = seedTransactions().get(sandboxIds.transactions.created)!;
    expect(transaction.transfer?.status).toBe('created');
    const { fetcher, counter } = countingFetcher(() => transaction);
    render(
      <PaymentsProvider fetcher={fetcher} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TransactionDetail transactionId={sandboxIds.transactions.created} liveStatus={{ initialIntervalMs: 40, maxIntervalMs: 40 }} />
      </PaymentsProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Transaction 1001' });
    await expect.poll(() => card.dataset.state).toBe('success');
    await expect.poll(() => counter.reads).toBeGreaterThan(3);

    setVisibility('hidden');
    await sleep(60); // a read already under way may land
    const whileHidden = counter.reads;
    await sleep(400); // ten intervals
    expect(counter.reads).toBe(whileHidden);

    setVisibility('visible');
    await expect.poll(() => counter.reads).toBeGreaterThan(whileHidden + 1);
    expect(card.dataset.state).toBe('success');
  });
});

describe('given a VolumeCard with refreshIntervalMs in a tab that is hidden', () => {
  it('should read nothing while hidden', async () => {
    const { fetcher, counter } = countingFetcher(() => ({ success: true, volume: 1_000 }));
    render(
      <PaymentsProvider fetcher={fetcher} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <VolumeCard period="day" type="receive" tz="UTC" refreshIntervalMs={40} />
      </PaymentsProvider>,
    );
    await expect.poll(() => counter.reads).toBeGreaterThan(2);
    setVisibility('hidden');
    await sleep(60);
    const whileHidden = counter.reads;
    await sleep(300);
    expect(counter.reads).toBe(whileHidden);
    setVisibility('visible');
    await expect.poll(() => counter.reads).toBeGreaterThan(whileHidden);
  });
});
