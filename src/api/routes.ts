import type { ApiBase, HttpMethod } from './defineOperation.js';
import type { Check } from './requestChecks.js';

/**
 * Where an operation goes and what the browser checks before it sends it, with no schema
 * library: the part of an entry of the operations table the browser needs
 * (docs/api.md#operations). `callOperation` takes a route; the table's entries (`operations`, for
 * the proxy and the sandbox) are the same bare routes with their schemas.
 */
export interface OperationRoute<Name extends string = string> {
  readonly name: Name;
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** The API's path, exactly as documented, with `{param}` placeholders. */
  readonly path: string;
  /**
   * Legacy interface envelope: `success: false` is an error, not data
   * (docs/api.md#forward-compatibility). Absent on a v2 route.
   */
  readonly envelope?: 'success' | undefined;
  /** Money-moving: sent at most once per user action, with an `Idempotency-Key`. Absent on a read. */
  readonly idempotent?: boolean | undefined;
  /**
   * The fields checked before anything is sent, per part: every path parameter (an id that is
   * not a path segment never builds a URL) and the query values the proxy could not see (a value
   * that is not a string is left out). The body is not checked here: the proxy sees all of it and
   * checks every part in full with the operation's schemas.
   */
  readonly checks: {
    readonly params?: Readonly<Record<string, Check>>;
    readonly query?: Readonly<Record<string, Check>>;
  };
}

/** Where an operation goes, without what the browser checks: shared by the routes and the operations table. */
export type BareRoute<Name extends string = string> = Omit<OperationRoute<Name>, 'checks'>;

// The operations' addresses (docs/api.md#operations), each a constant of its own so a page's
// bundle keeps only the routes it calls. The browser's routes add their checks (routeChecks.ts);
// the operations table adds their schemas (operations/*.ts).

/** Read a v2 transaction, with its transfer embedded (docs/api.md#read-a-transaction). */
export const getTransactionRoute = {
  name: 'getTransaction',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transactions/{transaction_id}',
} as const satisfies BareRoute;

/** Read a transaction of the legacy interface, in its `success` envelope (docs/api.md#read-a-transaction-legacy). */
export const getLegacyTransactionRoute = {
  name: 'getLegacyTransaction',
  method: 'GET',
  base: 'legacy',
  path: '/api/api/transactions/get/transaction/{transaction_id}',
  envelope: 'success',
} as const satisfies BareRoute;

/** Confirm a payment intent (docs/api.md#confirm-a-payment-intent). Moves money: once per user action, with an `Idempotency-Key`. */
export const confirmPaymentIntentRoute = {
  name: 'confirmPaymentIntent',
  method: 'POST',
  base: 'v2',
  path: '/api/v2/payment-intents/{payment_intent_id}/confirm',
  idempotent: true,
} as const satisfies BareRoute;

/** Create a hosted flow; its `link` is the page to embed (docs/api.md#create-a-flow). Not idempotent. */
export const createFlowRoute = {
  name: 'createFlow',
  method: 'POST',
  base: 'v2',
  path: '/api/v2/flows',
} as const satisfies BareRoute;

/** Read a flow: its steps and those done, and whose it is (docs/api.md#read-a-flow). */
export const getFlowRoute = {
  name: 'getFlow',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/flows/{flow_id}',
} as const satisfies BareRoute;

/** The transaction-volume metric, in its `success` envelope (docs/api.md#transaction-volume). */
export const getTransactionVolumeRoute = {
  name: 'getTransactionVolume',
  method: 'GET',
  base: 'legacy',
  path: '/api/api/metrics/transaction/volume',
  envelope: 'success',
} as const satisfies BareRoute;

/** List transfers, a page at a time, newest first by default (docs/api.md#list-transfers). */
export const listTransfersRoute = {
  name: 'listTransfers',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transfers',
} as const satisfies BareRoute;

/** Read one transfer, with its transactions (docs/api.md#get-a-transfer). */
export const getTransferRoute = {
  name: 'getTransfer',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transfers/{transfer_id}',
} as const satisfies BareRoute;

/** List the merchant's transactions, a page at a time (docs/api.md#list-transactions). */
export const listTransactionsRoute = {
  name: 'listTransactions',
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transactions',
} as const satisfies BareRoute;

/**
 * A route with what the browser checks before it sends. Annotated pure, so a bundle drops a route
 * (and its checks) its page never calls.
 */
export const withChecks = <const Route extends BareRoute, const Checks extends OperationRoute['checks']>(
  route: Route,
  checks: Checks,
): Route & { readonly checks: Checks } => ({ ...route, checks });
