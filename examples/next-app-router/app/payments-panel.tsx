'use client';
import { ConfirmIntentButton, FlowLauncher, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
import { refreshPaymentsSession } from './actions';
import { FLOW_STEPS, PAYMENT_INTENT, TRANSACTION_ID } from './payments-ids';

export function PaymentsPanel({ session, flowOrigins }: { session: string; flowOrigins: string[] }) {
  // No fetcher given: the components call this app's proxy at /api/payments with the session
  // the server page minted, and ask the server action for a new one when it expires.
  return (
    <PaymentsProvider session={session} getSession={refreshPaymentsSession}>
      <div className="grid">
        <TransactionDetail className="grid__transaction" transactionId={TRANSACTION_ID} />
        <VolumeCard className="grid__volume" period="month" type="receive" tz="UTC" />
        <section className="panel grid__confirm" aria-labelledby="confirm-heading">
          <header>
            <h2 id="confirm-heading">Confirm a payment</h2>
            <p>
              Payment intent <code>{PAYMENT_INTENT.id}</code>
            </p>
          </header>
          <ConfirmIntentButton
            paymentIntentId={PAYMENT_INTENT.id}
            paymentMethodId={PAYMENT_INTENT.paymentMethodId}
            amount={PAYMENT_INTENT.amount}
            currency="usd"
          />
        </section>
        <section className="panel grid__onboarding" aria-labelledby="onboarding-heading">
          <header>
            <h2 id="onboarding-heading">Onboarding</h2>
            <p>Account setup, on the payments API&apos;s hosted pages</p>
          </header>
          <FlowLauncher steps={[...FLOW_STEPS]} allowedOrigins={flowOrigins} />
        </section>
      </div>
    </PaymentsProvider>
  );
}
