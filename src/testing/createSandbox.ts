import { basicAuthorization, matchOperationPath, operations, parseRequestPart, sleep, type FlowStep, type OperationName } from '../api/index.js';
import { applyFault, createFaultQueue, type FaultOptions, type SandboxFault } from './sandboxFaults.js';
import { serveHostedPage } from './sandboxHostedPages.js';
import { executeOperation, seedData, type OperationContext, type SandboxData } from './sandboxOperations.js';
import { errorResponse } from './sandboxResponses.js';
import { postWebhook, settleTransfer, type SandboxWebhookOptions } from './sandboxWebhooks.js';

/** The sandbox's default credentials: not secret, they only open the in-memory fake. */
export const sandboxCredentials = { clientId: 'sandbox_client_id', apiKey: 'sandbox_api_key' } as const;

/** A request as the sandbox received it. */
export interface SandboxCall {
  /** The operation it matched, or undefined for an unknown path. */
  operation: OperationName | undefined;
  method: string;
  /** Path and query, e.g. `/api/v2/transactions/1001`. */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The JSON body, or the raw text when it is not JSON, or undefined. */
  body: unknown;
}

export interface SandboxOptions {
  /** Credentials the sandbox requires as HTTP Basic `clientId:apiKey`. Default `sandboxCredentials`. */
  credentials?: { clientId: string; apiKey: string };
  /**
   * Origin of the hosted flow pages the sandbox serves (`/hosted/flows/{id}`), used in each flow's
   * `link`. Default: the origin of the request that created the flow.
   */
  origin?: string;
  /** Delay added to every API answer, in ms. Default 0. */
  latencyMs?: number;
  /** The clock. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * How long a flow link created with a `user_id` stays signed in, in ms. Past it the link still
   * works: its hosted page asks the user to verify again (a stand-in for the API's SMS code) and
   * the flow goes on, as the API documents (docs/api.md#create-a-flow). With `require_auth` the
   * user verifies at once. Default 15 minutes.
   */
  flowLinkTtlMs?: number;
  /**
   * How many recorded calls `calls` keeps at the least: when the log reaches twice this many, the
   * older half is dropped, so a sandbox that serves for hours (the demo, a benchmark) stays
   * bounded in memory. Default 10 000; `Infinity` keeps every call.
   */
  maxCalls?: number;
  /**
   * Where the sandbox posts a signed webhook when it changes a transfer itself
   * (`completeTransfer`, `completeFlowStep`), as the payments API does (docs/api.md#webhooks): a `url` or a
   * `handler`, and the signing `secret` your webhook route is configured with. Default: none.
   *
   * @example
   * createSandbox({ webhooks: { handler: paymentsEvents.webhook, secret: 'whsec_…' } })
   */
  webhooks?: SandboxWebhookOptions;
}

export interface Sandbox {
  /** The fetch-standard handler: `(request) => Promise<Response>`. */
  handle: (request: Request) => Promise<Response>;
  /** `handle` in the shape of `fetch`, to inject wherever a `fetch` option is taken. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  readonly credentials: { clientId: string; apiKey: string };
  /** The `Authorization` header value the sandbox requires. */
  readonly authorization: string;
  /**
   * The requests that reached the sandbox, oldest first (hosted pages excluded): every one, up to
   * twice `maxCalls` (then the older half is dropped).
   */
  readonly calls: SandboxCall[];
  /** The calls for one operation. */
  callsFor: (operation: OperationName) => SandboxCall[];
  inject: (fault: SandboxFault, options?: FaultOptions) => void;
  clearFaults: () => void;
  /** Restores the seeded data and clears calls and faults. */
  reset: () => void;
  /** Makes a created flow's link stop working now: its page answers 410. */
  expireFlow: (flowId: string) => void;
  /**
   * Settles a transfer now, as the payments API would: its status becomes `completed` (or
   * `failed`) in the transfer list and in every v2 transaction that embeds it, and with `webhooks`
   * the API's `transfer.completed` (`transfer.failed`) webhook is posted. Resolves with the
   * webhook route's answer, or undefined without `webhooks`; rejects for a transfer the sandbox
   * does not hold.
   *
   * @example
   * await sandbox.completeTransfer(transferIds.pending);
   */
  completeTransfer: (transferId: string, status?: 'completed' | 'failed') => Promise<Response | undefined>;
  /**
   * Marks a step of a created flow done now, as the user finishing it on the hosted page would
   * (its `completed_steps` as `getFlow` reads it), and with `webhooks` posts the API's
   * `flow.updated` webhook, `{ event, flow_id }` (docs/api.md#webhook-events). Resolves with the
   * webhook route's answer, or undefined without `webhooks`; rejects for a flow the sandbox does
   * not hold or a step it does not have.
   *
   * @example
   * await sandbox.completeFlowStep(flow.id, 'compliance');
   */
  completeFlowStep: (flowId: string, step: FlowStep) => Promise<Response | undefined>;
  /** The in-memory data, for assertions. */
  readonly data: SandboxData;
}

