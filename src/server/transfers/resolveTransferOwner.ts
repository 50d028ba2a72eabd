import { getTransferRoute } from '../../api/routes.js';
import { SESSION_HEADER } from '../../api/session.js';
import type { PaymentsOwnerResolver } from '../webhooks/createPaymentsEvents.js';

/** Options of {@link resolveTransferOwner}. */
export interface TransferOwnerOptions {
  /**
   * A payment session for your server's own reads, granted `allow: { transfers: { merchantWide: true } }`:
   * called for each lookup, so mint a short-lived one (or keep one and renew it before it ends).
   */
  getSession: () => string | Promise<string>;
  /** Where your proxy is mounted: its `basePath`. Default `'/api/payments'`. */
  basePath?: string;
}

/**
 * A `resolveOwner` for `createPaymentsEvents` that reads the transfer a `transfer.updated` webhook
 * names through your proxy, in this process (its session check, grant and answer check), and
 * answers its `user_id`: so that the user's pages hear of it. Other kinds answer `undefined`;
 * a read that fails throws, which the webhook route reports to `onError`.
 *
 * @example
 * resolveOwner: resolveTransferOwner(paymentsProxy, {
 *   getSession: async () => (await createPaymentsSession({ ...sessionOptions, subject: 'webhooks', allow: { transfers: { merchantWide: true } } })).token,
 * }),
 */
export function resolveTransferOwner(proxy: (request: Request) => Promise<Response>, options: TransferOwnerOptions): PaymentsOwnerResolver {
  const base = options.basePath ?? '/api/payments';
  return async ({ kind, id }) => {
    if (kind !== 'transfer') return undefined;
    const path = getTransferRoute.path.replace('{transfer_id}', encodeURIComponent(id));
    // The host part is never dialled: the proxy reads the path after its basePath.
    const answer = await proxy(new Request(`http://payments-kit.in-process${base}${path}`, { headers: { [SESSION_HEADER]: await options.getSession() } }));
    if (!answer.ok) throw new Error(`Reading transfer ${id} answered ${String(answer.status)}.`);
    const { user_id: owner } = (await answer.json()) as { user_id?: unknown };
    return typeof owner === 'string' ? owner : undefined;
  };
}
