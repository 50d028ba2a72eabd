// The baseline the kit is compared with: what an integrator would write by hand without the kit —
// `fetch` in an effect, `res.json()`, and plain JSX of the same fields TransactionDetail shows
// (v2 transaction and its transfer), formatted with Intl as any careful hand-written screen would
// be. No validation, no retries, no states beyond loading/error/success, no accessibility extras:
// that is the point of a baseline. It renders `data-state` on its root like the kit does, so that
// both are detected by the same selector.
import { useEffect, useState, type ReactNode } from 'react';

/** The v2 transaction as a hand-written client would type it (docs/api.md#read-a-transaction), unvalidated. */
export interface PlainTransaction {
  id: number;
  amount: number;
  created: string;
  source_name: string;
  destination_name: string;
  type: string;
  metadata: string;
  transfer: {
    id: string;
    created: string;
    user_id: string;
    status: string;
    type: string;
    amount: number;
    external_data: { account_id: string; external_id: string; platform: string };
    transactions: { id: number }[];
    payout_link_id: string;
    metadata: string;
  };
}

// Formatters made once per module, as a hand-written screen would.
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

const cents = (amount: number) => money.format(amount / 100);
const date = (iso: string) => dateTime.format(new Date(iso));

/** One field of the `<dl>`. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The same fields as TransactionDetail's v2 view, as plain JSX. */
export function PlainTransactionView({ tx }: { tx: PlainTransaction }) {
  const { transfer } = tx;
  const count = transfer.transactions.length;
  return (
    <section className="transaction" data-state="success">
      <h2>Transaction {tx.id}</h2>
      <dl>
        <Field label="Amount">{cents(tx.amount)}</Field>
        <Field label="Created">
          <time dateTime={tx.created}>{date(tx.created)}</time>
        </Field>
        <Field label="From">{tx.source_name}</Field>
        <Field label="To">{tx.destination_name}</Field>
        <Field label="Type">{tx.type}</Field>
        <Field label="Metadata">
          <code>{tx.metadata}</code>
        </Field>
      </dl>
      <section>
        <h3>Transfer</h3>
        <dl>
          <Field label="Status">
            <span className="badge">{transfer.status}</span>
          </Field>
          <Field label="Type">{transfer.type}</Field>
          <Field label="Amount">{cents(transfer.amount)}</Field>
          <Field label="Created">
            <time dateTime={transfer.created}>{date(transfer.created)}</time>
          </Field>
          <Field label="Platform">{transfer.external_data.platform}</Field>
          <Field label="Account">
            <code title={transfer.external_data.account_id}>{transfer.external_data.account_id}</code>
          </Field>
          <Field label="External id">
            <code title={transfer.external_data.external_id}>{transfer.external_data.external_id}</code>
          </Field>
          <Field label="Transfer id">
            <code title={transfer.id}>{transfer.id}</code>
          </Field>
          <Field label="User">
            <code title={transfer.user_id}>{transfer.user_id}</code>
          </Field>
          <Field label="Payout link">
            <code title={transfer.payout_link_id}>{transfer.payout_link_id}</code>
          </Field>
          <Field label="Transactions">{`${count} ${count === 1 ? 'transaction' : 'transactions'}`}</Field>
          <Field label="Metadata">
            <code>{transfer.metadata}</code>
          </Field>
        </dl>
      </section>
    </section>
  );
}

/** Hand-written data loading: `fetch` to the same proxy path the kit's fetcher uses. */
export function PlainTransactionFetch({ transactionId }: { transactionId: string }) {
  const [transaction, setTransaction] = useState<PlainTransaction | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/payments/api/v2/transactions/${encodeURIComponent(transactionId)}`, {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
        return (await response.json()) as PlainTransaction;
      })
      .then(setTransaction, () => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
    };
  }, [transactionId]);

  if (transaction) return <PlainTransactionView tx={transaction} />;
  return (
    <section className="transaction" data-state={failed ? 'error' : 'loading'} aria-busy={!failed}>
      {failed ? 'Could not load the transaction.' : 'Loading…'}
    </section>
  );
}
