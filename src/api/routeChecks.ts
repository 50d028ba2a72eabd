import {
  confirmPaymentIntentRoute,
  createFlowRoute,
  getFlowRoute,
  getLegacyTransactionRoute,
  getTransactionRoute,
  getTransactionVolumeRoute,
  getTransferRoute,
  listTransactionsRoute,
  listTransfersRoute,
  withChecks,
} from './routes.js';
import { checkLegacyId, checkOpaqueId, checkOptionalId, checkQueryString } from './requestChecks.js';

// The operations as `callOperation` takes them: each route with what the browser checks before it
// sends (requestChecks.ts). Apart from the operations table, so the proxy's bundle carries no
// browser checks and the browser's no schemas.

/** Read a v2 transaction, with its transfer embedded (docs/api.md#read-a-transaction). */
export const getTransaction = /* @__PURE__ */ withChecks(getTransactionRoute, { params: { transaction_id: checkOpaqueId } });

/** Read a transaction of the legacy interface, in its `success` envelope (docs/api.md#read-a-transaction-legacy). */
export const getLegacyTransaction = /* @__PURE__ */ withChecks(getLegacyTransactionRoute, { params: { transaction_id: checkLegacyId } });

/**
 * Confirm a payment intent (docs/api.md#confirm-a-payment-intent). Moves money: sent once per
 * user action, with an `Idempotency-Key` (docs/api.md#idempotency).
 */
export const confirmPaymentIntent = /* @__PURE__ */ withChecks(confirmPaymentIntentRoute, {
  // The body is the proxy's to check (its 400, `invalid_request`, before anything reaches the
  // API): a JSON body hides nothing from it, and a host's prop is fixed in code, not on the page.
  params: { payment_intent_id: checkOpaqueId },
});

/** Create a hosted flow; its `link` is the page to embed (docs/api.md#create-a-flow). Not idempotent. */
export const createFlow = /* @__PURE__ */ withChecks(createFlowRoute, {});

/**
 * Read a flow: its steps and those done, and whose it is (docs/api.md#read-a-flow). Not in the
 * kit's public routes and checked by no browser check: only useHostedFlow's follower reads it, for
 * the flow it created, whose id it sends encoded as one path segment (useHostedFlow.ts); the proxy
 * checks the id (operations/getFlow.ts) before anything reaches the API.
 */
export const getFlow = /* @__PURE__ */ withChecks(getFlowRoute, { params: {} });

/** The transaction-volume metric, in its `success` envelope (docs/api.md#transaction-volume). */
export const getTransactionVolume = /* @__PURE__ */ withChecks(getTransactionVolumeRoute, {
  // Checked here as strings only: a value that is not one is left out of the query, where the
  // proxy could not see it. Their form is the proxy's 400, naming the parameter.
  query: { period: checkQueryString, type: checkQueryString, tz: checkQueryString },
});

/**
 * List transfers, a page at a time, newest first unless `reverse_order: 'true'`
 * (docs/api.md#list-transfers). Every query value is a string (`limit: '25'`). Through the kit's
 * proxy, whose transfers a page sees is the payments session's grant, not `user_id`.
 */
export const listTransfers = /* @__PURE__ */ withChecks(listTransfersRoute, {
  // Written out, not spread from a shared object: a bundler keeps a spread (it may run getters),
  // and with it this route in every page that imports any route.
  query: {
    // The cursors and `user_id` are ids, checked as path ids are. The rest are checked here as
    // strings only: their form is the proxy's 400, naming the parameter.
    limit: checkQueryString,
    starting_after: checkOptionalId,
    ending_before: checkOptionalId,
    user_id: checkOptionalId,
    reverse_order: checkQueryString,
    type: checkQueryString,
    status: checkQueryString,
    start_date: checkQueryString,
    end_date: checkQueryString,
  },
});

/** Read one transfer, with its transactions and, when the API sends it, its status history (docs/api.md#get-a-transfer). */
export const getTransfer = /* @__PURE__ */ withChecks(getTransferRoute, { params: { transfer_id: checkOpaqueId } });

/** List the merchant's transactions, a page at a time (docs/api.md#list-transactions). Merchant-wide: staff pages only. */
export const listTransactions = /* @__PURE__ */ withChecks(listTransactionsRoute, {
  query: { limit: checkQueryString, starting_after: checkOptionalId, ending_before: checkOptionalId, include_transfer: checkQueryString },
});
