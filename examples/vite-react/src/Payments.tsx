// As docs/spa.md writes it: the provider's default fetcher calls /api/payments on the page's own
// origin, which the dev server forwards to server.ts.
import { ConfirmIntentButton, PaymentsProvider, TransactionDetail } from 'payments-kit';
import 'payments-kit/styles.css';

async function getSession(): Promise<string> {
  const response = await fetch('/payments-session', { method: 'POST' });
  if (!response.ok) throw new Error(`/payments-session answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export function Payments() {
  return (
    <PaymentsProvider getSession={getSession}>
      <TransactionDetail transactionId="1001" />
      <ConfirmIntentButton paymentIntentId="pi_succeeded" paymentMethodId="pm_card_visa" />
    </PaymentsProvider>
  );
}
