'use client';
import { ConfirmIntentButton, FlowLauncher, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';

// Ids the sandbox seeds (`sandboxIds` of payments-kit/testing); your app takes them from its own records.
const TRANSACTION_ID = '1001';
const PAYMENT_INTENT = { id: 'pi_succeeded', amount: 10_999, paymentMethodId: 'pm_card_visa' };

export function PaymentsPanel({ flowOrigins }: { flowOrigins: string[] }) {
  // No fetcher given: the components call this app's proxy at /api/payments.
  return (
    <PaymentsProvider>
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
          <FlowLauncher steps={['compliance', 'id-verification', 'payout']} allowedOrigins={flowOrigins} />
        </section>
      </div>
    </PaymentsProvider>
  );
}
