// `npm run sandbox`: the local sandbox of the payments API alone, on 127.0.0.1:4010 — an upstream
// for your own proxy or for curl. Its credentials open nothing but the in-memory fake.
import { sandboxIds } from '../src/testing/index.js';
import { startSandboxServer } from '../src/testing/node.js';

const port = Number(process.env.PORT ?? 4010);
const server = await startSandboxServer({ port });
const { clientId, apiKey } = server.sandbox.credentials;
const curlAuth = `-u ${clientId}:${apiKey}`;

console.log(`payments-kit sandbox listening on ${server.url}

  curl ${curlAuth} ${server.url}/api/v2/transactions/${sandboxIds.transactions.created}
  curl ${curlAuth} ${server.url}/api/api/transactions/get/transaction/${sandboxIds.legacyTransactions.receipt}
  curl ${curlAuth} '${server.url}/api/api/metrics/transaction/volume?period=month&type=receive&tz=UTC'
  curl ${curlAuth} -H 'content-type: application/json' -d '{"payment_method_id":"${sandboxIds.paymentMethod}"}' ${server.url}/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm
  curl ${curlAuth} -H 'content-type: application/json' -d '{"steps":["compliance","id-verification"]}' ${server.url}/api/v2/flows

Press Ctrl-C to stop.`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
