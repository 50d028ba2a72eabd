import { createPaymentsSession } from 'payments-kit/server';
import { FLOW_STEPS, PAYMENT_INTENT, TRANSACTION_ID, TRANSFERS } from './payments-ids';

/**
 * The page's payment session: who it speaks for and what it may do, signed with the secret the
 * proxy routes verify with. Your app names the user its own login says is here, and the
 * resources that user may see.
 */
export async function mintPaymentsSession(): Promise<string> {
  const { token } = await createPaymentsSession({
    secret: process.env.PAYMENTS_SESSION_SECRET!,
    audience: process.env.PAYMENTS_SESSION_AUDIENCE!, // this deployment, as the proxy routes' sessions.audience
    subject: 'user_1', // your signed-in user's id
    allow: {
      transactions: [TRANSACTION_ID],
      paymentIntents: [{ id: PAYMENT_INTENT.id, paymentMethods: [PAYMENT_INTENT.paymentMethodId] }],
      flows: { steps: [...FLOW_STEPS] },
      volume: true,
      transfers: { userId: TRANSFERS.userId }, // the proxy sends this user_id whatever the page asks
    },
  });
  return token;
}
