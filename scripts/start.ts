// `npm start`: the merchant dashboard demo on 127.0.0.1 — the kit's proxy at /api/payments with
// the credentials (known to this process only), the built demo page under a strict CSP, and the
// local sandbox as the payments API unless PAYMENTS_BASE_URL, PAYMENTS_LEGACY_BASE_URL,
// PAYMENTS_CLIENT_ID and PAYMENTS_API_KEY point at a real one. PAYMENTS_REDIS_URL puts the
// proxy's idempotency state in that Redis (else it stays in memory). Ctrl-C stops everything.
import { startDemo } from '../examples/dashboard/server.js';

const port = Number(process.env.PORT ?? 5173);
const demo = await startDemo({ port });

console.log(`
  payments-kit demo dashboard:  ${demo.url}
  upstream payments API:        ${demo.sandbox ? `${demo.sandbox.url} (local sandbox)` : (process.env.PAYMENTS_BASE_URL ?? '')}
  proxy (holds the credentials): ${demo.url}/api/payments
  idempotency store:            ${demo.idempotencyStore === 'redis' ? `redis at ${redisHost(process.env.PAYMENTS_REDIS_URL ?? '')}` : 'memory (this process only)'}

  Press Ctrl-C to stop.
`);

/** The Redis URL's host and port only: its user and password stay out of the terminal. */
function redisHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(unparsable PAYMENTS_REDIS_URL)';
  }
}

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void demo.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
