import type { PaymentsGrant } from '../sessions/paymentsGrant.js';
import type { PaymentsChange } from './PaymentsChange.js';

/**
 * A grant's transfers part (`allow.transfers`: `{ userId }` or `{ merchantWide: true }`), read
 * where a grant carries one: a page may follow the transfers of that payments user, or all.
 */
type TransfersGrant = { userId?: string; merchantWide?: boolean } | undefined;

/**
 * Whether a page with this grant may hear that `change` happened: the same resources it may
 * read. Transactions and payment intents by id (or `'*'`); flows and transfers by whose they
 * are, the grant's `flows.userId` and `transfers.userId`: a change whose user is not known
 * reaches no page through them, but for a merchant-wide transfers grant, which reads them all.
 */
export function grantCovers(grant: PaymentsGrant, change: PaymentsChange): boolean {
  switch (change.kind) {
    case 'transaction':
      return grant.transactions === '*' || (grant.transactions?.includes(change.id) ?? false);
    case 'paymentIntent': {
      const intents = grant.paymentIntents;
      return intents === '*' || (intents?.some((intent) => (typeof intent === 'string' ? intent : intent.id) === change.id) ?? false);
    }
    case 'flow':
      return change.userId !== undefined && grant.flows?.userId === change.userId;
    case 'transfer': {
      const transfers = (grant as { transfers?: TransfersGrant }).transfers;
      return transfers?.merchantWide === true || (change.userId !== undefined && transfers?.userId === change.userId);
    }
  }
}
