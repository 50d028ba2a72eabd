import { raceAbort, sleep, type OperationDefinition, type OperationName } from '../api/index.js';
import { JSON_HEADERS, apiErrors, errorResponse, json, type ApiErrorName } from './sandboxResponses.js';

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
 * - `success-false`: 200 `{ "success": false }` (the legacy envelope's refusal);
 * - `api-error`: an error answer as the payments API documents it (docs/api.md#errors):
 *   `insufficient-funds` (400 `transaction-insufficient-funds`, "Not enough funds in wallet"),
 *   `busy` (400 `resource-busy`), `invalid-input` (400 `invalid-input`, "Missing parameter") or
 *   `unauthorized` (403 `{ "success": false, "message": "Resource not found or unauthorized" }`).
 *   Behind the proxy the browser gets them as `upstreamCode` / `upstreamMessage`.
 */
export type SandboxFault =
  | { kind: 'latency'; ms: number }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-shape' }
  | { kind: 'network' }
  | { kind: 'redirect'; location: string }
  | { kind: 'success-false' }
  | { kind: 'api-error'; error: ApiErrorName };

export interface FaultOptions {
  /** Only requests for this operation (default: every operation). */
  operation?: OperationName;
  /** How many requests it applies to (default: every one until `clearFaults()`). */
  times?: number;
}

/** The faults injected and not used up yet: the first that matches an operation applies. */
export function createFaultQueue() {
  let faults: { fault: SandboxFault; operation: OperationName | undefined; remaining: number }[] = [];
  return {
    take: (operation: OperationName | undefined): SandboxFault | undefined => {
      const entry = faults.find((f) => f.operation === undefined || f.operation === operation);
      if (!entry) return undefined;
      entry.remaining -= 1;
      if (entry.remaining <= 0) faults = faults.filter((f) => f !== entry);
      return entry.fault;
    },
    inject: (fault: SandboxFault, options: FaultOptions = {}): void => {
      faults.push({ fault, operation: options.operation, remaining: options.times ?? Infinity });
    },
    clear: (): void => {
      faults = [];
    },
  };
}

/** The answer a fault gives, or undefined when the request then goes on as usual (`latency`). */
export async function applyFault(fault: SandboxFault, operation: OperationDefinition, signal: AbortSignal): Promise<Response | undefined> {
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
    case 'api-error': {
      const { status, body } = apiErrors[fault.error];
      return json(body, status);
    }
  }
}
