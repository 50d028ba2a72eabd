import {
  PaymentsError,
  basicAuthorization,
  matchOperationPath,
  parseRequestPart,
  raceAbort,
  sleep,
  type Flow,
  type LegacyTransaction,
  type OperationDefinition,
  type OperationName,
  type Transaction,
  flowStepName,
} from '../api/index.js';
import {
  seedLegacyTransactions,
  seedPaymentIntents,
  seedTransactions,
  sandboxIds,
  volumeFor,
  type IntentSeed,
} from './fixtures.js';
import { HOSTED_FLOW_PATH, hostedFlowCss, hostedFlowHtml, hostedFlowJs } from './hostedFlowPage.js';

/** The sandbox's default credentials: not secret, they only open the in-memory fake. */
export const sandboxCredentials = { clientId: 'sandbox_client_id', apiKey: 'sandbox_api_key' } as const;

/**
 * A fault to inject. Each applies to the next matching request(s), after the credentials check:
 * - `latency`: answer normally after `ms`;
 * - `hang`: never answer (until the request's signal aborts);
 * - `status`: answer with that status and `body` (default: the kit's error shape);
 * - `malformed-json`: 200 with a truncated JSON body;
 * - `wrong-shape`: 200 with valid JSON that breaks the operation's schema;
 * - `network`: the handler rejects with a `TypeError`, as `fetch` does when the network fails
 *   (the sandbox's node server destroys the socket; its MSW handlers answer a network error);
 * - `redirect`: 302 to `location`;
 * - `success-false`: 200 `{ "success": false }` (the legacy envelope's refusal).
 */
export type SandboxFault =
  | { kind: 'latency'; ms: number }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-shape' }
  | { kind: 'network' }
  | { kind: 'redirect'; location: string }
  | { kind: 'success-false' };

export interface FaultOptions {
  /** Only requests for this operation (default: every operation). */
  operation?: OperationName;
  /** How many requests it applies to (default: every one until `clearFaults()`). */
  times?: number;
}

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
   * How long a flow link created with a `user_id` stays valid, in ms. Default 15 minutes, the
   * lifetime `FlowLauncher` assumes (docs/api.md#create-a-flow).
   */
  flowLinkTtlMs?: number;
  /**
   * How many recorded calls `calls` keeps at the least: when the log reaches twice this many, the
   * older half is dropped, so a sandbox that serves for hours (the demo, a benchmark) stays
   * bounded in memory. Default 10 000; `Infinity` keeps every call.
   */
  maxCalls?: number;
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
  /** Makes a created flow's link expire now. */
  expireFlow: (flowId: string) => void;
  /** The in-memory data, for assertions. */
  readonly data: SandboxData;
}

