'use client';
import type { DehydratedState } from '@tanstack/react-query';
import { ConfirmIntentButton, FlowLauncher, PaymentsHydrationBoundary, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
import { TransferList } from 'payments-kit/transfers';
import { refreshPaymentsSession } from './actions';
import { FLOW_STEPS, PAYMENT_INTENT, TRANSACTION_ID, TRANSFERS, VOLUME } from './payments-ids';

export function PaymentsPanel({ session, state, flowOrigins }: { session: string; state: DehydratedState; flowOrigins: string[] }) {
  // No fetcher given: the components call this app's proxy at /api/payments with the session
  // the server page minted, and ask the server action for a new one when it expires. What the
  // server page prefetched is in the first HTML, and read again only once it is no longer fresh.
  return (
    <PaymentsProvider session={session} getSession={refreshPaymentsSession}>
      <PaymentsHydrationBoundary state={state}>
        <div className="grid">
          <TransactionDetail className="grid__transaction" transactionId={TRANSACTION_ID} />
          <VolumeCard className="grid__volume" {...VOLUME} />
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
          <TransferList className="grid__transfers" pageSize={TRANSFERS.pageSize} defaultFilters={{ status: TRANSFERS.status }} />
        </div>
      </PaymentsHydrationBoundary>
    </PaymentsProvider>
  );
}
