import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentsFetcher } from 'payments-kit';
import { messagesEs as es } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- seedLegacyTransactions of testing/fixtures, which no entry exports
import { seedLegacyTransactions, sandboxIds } from '../../src/testing/fixtures.js';
import { seedTransactions } from '../support/seedTransactions.js';

// Server rendering: no DOM, no fetch. The fetcher must never be called on the server.
const fetcher: PaymentsFetcher = () => Promise.reject(new Error('no requests on the server'));
const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
  vi.resetModules();
});

/** Renders with fresh modules, so nothing cached under one process zone leaks into another. */
async function render(props: { id: string; generation?: 'v2' | 'legacy'; locale?: string }, prefill: boolean) {
  const { PaymentsProvider } = await import('../../src/components/PaymentsProvider.js');
  const { TransactionDetail } = await import('../../src/components/TransactionDetail/index.js');
  const { paymentsKeys } = await import('../../src/client/index.js');
  const queryClient = new QueryClient();
  const generation = props.generation ?? 'v2';
  if (prefill) {
    const data =
      generation === 'legacy' ? seedLegacyTransactions().get(props.id) : seedTransactions().get(props.id);
    queryClient.setQueryData(paymentsKeys.transaction(generation, props.id), data);
  }
  const html = renderToString(
    <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={props.locale} messages={props.locale === 'es' ? es : undefined}>
      <TransactionDetail transactionId={props.id} generation={generation} />
    </PaymentsProvider>,
  );
  return html;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('given TransactionDetail rendered on the server with an empty cache', () => {
  it('should render the loading state without throwing, the same for the same props', async () => {
    const first = await render({ id: sandboxIds.transactions.created }, false);
    const second = await render({ id: sandboxIds.transactions.created }, false);
    expect(first).toContain('data-state="loading"');
    expect(first).toContain('aria-busy="true"');
    expect(text(first)).toContain('Transaction 1001');
    expect(text(first)).toContain('Loading…');
    expect(second).toBe(first);
  });
});

describe('given TransactionDetail rendered on the server with the transaction in the cache', () => {
  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    'should render the success text with the same dates when the process zone is %s',
    async (zone) => {
      const reference = await render({ id: sandboxIds.transactions.created }, true);
      process.env.TZ = zone;
      vi.resetModules();
      // The switch took: the process's own offset differs from UTC's for these zones.
      if (zone !== 'UTC') expect(new Date('2026-11-20T14:32:05Z').getTimezoneOffset()).not.toBe(0);
      const html = await render({ id: sandboxIds.transactions.created }, true);
      expect(html).toContain('data-state="success"');
      expect(text(html)).toContain('Nov 20, 2026, 2:32 PM UTC');
      expect(text(html)).toContain('$1,250.00');
      // Nothing was waited for: no "loaded" sentence in the page (useHasWaited).
      expect(text(html)).not.toContain('loaded');
      expect(html).toBe(reference);
    },
  );

  it('should render a legacy receipt with its exact total, and Spanish when asked', async () => {
    const html = await render({ id: sandboxIds.legacyTransactions.receipt, generation: 'legacy', locale: 'es' }, true);
    expect(html).toContain('<table');
    expect(text(html)).toContain('Detalle de la compra');
    expect(text(html).replace(/\s/g, ' ')).toContain('56,47 US$');
    expect(text(html)).toContain('20 nov 2026, 14:32 UTC');
  });
});
