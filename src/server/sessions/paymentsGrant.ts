import * as z from 'zod/mini';
import { flowSteps, metadataInputSchema, payoutFeeParties, transferIdSchema, type PayoutFeeParty } from '../../api/index.js';

/**
 * What one payments session may do: which resources this page may read or act on. Anything not
 * named is refused (403 `not_granted`). `'*'` grants every id and is meant for staff dashboards:
 * it is never a default, only written out.
 *
 * @example
 * // A customer's order page: one transaction, one intent with the saved card, no flows.
 * allow: { transactions: [order.transactionId], paymentIntents: [{ id: order.intentId, paymentMethods: [card.id] }] }
 */
export interface PaymentsGrant {
  /** v2 transaction ids this page may read (`TransactionDetail`, `useTransaction`). */
  transactions?: readonly string[] | '*';
  /** Legacy transaction ids this page may read (`generation="legacy"`). */
  legacyTransactions?: readonly string[] | '*';
  /**
   * Payment intents this page may confirm: an id (any payment method), or an id with the only
   * payment methods it may be confirmed with. `'*'`: any intent with any method (back office).
   */
  paymentIntents?: ReadonlyArray<string | { id: string; paymentMethods?: readonly string[] }> | '*';
  /**
   * Hosted flows this page may create. The grant decides what matters for security, the page
   * only how the hosted page looks (`hide_continue_button`, `hide_go_to_dashboard_on_complete`)
   * and `auto_payout_enabled`:
   * - `userId`: the proxy sends that user id upstream whatever the browser sent (a different one
   *   is refused); without it, a request naming a user is refused.
   * - `steps`: every requested step must be listed.
   * - `redirectUrls`: a `redirect` step's `redirect_url` must be one of them.
   * - `templateIds`: a `pdf-form-fill` step's `template_id` must be one of them.
   * - `requireAuth`: `true` sends `require_auth: true` (the user verifies by SMS code before the
   *   flow starts) whatever the browser sent, and refuses a request asking for `false`; without
   *   it the page may ask for `true`, never less than the API's default.
   * - `payoutFeeParty`: who pays a `payout` step's fees; the proxy sends it on every `payout`
   *   step, and refuses another. Without it, a request naming a party is refused (the API then
   *   applies your application's setting).
   * - `metadata`: the flow's `metadata` (a string, or flat key-value pairs), which your webhooks
   *   and reports may trust: the proxy sends it whatever the page sent, and refuses a page
   *   sending other metadata. Without it, a request carrying metadata is refused: a page never
   *   chooses what is recorded against a flow (another order's id, say).
   *
   * @example
   * flows: { userId: user.paymentsId, steps: ['payout', 'redirect'], redirectUrls: ['https://shop.example/done'], requireAuth: true, metadata: { order: order.id } }
   */
  flows?: {
    userId?: string;
    steps: readonly string[];
    redirectUrls?: readonly string[];
    templateIds?: readonly string[];
    requireAuth?: boolean;
    payoutFeeParty?: PayoutFeeParty;
    metadata?: string | Readonly<Record<string, string | number | boolean | null>>;
  };
  /** Whether this page may read the transaction-volume metric (`VolumeCard`). Default `false`. */
  volume?: boolean;
  /**
   * Whose transfers this page may list and read (`TransferList`, `useTransfers`), one of two:
   * - `{ userId }`: that user's only. The proxy sends that `user_id` upstream on every list,
   *   whatever the page sent (another one is refused), and answers a single transfer only when
   *   the API says it is that user's (any other answers 404, as a transfer that does not exist).
   *   Merchant-wide lists (`listTransactions`) are refused.
   * - `{ merchantWide: true }`: every user's transfers, the page's `user_id` a mere filter, and the
   *   merchant-wide transactions list. For staff pages only: never a default, only written out.
   *
   * @example
   * transfers: { userId: user.paymentsId }
   */
  transfers?: { userId: string; merchantWide?: undefined } | { merchantWide: true; userId?: undefined };
}

/** Who a verified session speaks for and what it may do; `authorize` gets it as `context.session`. */
export interface PaymentsSessionClaims {
  /** The merchant's user id the session was minted for (`createPaymentsSession`'s `subject`). */
  subject: string;
  allow: PaymentsGrant;
}

const id = z.string().check(z.minLength(1), z.maxLength(255));
/** Sent upstream as the list's `user_id`: an id the query schema takes (docs/api.md#list-transfers). */
const transferUserId = transferIdSchema;
const ids = z.union([z.literal('*'), z.array(id).check(z.maxLength(1000))]);

/** The grant as a token carries it; a token whose grant breaks this shape is `session_invalid`. */
export const paymentsGrantSchema = z.strictObject({
  transactions: z.optional(ids),
  legacyTransactions: z.optional(ids),
  paymentIntents: z.optional(
    z.union([
      z.literal('*'),
      z.array(z.union([id, z.strictObject({ id, paymentMethods: z.optional(z.array(id).check(z.maxLength(100))) })])).check(z.maxLength(1000)),
    ]),
  ),
  flows: z.optional(
    z.strictObject({
      userId: z.optional(id),
      steps: z.array(z.enum(flowSteps)).check(z.minLength(1)),
      redirectUrls: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(20))),
      templateIds: z.optional(z.array(id).check(z.maxLength(100))),
      requireAuth: z.optional(z.boolean()),
      payoutFeeParty: z.optional(z.enum(payoutFeeParties)),
      metadata: z.optional(z.union([z.string().check(z.maxLength(2048)), metadataInputSchema])),
    }),
  ),
  volume: z.optional(z.boolean()),
  // Exactly one of the two: a grant naming both, or neither, would leave whose transfers unclear.
  transfers: z.optional(
    z.union([z.strictObject({ userId: transferUserId }), z.strictObject({ merchantWide: z.literal(true) })]),
  ),
});
