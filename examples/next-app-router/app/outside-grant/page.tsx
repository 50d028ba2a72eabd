import { connection } from 'next/server';
import { PaymentsHydrationBoundary, PaymentsProvider, TransactionDetail } from 'payments-kit';
import { refreshPaymentsSession } from '../actions';
import { OUTSIDE_GRANT_ID } from '../payments-ids';
import { mintPaymentsSession } from '../payments-session';
import { prefetchForPage } from '../prefetch';

// A transaction the page's session does not grant: the proxy refuses it in-process exactly as it
// would the browser's call, and the server's HTML already says so (403 not_granted).
export default async function OutsideGrant() {
  await connection();
  const session = await mintPaymentsSession();
  const state = await prefetchForPage(session, { transactions: [OUTSIDE_GRANT_ID] });
  return (
    <main className="page">
      <header className="page__header">
        <h1>Outside the grant</h1>
      </header>
      <PaymentsProvider session={session} getSession={refreshPaymentsSession}>
        <PaymentsHydrationBoundary state={state}>
          <TransactionDetail transactionId={OUTSIDE_GRANT_ID} />
        </PaymentsHydrationBoundary>
      </PaymentsProvider>
    </main>
  );
}
