import type { SandboxData } from './sandboxOperations.js';
import type { TransferAnswer } from './transferFixtures.js';

/** Where the sandbox posts the webhooks of its own changes, and the secret it signs them with. */
export interface SandboxWebhookOptions {
  /** The webhook route's address, posted to with `fetch`, e.g. `http://127.0.0.1:3000/api/payments-webhooks`. */
  url?: string | undefined;
  /** Or the route's handler, called in process (`paymentsEvents.webhook`): used instead of `url`. */
  handler?: ((request: Request) => Promise<Response> | Response) | undefined;
  /** The endpoint's signing secret (`whsec_` then base64), as the route is configured with. */
  secret: string;
  /** The `fetch` posting to `url`. Default the global `fetch`. */
  fetch?: typeof fetch | undefined;
}

/**
 * The transfer `id` as the API's `transfer.completed` / `transfer.failed` webhook carries it
 * (docs/api.md#webhook-events): the whole transfer, with every transaction of the sandbox's that
 * belongs to it, after its status is set to `status` wherever the sandbox holds it (the transfer
 * list, and the v2 transactions that embed it). Undefined when the sandbox has no such transfer.
 */
export function settleTransfer(data: SandboxData, id: string, status: 'completed' | 'failed'): TransferAnswer | undefined {
  const listed = data.transfers.find((transfer) => transfer.id === id);
  if (listed) listed.status = status;
  const embedding = [...data.transactions.values()].filter((transaction) => transaction.transfer?.id === id);
  for (const transaction of embedding) transaction.transfer = { ...transaction.transfer, status };
  const transfer = listed ?? embedding[0]?.transfer;
  if (!transfer) return undefined;
  const transactions = [...(transfer.transactions ?? [])] as { id?: unknown }[];
  for (const { id: transactionId } of embedding) {
    if (!transactions.some((known) => known.id === transactionId)) transactions.push({ id: transactionId });
  }
  return { ...transfer, id, status, transactions } as TransferAnswer;
}

/**
 * Posts `body` as the payments API's sender (Svix) does (docs/api.md#webhook-signatures): headers
 * `svix-id`, `svix-timestamp` (seconds) and `svix-signature` (`v1,` then the base64 HMAC-SHA256
 * of `{id}.{timestamp}.{body}`, keyed by the secret's bytes). Returns the receiver's answer.
 */
export async function postWebhook(options: SandboxWebhookOptions, body: string, now: Date): Promise<Response> {
  const id = `msg_${crypto.randomUUID().replace(/-/g, '')}`;
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const keyBytes = Uint8Array.from(atob(options.secret.replace(/^whsec_/, '')), (char) => char.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  const headers = { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${btoa(String.fromCharCode(...mac))}` };
  const url = options.url ?? 'http://sandbox.invalid/webhooks';
  const request = new Request(url, { method: 'POST', headers, body });
  if (options.handler) return options.handler(request);
  return (options.fetch ?? fetch)(request);
}
