import { bareRoutes } from './routes.js';
import {
  checkFlowSteps,
  checkLegacyId,
  checkOpaqueId,
  checkPaymentMethodId,
  checkQueryToken,
  checkTz,
} from './requestChecks.js';

// The operations as `callOperation` takes them: each route with what the browser checks before it
// sends (requestChecks.ts). Apart from the operations table, so the proxy's bundle carries no
// browser checks and the browser's no schemas.

/** Read a v2 transaction, with its transfer embedded (docs/api.md#read-a-transaction). */
export const getTransaction = { ...bareRoutes.getTransaction, checks: { params: { transaction_id: checkOpaqueId } } } as const;

/** Read a transaction of the legacy interface, in its `success` envelope (docs/api.md#read-a-transaction-legacy). */
export const getLegacyTransaction = { ...bareRoutes.getLegacyTransaction, checks: { params: { transaction_id: checkLegacyId } } } as const;

/**
 * Confirm a payment intent (docs/api.md#confirm-a-payment-intent). Moves money: sent once per
 * user action, with an `Idempotency-Key` (docs/api.md#idempotency).
 */
export const confirmPaymentIntent = {
  ...bareRoutes.confirmPaymentIntent,
  checks: { params: { payment_intent_id: checkOpaqueId }, body: { payment_method_id: checkPaymentMethodId } },
} as const;

/** Create a hosted flow; its `link` is the page to embed (docs/api.md#create-a-flow). Not idempotent. */
export const createFlow = { ...bareRoutes.createFlow, checks: { body: { steps: checkFlowSteps } } } as const;

/** The transaction-volume metric, in its `success` envelope (docs/api.md#transaction-volume). */
export const getTransactionVolume = {
  ...bareRoutes.getTransactionVolume,
  checks: { query: { period: checkQueryToken, type: checkQueryToken, tz: checkTz } },
} as const;
