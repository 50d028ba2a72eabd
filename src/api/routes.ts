import type { ApiBase, HttpMethod } from './defineOperation.js';
import {
  checkFlowSteps,
  checkLegacyId,
  checkOpaqueId,
  checkPaymentMethodId,
  checkQueryToken,
  checkTz,
  type Check,
} from './requestChecks.js';

/**
 * Where an operation goes and what the browser checks before it sends it, with no schema
 * library: the part of an entry of the operations table the browser needs
 * (docs/api.md#operations). The table's entries (`operations`, for the proxy and the sandbox) are
 * these routes with their schemas; `callOperation` takes a route.
 */
export interface OperationRoute<Name extends string = string> {
  readonly name: Name;
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** The API's path, exactly as documented, with `{param}` placeholders. */
  readonly path: string;
  /** Legacy interface envelope: `success: false` is an error, not data (docs/api.md#forward-compatibility). */
  readonly envelope: 'success' | undefined;
  /** Money-moving: sent at most once per user action, with an `Idempotency-Key`. */
  readonly idempotent: boolean;
  /**
   * The fields checked before anything is sent, per part: every path parameter, and what a page
   * can get wrong and fix. The proxy checks every part in full with the operation's schemas.
   */
  readonly checks: {
    readonly params?: Readonly<Record<string, Check>>;
    readonly query?: Readonly<Record<string, Check>>;
    readonly body?: Readonly<Record<string, Check>>;
  };
}

function route<const Name extends string, const R extends Omit<OperationRoute<Name>, 'name'>>(name: Name, entry: R): R & { readonly name: Name } {
  return { name, ...entry };
}

/** Read a v2 transaction, with its transfer embedded (docs/api.md#read-a-transaction). */
export const getTransaction = route('getTransaction', {
  method: 'GET',
  base: 'v2',
  path: '/api/v2/transactions/{transaction_id}',
  envelope: undefined,
  idempotent: false,
  checks: { params: { transaction_id: checkOpaqueId } },
});

/** Read a transaction of the legacy interface, in its `success` envelope (docs/api.md#read-a-transaction-legacy). */
export const getLegacyTransaction = route('getLegacyTransaction', {
  method: 'GET',
  base: 'legacy',
  path: '/api/api/transactions/get/transaction/{transaction_id}',
  envelope: 'success',
  idempotent: false,
  checks: { params: { transaction_id: checkLegacyId } },
});

/**
 * Confirm a payment intent (docs/api.md#confirm-a-payment-intent). Moves money: sent once per
 * user action, with an `Idempotency-Key` (docs/api.md#idempotency).
 */
export const confirmPaymentIntent = route('confirmPaymentIntent', {
  method: 'POST',
  base: 'v2',
  path: '/api/v2/payment-intents/{payment_intent_id}/confirm',
  envelope: undefined,
  idempotent: true,
  checks: { params: { payment_intent_id: checkOpaqueId }, body: { payment_method_id: checkPaymentMethodId } },
});

/** Create a hosted flow; its `link` is the page to embed (docs/api.md#create-a-flow). Not idempotent. */
export const createFlow = route('createFlow', {
  method: 'POST',
  base: 'v2',
  path: '/api/v2/flows',
  envelope: undefined,
  idempotent: false,
  checks: { body: { steps: checkFlowSteps } },
});

/** The transaction-volume metric, in its `success` envelope (docs/api.md#transaction-volume). */
export const getTransactionVolume = route('getTransactionVolume', {
  method: 'GET',
  base: 'legacy',
  path: '/api/api/metrics/transaction/volume',
  envelope: 'success',
  idempotent: false,
  checks: { query: { period: checkQueryToken, type: checkQueryToken, tz: checkTz } },
});
