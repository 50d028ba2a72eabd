// `npm run sandbox`: the payments API's local sandbox (payments-kit/testing/node) on
// http://127.0.0.1:4010, for `npm run dev` to talk to (.env.development points there).
import { startSandboxServer } from 'payments-kit/testing/node';

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const { url, sandbox, close } = await startSandboxServer({ port });
const { clientId, apiKey } = sandbox.credentials;
console.log(`payments-kit sandbox on ${url} (Ctrl-C stops it). next dev needs:

PAYMENTS_BASE_URL=${url}
PAYMENTS_LEGACY_BASE_URL=${url}
PAYMENTS_CLIENT_ID=${clientId}
PAYMENTS_API_KEY=${apiKey}`);

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void close().then(() => process.exit(0)));
