import type { TransferResource } from '../../api/index.js';

/** A transaction of a transfer as the detail shows it. */
export interface TransferTransactionView {
  key: string;
  amount: number | string;
  type: string | undefined;
  created: string | undefined;
  source: string | undefined;
  destination: string | undefined;
}

/** One entry of a transfer's status history (the API's examples: `{ status, timestamp }`). */
export interface StatusHistoryView {
  key: string;
  status: string | undefined;
  timestamp: string | undefined;
}

/** A transfer's transactions, each field absent where the API left it out or sent `null`. */
export function transferTransactions(transfer: TransferResource): TransferTransactionView[] {
  return (transfer.transactions ?? []).map((item, index) => ({
    key: `${String(item.id)}:${String(index)}`,
    amount: item.amount,
    type: item.type || undefined,
    created: item.created || undefined,
    source: item.source_name || undefined,
    destination: item.destination_name || undefined,
  }));
}

/** A transfer's status history when the API sends one (the payouts guide's example does), in the order sent. */
export function transferStatusHistory(transfer: TransferResource): StatusHistoryView[] {
  return (transfer.status_history ?? []).map((item, index) => ({
    key: String(index),
    status: item.status || undefined,
    timestamp: item.timestamp || undefined,
  }));
}
