import * as z from 'zod/mini';
import {
  flowStepName,
  flowSteps,
  metadataInputSchema,
  payoutFeeParties,
  type CreateFlowBody,
  type FlowStepInput,
  type OperationName,
  type PayoutFeeParty,
} from '../api/index.js';
import { proxyError } from './proxyError.js';

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
}

/** Who a verified session speaks for and what it may do; `authorize` gets it as `context.session`. */
export interface PaymentsSessionClaims {
  /** The merchant's user id the session was minted for (`createPaymentsSession`'s `subject`). */
  subject: string;
  allow: PaymentsGrant;
}

const id = z.string().check(z.minLength(1), z.maxLength(255));
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
});

/** One call's validated parts, as the grant check reads them. */
export interface GrantedCall {
  name: OperationName;
  params: Record<string, string> | undefined;
  body: unknown;
}

/**
 * Whether `allow` covers this call: `undefined` when it does, else what was not granted, in
 * words for the 403's message (the caller's own ids, never the token).
 */
function notGranted(allow: PaymentsGrant, call: GrantedCall): string | undefined {
  switch (call.name) {
    case 'getTransaction':
      return covers(allow.transactions, call.params?.transaction_id) ? undefined : `transaction ${call.params?.transaction_id ?? ''}`;
    case 'getLegacyTransaction':
      return covers(allow.legacyTransactions, call.params?.transaction_id)
        ? undefined
        : `legacy transaction ${call.params?.transaction_id ?? ''}`;
    case 'getTransactionVolume':
      return allow.volume === true ? undefined : 'the volume metric';
    case 'confirmPaymentIntent':
      return notGrantedConfirm(allow, call.params?.payment_intent_id ?? '', (call.body as { payment_method_id: string }).payment_method_id);
    case 'createFlow':
      return notGrantedFlow(allow, call.body as CreateFlowBody);
  }
}

/**
 * The body this call may send under `allow`, or throws 403 `not_granted` naming what was not
 * granted. A flow's user is the grant's, whatever the browser sent (`grantedFlowBody`).
 */
export function grantedBody(allow: PaymentsGrant, call: GrantedCall): unknown {
  const refused = notGranted(allow, call);
  if (refused !== undefined) {
    throw proxyError(403, 'not_granted', `This payments session does not grant ${refused} (${call.name}).`, call.name);
  }
  return call.name === 'createFlow' ? grantedFlowBody(allow, call.body as CreateFlowBody) : call.body;
}

/**
 * The create-flow body sent upstream: the grant's `userId` when it names one (the browser never
 * chooses whose flow it is), its `metadata` likewise, `require_auth: true` when the grant asks
 * for it, and the grant's fee party on every `payout` step. Only for a call `notGranted` passed.
 */
function grantedFlowBody(allow: PaymentsGrant, body: CreateFlowBody): CreateFlowBody {
  const { userId, requireAuth, payoutFeeParty, metadata } = allow.flows ?? {};
  return {
    ...body,
    ...(userId === undefined ? {} : { user_id: userId }),
    ...(metadata === undefined ? {} : { metadata: typeof metadata === 'string' ? metadata : { ...metadata } }),
    ...(requireAuth === true ? { require_auth: true } : {}),
    steps: payoutFeeParty === undefined ? body.steps : body.steps.map((step) => withFeeParty(step, payoutFeeParty)),
  };
}

function withFeeParty(step: FlowStepInput, party: PayoutFeeParty): FlowStepInput {
  if (step === 'payout') return { name: 'payout', payout_fee_party: party };
  if (typeof step === 'object' && step.name === 'payout') return { ...step, payout_fee_party: party };
  return step;
}

function covers(granted: readonly string[] | '*' | undefined, value: string | undefined): boolean {
  return value !== undefined && (granted === '*' || (granted?.includes(value) ?? false));
}

function notGrantedConfirm(allow: PaymentsGrant, intentId: string, paymentMethodId: string): string | undefined {
  if (allow.paymentIntents === '*') return undefined;
  const entry = allow.paymentIntents?.find((granted) => (typeof granted === 'string' ? granted : granted.id) === intentId);
  if (entry === undefined) return `payment intent ${intentId}`;
  const methods = typeof entry === 'string' ? undefined : entry.paymentMethods;
  if (methods !== undefined && !methods.includes(paymentMethodId)) {
    return `payment method ${paymentMethodId} for payment intent ${intentId}`;
  }
  return undefined;
}

function notGrantedFlow(allow: PaymentsGrant, body: CreateFlowBody): string | undefined {
  const flows = allow.flows;
  if (flows === undefined) return 'flows';
  if (body.user_id !== undefined && body.user_id !== flows.userId) {
    return flows.userId === undefined ? 'a flow for a user' : `a flow for user ${body.user_id}`;
  }
  if (flows.requireAuth === true && body.require_auth === false) return 'a flow without require_auth';
  if (body.metadata !== undefined && !sameMetadata(body.metadata, flows.metadata)) {
    return flows.metadata === undefined ? 'flow metadata' : 'this flow metadata';
  }
  for (const step of body.steps) {
    const name = flowStepName(step);
    if (!flows.steps.includes(name)) return `the flow step ${name}`;
    if (typeof step !== 'object') continue;
    if ('redirect_url' in step && !(flows.redirectUrls ?? []).includes(step.redirect_url)) return 'this redirect_url';
    if ('template_id' in step && step.template_id !== undefined && !(flows.templateIds ?? []).includes(step.template_id)) {
      return `the PDF template ${step.template_id}`;
    }
    if ('payout_fee_party' in step && step.payout_fee_party !== undefined && step.payout_fee_party !== flows.payoutFeeParty) {
      return `payout fees paid by ${step.payout_fee_party}`;
    }
  }
  return undefined;
}

/** Whether the page's metadata is the grant's: the same string, or the same pairs in any order. */
function sameMetadata(sent: NonNullable<CreateFlowBody['metadata']>, granted: NonNullable<PaymentsGrant['flows']>['metadata']): boolean {
  if (granted === undefined || typeof sent === 'string' || typeof granted === 'string') return sent === granted;
  const keys = Object.keys(sent);
  return keys.length === Object.keys(granted).length && keys.every((key) => Object.hasOwn(granted, key) && granted[key] === sent[key]);
}
