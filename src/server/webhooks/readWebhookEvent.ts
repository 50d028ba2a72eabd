import { idOf, type PaymentsChange } from './PaymentsChange.js';

/** Most transactions of one transfer turned into changes: a transfer has a few. */
const MAX_TRANSACTIONS = 100;

/**
 * Payloads the API documents that name nothing the kit shows (an app, a refund, a user, a payout
 * link without its flow): received and dropped without a word (docs/api.md#webhook-events).
 */
const IGNORED_FIELDS = ['app_id', 'refund_id', 'user_id', 'payout_link_id', 'new_user_id', 'old_user_id'];

/** What one verified webhook says changed, or why it says nothing the kit can use. */
export type WebhookReading =
  | { changes: PaymentsChange[]; event: string | undefined }
  | { changes: []; event: string | undefined; problem: 'not_json' | 'not_an_object' | 'unrecognised' };

/**
 * The changes a webhook's payload names (docs/api.md#webhook-events): a transfer (`transfer_id`;
 * the whole transfer on `transfer.completed` and `transfer.failed`, with its user and
 * transactions), a flow (`flow_id`), a payment intent (`payment_intent_id`). Some payloads name
 * their event in `event`, others do not: the fields decide, the name is only reported. Never
 * throws; a payload that is not JSON, or names nothing the API documents, says so in `problem`.
 */
export function readWebhookEvent(body: Uint8Array<ArrayBuffer>): WebhookReading {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { changes: [], event: undefined, problem: 'not_json' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { changes: [], event: undefined, problem: 'not_an_object' };
  }
  const fields = payload as Record<string, unknown>;
  const event = typeof fields.event === 'string' ? fields.event.slice(0, 100) : undefined;
  const changes: PaymentsChange[] = [];

  const transfer = typeof fields.transfer === 'object' && fields.transfer !== null ? (fields.transfer as Record<string, unknown>) : undefined;
  const transferId = idOf(fields.transfer_id) ?? idOf(transfer?.id);
  if (transferId !== undefined) {
    // The embedded transfer is whose only when it is the one the event names.
    const embedded = transfer !== undefined && (transfer.id === undefined || idOf(transfer.id) === transferId) ? transfer : undefined;
    const userId = idOf(embedded?.user_id);
    changes.push({ kind: 'transfer', id: transferId, ...(userId === undefined ? {} : { userId }) });
    const transactions = Array.isArray(embedded?.transactions) ? (embedded.transactions as unknown[]).slice(0, MAX_TRANSACTIONS) : [];
    for (const transaction of transactions) {
      const id = typeof transaction === 'object' && transaction !== null ? idOf((transaction as { id?: unknown }).id) : undefined;
      if (id !== undefined) changes.push({ kind: 'transaction', id, ...(userId === undefined ? {} : { userId }) });
    }
  }
  const flowId = idOf(fields.flow_id);
  if (flowId !== undefined) changes.push({ kind: 'flow', id: flowId });
  const intentId = idOf(fields.payment_intent_id);
  if (intentId !== undefined) changes.push({ kind: 'paymentIntent', id: intentId });

  if (changes.length === 0 && !IGNORED_FIELDS.some((field) => field in fields) && !('link' in fields && 'payee' in fields)) {
    return { changes: [], event, problem: 'unrecognised' };
  }
  return { changes, event };
}
