// The README's minimal setup: the proxy and the route that mints the page's payment session, on
// 127.0.0.1. `npm run server` with the PAYMENTS_* variables (docs/getting-started.md: the
// sandbox prints them); PORT moves it off 3000.
import express from 'express';
import { answerClientError, createPaymentsProxy, createPaymentsSession, toNodeHandler } from 'payments-kit/server/node';

// A stand-in for your own authentication: who is signed in on this request.
function signedInUser(_request: express.Request): Promise<{ id: string }> {
  return Promise.resolve({ id: 'user_1' });
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (docs/getting-started.md#develop-on-the-sandbox prints the sandbox's).`);
  return value;
}

const secret = required('PAYMENTS_SESSION_SECRET');
// This deployment's name, e.g. its origin: tokens minted for another deployment are refused.
const audience = process.env.PAYMENTS_SESSION_AUDIENCE ?? 'http://localhost:5173';
const paymentsProxy = createPaymentsProxy({
  baseUrl: required('PAYMENTS_BASE_URL'),
  legacyBaseUrl: required('PAYMENTS_LEGACY_BASE_URL'),
  credentials: { clientId: required('PAYMENTS_CLIENT_ID'), apiKey: required('PAYMENTS_API_KEY') },
  // The hosted flow pages a created flow may link to: the API's own (docs/api.md#create-a-flow).
  flowOrigins: (process.env.PAYMENTS_FLOW_ORIGINS ?? 'https://my.dots.dev').split(/\s+/).filter(Boolean),
  sessions: { secret, audience },
});

const app = express();
app.use('/api/payments', toNodeHandler(paymentsProxy));
app.post('/payments-session', async (req, res) => {
  const user = await signedInUser(req);
  const { token } = await createPaymentsSession({
    secret,
    audience,
    subject: user.id,
    allow: { transactions: ['1001'], paymentIntents: [{ id: 'pi_succeeded', paymentMethods: ['pm_card_visa'] }] },
  });
  res.json({ token });
});

const port = Number(process.env.PORT ?? 3000);
app
  .listen(port, '127.0.0.1', () => {
    console.log(`server on http://127.0.0.1:${String(port)}`);
  })
  .on('clientError', answerClientError);
