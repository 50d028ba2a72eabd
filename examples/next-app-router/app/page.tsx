import { connection } from 'next/server';
import { flowOrigins } from './flow-origins';
import { PaymentsPanel } from './payments-panel';
import { TRANSACTION_ID, TRANSFERS, VOLUME } from './payments-ids';
import { mintPaymentsSession } from './payments-session';
import { prefetchForPage } from './prefetch';

// A server component: it reads the server's environment, mints the page's payment session,
// prefetches what the page shows with it, and hands the client component plain props. No
// credential leaves the server; the browser holds a short-lived token for what this page shows,
// and only talks to /api/payments.
export default async function Home() {
  await connection(); // render per request: `next build` runs without the PAYMENTS_* variables
  const session = await mintPaymentsSession();
  const state = await prefetchForPage(session, { transactions: [TRANSACTION_ID], volumes: [VOLUME] }, [
    { pageSize: TRANSFERS.pageSize, status: TRANSFERS.status },
  ]);
  return (
    <main className="page">
      <header className="page__header">
        <h1>Payments</h1>
        <p>payments-kit in a Next.js App Router app, through its own proxy at /api/payments.</p>
      </header>
      <PaymentsPanel session={session} state={state} flowOrigins={flowOrigins()} />
    </main>
  );
}
