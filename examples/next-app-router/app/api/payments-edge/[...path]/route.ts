// The same proxy on the edge runtime: `payments-kit/server` (no Node-only code; upstream calls
// go through the runtime's fetch), mounted at its own basePath.
import { createPaymentsProxy } from 'payments-kit/server';
import { flowOrigins } from '../../../flow-origins';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

const paymentsProxy = createPaymentsProxy({
  basePath: '/api/payments-edge',
  baseUrl: process.env.PAYMENTS_BASE_URL!,
  legacyBaseUrl: process.env.PAYMENTS_LEGACY_BASE_URL!,
  credentials: { clientId: process.env.PAYMENTS_CLIENT_ID!, apiKey: process.env.PAYMENTS_API_KEY! },
  // The hosted flow pages the page frames: no other link is handed out.
  flowOrigins: flowOrigins(),
  // Closed to anyone without a payment session the page got from app/payments-session.ts.
  sessions: { secret: process.env.PAYMENTS_SESSION_SECRET!, audience: process.env.PAYMENTS_SESSION_AUDIENCE! },
});
export { paymentsProxy as GET, paymentsProxy as POST };
