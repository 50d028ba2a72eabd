import { flowStepName, type CreateFlowBody, type FlowStepInput, type OperationName, type PayoutFeeParty } from '../../api/index.js';
import { proxyError, type ProxyAnswer } from '../proxyError.js';
import type { PaymentsGrant } from './paymentsGrant.js';
import type { ProxyOperations } from './ProxyOperations.js';

/** One call's validated parts, as the grant check reads them. */
export interface GrantedCall {
  name: OperationName;
  params: Record<string, string> | undefined;
  query: Record<string, string | undefined> | undefined;
  body: unknown;
}

/** The grant field that covers each of the five operations (`PaymentsGrant`); a set names its own. */
const grantFields: Partial<Record<GrantedCall['name'], string>> = {
  getTransaction: 'transactions',
  getLegacyTransaction: 'legacyTransactions',
  getTransactionVolume: 'volume',
  confirmPaymentIntent: 'paymentIntents',
  createFlow: 'flows',
};

/**
 * Whether `allow` covers this call: `undefined` when it does, else what was not granted, in
 * words for the 403's message (the caller's own ids, never the token).
 */
function notGranted(allow: PaymentsGrant, call: GrantedCall, set: ProxyOperations | undefined): string | undefined {
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
    default:
      // Served only through a set, which always comes with its grant.
      return set ? set.notGranted(allow, call) : call.name;
  }
}

/**
 * The body this call may send under `allow`, or throws 403 `not_granted` naming what was not
 * granted. A flow's user is the grant's, whatever the browser sent (`grantedFlowBody`).
 */
export function grantedBody(allow: PaymentsGrant, call: GrantedCall, set?: ProxyOperations): unknown {
  const refused = notGranted(allow, call, set);
  if (refused !== undefined) {
    // The way out, for the developer who reads the 403's message or the server's log: the grant
    // field that covers this call.
    throw proxyError(
      403,
      'not_granted',
      `This payments session does not grant ${refused} (${call.name}): add it to allow.${set?.grantField ?? grantFields[call.name]} in createPaymentsSession.`,
      call.name,
    );
  }
  return call.name === 'createFlow' ? grantedFlowBody(allow, call.body as CreateFlowBody) : call.body;
}

/**
 * Throws the 404 every missing resource answers (docs/api.md#errors) unless the answer's
 * `user_id` is `userId`, so that a page cannot tell another user's resource from a wrong id: the
 * sets' answer checks of a single transfer and of a flow. The body is the proxy's own
 * serialisation of a schema-checked answer: it parses.
 */
export function ownedAnswer(answer: ProxyAnswer, userId: string | undefined, name: OperationName): void {
  if ((JSON.parse(answer.body) as { user_id?: unknown }).user_id !== userId) {
    throw proxyError(404, 'not_found', `The payments API refused ${name} (status 404).`, name);
  }
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
