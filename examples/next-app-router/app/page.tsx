import { connection } from 'next/server';
import { PaymentsPanel } from './payments-panel';
import { mintPaymentsSession } from './payments-session';

// A server component: it reads the server's environment, mints the page's payment session and
// hands the client component plain props. No credential leaves the server; the browser holds a
// short-lived token for what this page shows, and only talks to /api/payments.
export default async function Home() {
  await connection(); // render per request: `next build` runs without the PAYMENTS_* variables
  return (
    <main className="page">
      <header className="page__header">
        <h1>Payments</h1>
        <p>payments-kit in a Next.js App Router app, through its own proxy at /api/payments.</p>
      </header>
      <PaymentsPanel session={await mintPaymentsSession()} flowOrigins={flowOrigins()} />
    </main>
  );
}

/**
 * Origins whose hosted flow pages may be framed: `PAYMENTS_FLOW_ORIGINS` (space-separated) when
 * the flows live elsewhere, else the API's own origin (the sandbox serves its flows there).
 */
function flowOrigins(): string[] {
  const { PAYMENTS_FLOW_ORIGINS, PAYMENTS_BASE_URL } = process.env;
  if (PAYMENTS_FLOW_ORIGINS) return PAYMENTS_FLOW_ORIGINS.split(/\s+/).filter(Boolean);
  return URL.canParse(PAYMENTS_BASE_URL ?? '') ? [new URL(PAYMENTS_BASE_URL!).origin] : [];
}
