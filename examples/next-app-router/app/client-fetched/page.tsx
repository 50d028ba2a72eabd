import type { DehydratedState } from '@tanstack/react-query';
import { connection } from 'next/server';
import { flowOrigins } from '../flow-origins';
import { PaymentsPanel } from '../payments-panel';
import { mintPaymentsSession } from '../payments-session';

// The home page without its prefetch: the components render their loading state in the server's
// HTML and read through /api/payments once hydrated, as they do in a page that does not prefetch.
// It is here to be measured against the home page (`npm run bench:next`, docs/performance.md):
// what the prefetch saves is the difference between the two.
const nothingPrefetched: DehydratedState = { mutations: [], queries: [] };

export default async function ClientFetched() {
  await connection();
  const session = await mintPaymentsSession();
  return (
    <main className="page">
      <header className="page__header">
        <h1>Payments</h1>
        <p>The same page, read by the browser after hydration.</p>
      </header>
      <PaymentsPanel session={session} state={nothingPrefetched} flowOrigins={flowOrigins()} />
    </main>
  );
}
