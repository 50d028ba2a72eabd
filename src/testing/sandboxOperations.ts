import { flowStepName, type CreateFlowBody, type Flow, type LegacyTransaction, type OperationName } from '../api/index.js';
import { HOSTED_FLOW_PATH } from './hostedFlowPage.js';
import {
  seedLegacyTransactions,
  seedPaymentIntents,
  seedTransactionAnswers,
  sandboxIds,
  volumeFor,
  type IntentSeed,
  type TransactionAnswer,
} from './fixtures.js';
import { filterTransfers, listPage, transactionsOf } from './sandboxLists.js';
import { seedTransfers, type TransferAnswer } from './transferFixtures.js';
import { errorResponse, json } from './sandboxResponses.js';

export interface SandboxData {
  transactions: Map<string, TransactionAnswer>;
  legacyTransactions: Map<string, LegacyTransaction>;
  paymentIntents: Map<string, IntentSeed & { confirmations: number }>;
  /**
   * Created flows: `verifyAfter`, when the link's signed-in window ends (the page then asks the
   * user to verify again and goes on); `expiresAt`, when the link stops working (only for
   * `sandboxIds.expiredFlowUser` and `expireFlow`).
   */
  flows: Map<string, { flow: Flow; verifyAfter: number | undefined; expiresAt: number | undefined }>;
  /** Every transfer, newest first (`transferIds`). */
  transfers: TransferAnswer[];
}

export function seedData(): SandboxData {
  return {
    transactions: seedTransactionAnswers(),
    legacyTransactions: seedLegacyTransactions(),
    paymentIntents: new Map([...seedPaymentIntents()].map(([id, seed]) => [id, { ...seed, confirmations: 0 }])),
    flows: new Map(),
    transfers: seedTransfers(),
  };
}

/** What the operations read beside the request: the data, the clock and the sandbox's options. */
export interface OperationContext {
  data: SandboxData;
  now: () => Date;
  origin: string | undefined;
  /** How long a user's flow link stays signed in (`SandboxOptions.flowLinkTtlMs`). */
  flowLinkTtlMs: number;
  /** The next flow's number, counted from 1 since the sandbox was made or reset. */
  nextFlowNumber: () => number;
}

/**
 * Answers one operation of docs/api.md#operations from the in-memory data, the
 * request already checked against the operation's schemas.
 */
export function executeOperation(
  context: OperationContext,
  name: OperationName,
  params: Record<string, string>,
  query: Record<string, string | undefined>,
  input: unknown,
  url: URL,
): Response {
  const { data, now } = context;
  switch (name) {
    case 'getTransaction': {
      const tx = data.transactions.get(params.transaction_id ?? '');
      return tx ? json(tx) : errorResponse(404, 'not_found', 'No transaction with this id.', name);
    }
    case 'getLegacyTransaction': {
      const id = params.transaction_id ?? '';
      if (id === sandboxIds.legacyTransactions.unsuccessful) return json({ success: false });
      const tx = data.legacyTransactions.get(/^\d+$/.test(id) ? String(Number(id)) : id.toLowerCase());
      return tx ? json({ success: true, transaction: tx }) : errorResponse(404, 'not_found', 'No transaction with this id.', name);
    }
    case 'confirmPaymentIntent': {
      const seed = data.paymentIntents.get(params.payment_intent_id ?? '');
      if (!seed) return errorResponse(404, 'not_found', 'No payment intent with this id.', name);
      const body = input as { payment_method_id: string };
      seed.confirmations += 1;
      seed.intent = { ...seed.intent, status: seed.outcome, payment_method_id: body.payment_method_id };
      return json(seed.intent);
    }
    case 'createFlow': {
      const body = input as CreateFlowBody;
      const id = `flow_${String(context.nextFlowNumber()).padStart(4, '0')}`;
      const origin = context.origin ?? url.origin;
      const created = now().getTime();
      const expiresAt = body.user_id === sandboxIds.expiredFlowUser ? created - 1 : undefined;
      // A flow for a user starts signed in for a while, and with require_auth not at all; the link
      // works on after that, once the user verifies again (docs/api.md#create-a-flow).
      const verifyAfter = body.user_id === undefined ? undefined : body.require_auth === true ? 0 : created + context.flowLinkTtlMs;
      const steps = body.steps.map(flowStepName);
      // The hosted page is static: what it shows comes from its link (see hostedFlowPage.ts).
      const link = new URL(HOSTED_FLOW_PATH, origin);
      link.searchParams.set('flow', id);
      link.searchParams.set('steps', steps.join(','));
      if (verifyAfter !== undefined) link.searchParams.set('verify_after', String(verifyAfter));
      if (expiresAt !== undefined) link.searchParams.set('expires', String(expiresAt));
      const flow: Flow = {
        id,
        created: new Date(created).toISOString(),
        link: link.href,
        // As the API's own example answers a flow made without metadata.
        metadata: body.metadata ?? null,
        steps,
        completed_steps: [],
        user_id: body.user_id ?? null,
      };
      data.flows.set(id, { flow, verifyAfter, expiresAt });
      return json(flow);
    }
    case 'getFlow': {
      const entry = data.flows.get(params.flow_id ?? '');
      return entry ? json(entry.flow) : errorResponse(404, 'not_found', 'No flow with this id.', name);
    }
    case 'getTransactionVolume':
      return json({ success: true, volume: volumeFor(query.period, query.type, query.tz) });
    case 'listTransfers':
      return listPage(filterTransfers(data.transfers, query), data.transfers, query);
    case 'listTransactions': {
      const transactions = transactionsOf(data.transfers, query.include_transfer === 'true');
      return listPage(transactions, transactions, query);
    }
    case 'getTransfer': {
      const transfer = data.transfers.find((t) => t.id === params.transfer_id);
      return transfer ? json(transfer) : errorResponse(404, 'not_found', 'No transfer with this id.', name);
    }
  }
}
