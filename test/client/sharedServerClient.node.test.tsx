// A server that shares one QueryClient between requests (against docs/nextjs.md, which makes one
// per request): Alice's page prefetches a transaction, then Bob's page the same one, which Bob's
// session does not grant. Nothing of Alice's may reach Bob's dehydrated state or HTML.
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentsHydrationBoundary, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
import { createProxyFetcher, dehydratePayments, prefetchPayments, type PaymentsReads } from 'payments-kit/queries';
import { messagesEn as en } from 'payments-kit/messages';
import { createInProcessFetch, createPaymentsProxy, type PaymentsGrant } from 'payments-kit/server';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { mintSession } from '../support/sessions.js';

const SECRET = 'shared-client-session-secret-of-32-bytes-or-more';
const AUDIENCE = 'https://shop.test';
const id = sandboxIds.transactions.created;
const aliceAmount = '$1,250.00';
const reads: PaymentsReads = { transactions: [id], volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }] };

function stack() {
  const sandbox = createSandbox();
  const proxy = createPaymentsProxy({
    baseUrl: 'https://api.payments.test',
    legacyBaseUrl: 'https://legacy.payments.test',
    credentials: sandbox.credentials,
    fetch: sandbox.fetch,
    sessions: { secret: SECRET, audience: AUDIENCE },
  });
  /** What one request's server component does, on the client it is given. */
  const page = async (queryClient: QueryClient, subject: string, allow: PaymentsGrant) => {
    const token = await mintSession(allow, { secret: SECRET, audience: AUDIENCE, subject });
    const fetcher = createProxyFetcher({ fetch: createInProcessFetch(proxy, { session: token }) });
    await prefetchPayments(queryClient, fetcher, reads);
    // Through JSON, as a server component's props travel.
    const state = JSON.parse(JSON.stringify(dehydratePayments(queryClient))) as ReturnType<typeof dehydratePayments>;
    const html = renderToString(
      <PaymentsProvider session={token}>
        <PaymentsHydrationBoundary state={state}>
          <TransactionDetail transactionId={id} />
          <VolumeCard period="month" type="receive" tz="UTC" />
        </PaymentsHydrationBoundary>
      </PaymentsProvider>,
    );
    return { state, html };
  };
  return { page };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('given one QueryClient shared by the requests of two users, answers fresh for 60 s', () => {
  it("should put nothing of the first user's reads in the second user's dehydrated state or HTML", async () => {
    const { page } = stack();
    const shared = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const alice = await page(shared, 'alice', { transactions: [id], volume: true });
    expect(text(alice.html)).toContain(aliceAmount);
    const aliceVolume = /\$[\d,]+\.\d\d/.exec(text(alice.html).split('Transaction volume')[1] ?? '')?.[0];
    expect(aliceVolume).toBeDefined();

    const bob = await page(shared, 'bob', { transactions: ['1003'] });
    // Bob's reads reached the proxy as Bob's, however fresh Alice's answers were: it refused them.
    expect(bob.state.queries.map((query) => (query.state.error as { code?: string } | null)?.code)).toEqual(['not_granted', 'not_granted']);
    const serialized = JSON.stringify(bob.state);
    expect(serialized).not.toContain('1250');
    expect(serialized).not.toContain('"amount"');
    expect(bob.state.queries.map((query) => query.state.status)).toEqual(['error', 'error']);
    expect(bob.state.queries.map((query) => query.state.data)).toEqual([undefined, undefined]);
    expect(text(bob.html)).toContain(en.notGrantedTitle);
    expect(text(bob.html)).not.toContain(aliceAmount);
    expect(text(bob.html)).not.toContain(aliceVolume);
  });
});