export interface SandboxData {
  transactions: Map<string, Transaction>;
  legacyTransactions: Map<string, LegacyTransaction>;
  paymentIntents: Map<string, IntentSeed & { confirmations: number }>;
  flows: Map<string, { flow: Flow; expiresAt: number | undefined }>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function errorResponse(status: number, code: string, message: string, operation?: string, headers?: Record<string, string>): Response {
  return json(new PaymentsError({ kind: 'http', status, code, message, operation }).toJSON(), status, headers);
}

function seedData(): SandboxData {
  return {
    transactions: seedTransactions(),
    legacyTransactions: seedLegacyTransactions(),
    paymentIntents: new Map([...seedPaymentIntents()].map(([id, seed]) => [id, { ...seed, confirmations: 0 }])),
    flows: new Map(),
  };
}

/**
 * An in-memory fake of the payments API: exactly the five operations of docs/api.md#operations at
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
  let faults: { fault: SandboxFault; operation: OperationName | undefined; remaining: number }[] = [];
  let flowCounter = 0;

  function takeFault(operation: OperationName | undefined): SandboxFault | undefined {
    const entry = faults.find((f) => f.operation === undefined || f.operation === operation);
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) faults = faults.filter((f) => f !== entry);
    return entry.fault;
  }

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
    if (url.pathname.startsWith('/hosted/')) return hosted(request, url);

    const matches = matchOperationPath(url.pathname);
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

    const fault = takeFault(operation.name);
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
    return execute(operation.name, params, query, input, url);
  }

  async function applyFault(fault: SandboxFault, operation: OperationDefinition, signal: AbortSignal): Promise<Response | undefined> {
    switch (fault.kind) {
      case 'latency':
        await sleep(fault.ms, signal);
        return undefined;
      case 'hang':
        await raceAbort(new Promise<never>(() => undefined), signal);
        return undefined;
      case 'status':
        return fault.body === undefined
          ? errorResponse(fault.status, 'injected', `Injected status ${fault.status}.`, operation.name, fault.headers)
          : json(fault.body, fault.status, fault.headers);
      case 'malformed-json':
        return new Response('{"id": 1001, "amount": ', { status: 200, headers: JSON_HEADERS });
      case 'wrong-shape':
        return json({ id: 'not-a-number', amount: { cents: 5 }, unexpected: true }, 200);
      case 'network':
        throw new TypeError('Failed to fetch (sandbox: injected network failure)');
      case 'redirect':
        return new Response(null, { status: 302, headers: { location: fault.location } });
      case 'success-false':
        return json({ success: false }, 200);
    }
  }

  function execute(name: OperationName, params: Record<string, string>, query: Record<string, string | undefined>, input: unknown, url: URL): Response {
    switch (name) {
      case 'getTransaction': {
        const tx = data.transactions.get(params.transaction_id ?? '');
        return tx ? json(tx) : errorResponse(404, 'not_found', 'No transaction with this id.', name);
      }
      case 'getLegacyTransaction': {
        const id = params.transaction_id ?? '';
        if (id === sandboxIds.legacyTransactions.unsuccessful) return json({ success: false });
        const tx = data.legacyTransactions.get(String(Number(id)));
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
        const body = input as { steps: Parameters<typeof flowStepName>[0][]; user_id?: string; metadata?: Record<string, unknown> };
        flowCounter += 1;
        const id = `flow_${String(flowCounter).padStart(4, '0')}`;
        const origin = options.origin ?? url.origin;
        const created = now();
        const expiresAt =
          body.user_id === sandboxIds.expiredFlowUser
            ? created.getTime() - 1
            : body.user_id === undefined
              ? undefined
              : created.getTime() + flowLinkTtlMs;
        const steps = body.steps.map(flowStepName);
        // The hosted page is static: what it shows comes from its link (see hostedFlowPage.ts).
        const link = new URL(HOSTED_FLOW_PATH, origin);
        link.searchParams.set('flow', id);
        link.searchParams.set('steps', steps.join(','));
        if (expiresAt !== undefined) link.searchParams.set('expires', String(expiresAt));
        const flow: Flow = {
          id,
          created: created.toISOString(),
          link: link.href,
          metadata: body.metadata ?? {},
          steps,
          completed_steps: [],
          user_id: body.user_id ?? null,
        };
        data.flows.set(id, { flow, expiresAt });
        return json(flow);
      }
      case 'getTransactionVolume':
        return json({ success: true, volume: volumeFor(query.period, query.type, query.tz) });
    }
  }

  function hosted(request: Request, url: URL): Response {
    const headers = {
      'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors *",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { ...headers, allow: 'GET, HEAD' } });
    }
    const files: Record<string, [string, string]> = {
      [HOSTED_FLOW_PATH]: [hostedFlowHtml, 'text/html; charset=utf-8'],
      '/hosted/flow.js': [hostedFlowJs, 'text/javascript; charset=utf-8'],
      '/hosted/flow.css': [hostedFlowCss, 'text/css; charset=utf-8'],
    };
    const file = Object.hasOwn(files, url.pathname) ? files[url.pathname] : undefined;
    if (!file) return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain' } });
    // A known flow whose window has passed answers 410 (the page then shows "expired" too).
    const entry = data.flows.get(url.searchParams.get('flow') ?? '');
    const expired = entry?.expiresAt !== undefined && now().getTime() > entry.expiresAt;
    return new Response(file[0], { status: expired ? 410 : 200, headers: { ...headers, 'content-type': file[1] } });
  }

  return {
    handle,
    fetch: (input, init) => handle(input instanceof Request && init === undefined ? input : new Request(input, init)),
    credentials,
    authorization,
    calls,
    callsFor: (operation) => calls.filter((c) => c.operation === operation),
    inject: (fault, faultOptions = {}) => {
      faults.push({ fault, operation: faultOptions.operation, remaining: faultOptions.times ?? Infinity });
    },
    clearFaults: () => {
      faults = [];
    },
    reset: () => {
      data = seedData();
      calls.length = 0;
      faults = [];
      flowCounter = 0;
    },
    expireFlow: (flowId) => {
      const entry = data.flows.get(flowId);
      if (entry) entry.expiresAt = now().getTime() - 1;
    },
    get data() {
      return data;
    },
  };
}
