import { createPaymentsProxy } from 'payments-kit/server/node';
import { transferOperations } from 'payments-kit/server/transfers';
import { flowOrigins } from './flow-origins';

// Read when the module loads. `next build` loads it without these variables: the proxy then
// logs one line and would answer 500 `proxy_misconfigured`; it never throws, so the build passes.
// The route handler serves it to the browser; the server pages call it in-process to prefetch.
export const paymentsProxy = createPaymentsProxy({
  baseUrl: process.env.PAYMENTS_BASE_URL!,
  legacyBaseUrl: process.env.PAYMENTS_LEGACY_BASE_URL!,
  credentials: { clientId: process.env.PAYMENTS_CLIENT_ID!, apiKey: process.env.PAYMENTS_API_KEY! },
  // The hosted flow pages the page frames: no other link is handed out.
  flowOrigins: flowOrigins(),
  // Closed to anyone without a payment session the page got from app/payments-session.ts.
  sessions: { secret: process.env.PAYMENTS_SESSION_SECRET!, audience: process.env.PAYMENTS_SESSION_AUDIENCE! },
  // The transfer list's reads, each still closed until a session grants allow.transfers.
  operations: [transferOperations],
});