/**
 * An in-memory fake of the payments API: exactly the operations of docs/api.md#operations at
 * the API's paths (v2 and legacy at one origin), HTTP Basic credentials required, seeded data (see
 * `sandboxIds`), fault injection, and the hosted flow pages that flow links point at.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const credentials = options.credentials ?? { ...sandboxCredentials };
  const authorization = basicAuthorization(credentials.clientId, credentials.apiKey);
  const now = options.now ?? (() => new Date());
  const flowLinkTtlMs = options.flowLinkTtlMs ?? 15 * 60_000;
  const maxCalls = options.maxCalls ?? 10_000;
  let data = seedData();
  const calls: SandboxCall[] = [];
  const faults = createFaultQueue();
  let flowCounter = 0;
  const context: OperationContext = {
    get data() {
      return data;
    },
    now,
    origin: options.origin,
    flowLinkTtlMs,
    nextFlowNumber: () => (flowCounter += 1),
  };

  async function readBody(request: Request): Promise<unknown> {
    if (request.method === 'GET' || request.method === 'HEAD') return undefined;
    const text = await request.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/hosted/')) return serveHostedPage(request, url, data, now);

    const matches = matchOperationPath(url.pathname, operations);
    const match = matches.find((m) => m.operation.method === request.method);
    const body = await readBody(request);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    calls.push({ operation: match?.operation.name, method: request.method, path: url.pathname + url.search, headers, body });
    // Trimmed by halves, not one call at a time: one move of the array per `maxCalls` requests.
    if (calls.length >= 2 * maxCalls) calls.splice(0, calls.length - maxCalls);

    if (request.headers.get('authorization') !== authorization) {
      return errorResponse(401, 'unauthorized', 'Missing or wrong credentials.', match?.operation.name, {
        'www-authenticate': 'Basic realm="payments sandbox"',
      });
    }
    if (!match) {
      if (matches.length > 0) {
        return errorResponse(405, 'method_not_allowed', 'Method not allowed.', matches[0]?.operation.name, {
          allow: matches.map((m) => m.operation.method).join(', '),
        });
      }
      return errorResponse(404, 'not_found', 'No such operation.');
    }
    const operation = match.operation;

    const fault = faults.take(operation.name);
    if (options.latencyMs) await sleep(options.latencyMs, request.signal);
    if (fault) {
      const answer = await applyFault(fault, operation, request.signal);
      if (answer) return answer;
    }

    let params: Record<string, string> = {};
    let query: Record<string, string | undefined> = {};
    let input: unknown;
    try {
      if (operation.params) params = parseRequestPart(operation.name, 'params', operation.params, match.params) as Record<string, string>;
      if (operation.query) query = parseRequestPart(operation.name, 'query', operation.query, Object.fromEntries(url.searchParams)) as Record<string, string | undefined>;
      if (operation.body) input = parseRequestPart(operation.name, 'body', operation.body, body);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Invalid request.';
      return errorResponse(400, 'invalid_request', message, operation.name);
    }
    return executeOperation(context, operation.name, params, query, input, url);
  }

  return {
    handle,
    fetch: (input, init) => handle(input instanceof Request && init === undefined ? input : new Request(input, init)),
    credentials,
    authorization,
    calls,
    callsFor: (operation) => calls.filter((c) => c.operation === operation),
    inject: faults.inject,
    clearFaults: faults.clear,
    reset: () => {
      data = seedData();
      calls.length = 0;
      faults.clear();
      flowCounter = 0;
    },
    expireFlow: (flowId) => {
      const entry = data.flows.get(flowId);
      if (entry) entry.expiresAt = now().getTime() - 1;
    },
    completeTransfer: async (transferId, status = 'completed') => {
      const transfer = settleTransfer(data, transferId, status);
      if (!transfer) throw new Error(`The sandbox holds no transfer ${transferId}.`);
      if (!options.webhooks) return undefined;
      return postWebhook(options.webhooks, JSON.stringify({ transfer, transfer_id: transferId }), now());
    },
    completeFlowStep: async (flowId, step) => {
      const entry = data.flows.get(flowId);
      if (!entry?.flow.steps.includes(step)) throw new Error(`The sandbox holds no flow ${flowId} with a step ${step}.`);
      const done = entry.flow.completed_steps;
      if (!done.includes(step)) entry.flow = { ...entry.flow, completed_steps: [...done, step] };
      if (!options.webhooks) return undefined;
      return postWebhook(options.webhooks, JSON.stringify({ event: 'flow.updated', flow_id: flowId }), now());
    },
    get data() {
      return data;
    },
  };
}
