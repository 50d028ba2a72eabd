import {
  buildPath,
  idempotencyKeySchema,
  matchOperationPath,
  parseRequestPart,
  type OperationBody,
  type OperationDefinition,
  type OperationName,
  type OperationParams,
  type OperationQuery,
  type PaymentsError,
} from '../api/index.js';
import type { StopSignal, UpstreamTextRequest } from '../node/upstreamText.js';
import { callUpstream, upstreamTextFor } from './callUpstream.js';
import { createIdempotencyGate } from './createIdempotencyGate.js';
import { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
import { errorAnswer } from './errorAnswer.js';
import type { IdempotencyStore } from './IdempotencyStore.js';
import { proxyError } from './proxyError.js';
import { readJsonBody } from './readJsonBody.js';

/** What `authorize` and `idempotencyScope` get: one operation's validated input. */
export type PaymentsProxyContext = {
  [N in OperationName]: {
    operation: N;
    params: OperationParams<N>;
    query: OperationQuery<N>;
    body: OperationBody<N>;
    /**
     * The incoming request: read your session cookie or header from it. Its body is consumed
     * (on `payments-kit/server/node`'s Node path it is built on first use, without the body).
     */
    request: Request;
  };
}[OperationName];

export interface PaymentsProxyOptions {
  /** `{base_url}`: the v2 interface's base address, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** `{legacy_base_url}`: the earlier interface's base address (spec §9). */
  legacyBaseUrl: string;
  /** Sent upstream as HTTP Basic `clientId:apiKey` (spec §5). Never leaves the server. */
  credentials: { clientId: string; apiKey: string };
  /** Where the proxy is mounted; the spec paths follow it. Default `/api/payments`. */
  basePath?: string;
  /**
   * Decides whether the merchant's user may make this call. Gets the operation, its validated
   * params, query and body, and the incoming request. `false`, or a thrown error, answers 403.
   */
  authorize?: (context: PaymentsProxyContext) => boolean | Promise<boolean>;
  /** Upstream deadline in ms, body read included; past it the call is aborted (504). Default 10 000. */
  timeoutMs?: number;
  /** Largest accepted request body in bytes (413 beyond). Default 16 KiB. */
  maxBodyBytes?: number;
  /** The `fetch` used for upstream calls. Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Where confirm responses are kept for replay. Default: in memory, 10 000 records. */
  idempotencyStore?: IdempotencyStore;
  /** How long a confirm response is replayed for its `Idempotency-Key`. Default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * Extra scope for idempotency keys, e.g. the merchant's user id from the session, so that two
   * users can never replay each other's confirm. Keys are always scoped by payment intent id.
   */
  idempotencyScope?: (context: PaymentsProxyContext) => string | Promise<string>;
  /**
   * Called with every error the proxy answers, for your logs. Its `cause` may hold upstream
   * details (URLs, socket errors) that are deliberately not sent to the browser.
   */
  onError?: (error: PaymentsError, request: Request) => void;
}

/**
 * One request as the proxy reads it, whatever carried it: a fetch `Request` (`payments-kit/server`)
 * or node:http's request and response (the Node path of `payments-kit/server/node`). Both give
 * the same values, so every rule below applies the same way to both.
 */
export interface ProxyIncoming {
  readonly method: string;
  /** The request's absolute URL; only its path (still percent-encoded) and query are read. */
  readonly url: URL;
  /** A request header, every value of it joined by ", " (as `Headers.get`), or null. */
  header(name: string): string | null;
  /**
   * The body, at most `maxBytes`: resolves `undefined` when it is larger (reading stops there),
   * rejects when it cannot be read.
   */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>;
  /** Aborts when the browser goes away. */
  readonly signal: StopSignal;
  /** The request as a fetch `Request`, for the hooks (on the Node path, built on first use). */
  readonly request: Request;
}

/** What the proxy answers: always JSON, with these extra headers (`Allow`, `Idempotent-Replayed`). */
export interface ProxyAnswer {
  status: number;
  body: string;
  headers: Record<string, string> | undefined;
}

/** The proxy itself, independent of how requests arrive and answers leave. Never rejects. */
export type ProxyCore = (incoming: ProxyIncoming) => Promise<ProxyAnswer>;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Every specified response is a small object; a megabyte is far beyond any of them. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * The merchant-side proxy between the kit's components and the payments API: the only place
 * the API credentials live (ARCHITECTURE.md). It forwards exactly the five operations of the
 * operations table, each rebuilt from validated pieces, for users `authorize` allows, and
 * answers everything else with the kit's one error shape.
 *
 * Upstream 2xx bodies are checked against the operation's response schema (a wrong shape is a
 * 502) but forwarded as received: the check keeps a broken answer from being stored and
 * replayed for a day as a confirm's outcome, and forwarding the original text leaves unknown
 * fields and values to the browser's own parse (forward compatibility, ARCHITECTURE.md).
 */
export function createProxyCore(options: PaymentsProxyOptions): ProxyCore {
  const bases = {
    v2: checkBaseUrl('baseUrl', options.baseUrl),
    legacy: checkBaseUrl('legacyBaseUrl', options.legacyBaseUrl),
  } as const;
  const authorization = basicAuthorization(options.credentials);
  const basePath = checkBasePath(options.basePath ?? '/api/payments');
  const timeoutMs = checkPositive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxBodyBytes = checkPositive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const send = upstreamTextFor(options.fetch ?? globalThis.fetch.bind(globalThis));
  const gate = createIdempotencyGate(
    options.idempotencyStore ?? createMemoryIdempotencyStore(),
    checkPositive('idempotencyTtlMs', options.idempotencyTtlMs ?? DAY_MS),
  );
  const secrets = [options.credentials.clientId, options.credentials.apiKey, authorization];
  const { authorize, idempotencyScope, onError } = options;

  return async function paymentsProxy(incoming) {
    let operationName: OperationName | undefined;
    let extraHeaders: Record<string, string> | undefined;
    try {
      const { method, url } = incoming;
      const rest = stripBasePath(url.pathname, basePath);
      // Issue: match method and path against the operations table only. Literal segments are
      // compared still percent-encoded, so `%2F`, `%2e` or `%61pi` never match a spec segment.
      const matches = rest === undefined ? [] : matchOperationPath(rest);
      const match = matches.find((m) => m.operation.method === method);
      if (!match) {
        const first = matches[0];
        if (!first) {
          throw proxyError(404, 'not_found', 'No payments operation is served at this path.', undefined);
        }
        operationName = first.operation.name;
        extraHeaders = { allow: [...new Set(matches.map((m) => m.operation.method))].join(', ') };
        throw proxyError(405, 'method_not_allowed', `${operationName} takes ${extraHeaders.allow}, not ${method}.`, operationName);
      }
      const operation: OperationDefinition = match.operation;
      const name = match.operation.name;
      operationName = name;

      // Decode each path parameter exactly once, then validate it (issue). Every schema admits
      // only [A-Za-z0-9_-], so a decoded `/`, `.`, `%`, NUL or an over-long id is a 400 here.
      const params = operation.params
        ? (parseRequestPart(name, 'params', operation.params, decodeParams(match.params, name)) as Record<string, string>)
        : undefined;
      const query = operation.query
        ? (parseRequestPart(name, 'query', operation.query, pickQuery(url.searchParams, operation, name)) as Record<string, string | undefined>)
        : undefined;
      const body = operation.body
        ? parseRequestPart(name, 'body', operation.body, await readJsonBody(incoming, maxBodyBytes, name))
        : undefined;
      const idempotencyKey = operation.idempotent ? readIdempotencyKey(incoming, name) : undefined;

      // Made only for the hooks (an object literal with a getter costs µs to create), and
      // `request` is read only when a hook asks for it (the Node path builds it on first use).
      const context =
        authorize || idempotencyScope
          ? ({
              operation: name,
              params,
              query,
              body,
              get request() {
                return incoming.request;
              },
            } as PaymentsProxyContext)
          : undefined;
      if (authorize) {
        let allowed: boolean;
        try {
          allowed = await authorize(context as PaymentsProxyContext);
        } catch (error) {
          throw proxyError(403, 'forbidden', `You may not use ${name}.`, name, error);
        }
        if (!allowed) throw proxyError(403, 'forbidden', `You may not use ${name}.`, name);
      }

      // Issue: the upstream request is built only from validated pieces — the configured base,
      // the spec path, validated params, the operation's own query parameters, and a body
      // re-serialised from the validated fields (unknown fields were stripped by the schema).
      const search = query ? toSearch(query) : '';
      const bodyText = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { accept: 'application/json', authorization };
      if (bodyText !== undefined) headers['content-type'] = 'application/json';
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const upstream: UpstreamTextRequest = {
        url: bases[operation.base] + buildPath(operation.path, params) + search,
        method: operation.method,
        headers,
        body: bodyText,
        // A money-moving call, once sent, runs to its end so its outcome can be stored and
        // replayed; reads stop when the browser goes away.
        signal: operation.idempotent ? undefined : incoming.signal,
        timeoutMs,
        maxBytes: MAX_RESPONSE_BYTES,
      };

      if (idempotencyKey === undefined) {
        const result = await callUpstream(send, operation, upstream, secrets);
        return { status: result.status, body: result.body, headers: undefined };
      }
      const scope = idempotencyScope ? await idempotencyScope(context as PaymentsProxyContext) : '';
      const result = await gate({
        // Scoped per operation, payment intent and (optionally) merchant user; JSON keeps the
        // parts apart whatever characters the scope holds.
        key: JSON.stringify([name, params?.payment_intent_id, idempotencyKey, scope]),
        fingerprint: await sha256(bodyText ?? ''),
        operation: name,
        execute: async () => {
          try {
            const result = await callUpstream(send, operation, upstream, secrets);
            return { ...result, store: true };
          } catch (error) {
            // Upstream's 4xx is a final answer and is replayed; a 502/504 leaves the outcome
            // unknown, so it is not stored and the same key may be retried.
            const { answer } = errorAnswer(error, name);
            const status = answer.status;
            return { status, body: answer.body, store: status >= 400 && status < 500 };
          }
        },
      });
      return { status: result.status, body: result.body, headers: result.replayed ? { 'idempotent-replayed': 'true' } : undefined };
    } catch (error) {
      const answered = errorAnswer(error, operationName, extraHeaders);
      if (onError) {
        try {
          onError(answered.error, incoming.request);
        } catch {
          // A logging hook must not change the answer.
        }
      }
      return answered.answer;
    }
  };
}

function decodeParams(raw: Record<string, string>, operation: string): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    try {
      decoded[key] = decodeURIComponent(value);
    } catch (error) {
      throw proxyError(400, 'invalid_request', `params.${key} is not valid percent-encoding.`, operation, error);
    }
  }
  return decoded;
}

/**
 * Only the query parameters the operation defines are read; any other is dropped (issue:
 * "only the query parameters the operation defines"). A defined one given twice is ambiguous
 * (which one would a cache or a log see?) and refused.
 */
function pickQuery(search: URLSearchParams, operation: OperationDefinition, name: string): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(operation.query?.shape ?? {})) {
    const values = search.getAll(key);
    if (values.length > 1) {
      throw proxyError(400, 'invalid_request', `query.${key} may be given once only.`, name);
    }
    const [value] = values;
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

function toSearch(query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function readIdempotencyKey(incoming: ProxyIncoming, operation: string): string {
  const value = incoming.header('idempotency-key');
  if (value === null) {
    throw proxyError(
      400,
      'invalid_request',
      `headers.Idempotency-Key is required: ${operation} moves money, so each user action sends one key (8–128 letters, digits, "_" or "-").`,
      operation,
    );
  }
  return parseRequestPart(operation as OperationName, 'headers', idempotencyKeySchema, value);
}

function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  return pathname.slice(basePath.length);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ─── Options ──────────────────────────────────────────────────────────────────────────────────

function checkBaseUrl(option: string, value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new TypeError(
      `createPaymentsProxy: ${option} must be an absolute http(s) URL without credentials, query or fragment, such as "https://api.example.com".`,
    );
  }
  // The spec paths start with "/", so the base keeps its own path prefix but no trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function checkBasePath(value: string): string {
  if (!value.startsWith('/') || /[?#%\s\\]/.test(value) || value.includes('//')) {
    throw new TypeError(`createPaymentsProxy: basePath must be a plain path such as "/api/payments", got ${JSON.stringify(value)}.`);
  }
  return value.replace(/\/+$/, '');
}

function checkPositive(option: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new TypeError(`createPaymentsProxy: ${option} must be a positive number, got ${String(value)}.`);
  }
  return value;
}

/** Spec §5: `Authorization: Basic base64(username:password)`, here `clientId:apiKey` (issue). */
function basicAuthorization(credentials: { clientId: string; apiKey: string } | undefined): string {
  const { clientId, apiKey } = credentials ?? {};
  if (typeof clientId !== 'string' || typeof apiKey !== 'string' || clientId === '' || apiKey === '') {
    throw new TypeError('createPaymentsProxy: credentials must be { clientId, apiKey }, two non-empty strings from your server environment.');
  }
  // RFC 7617: the user-id of Basic auth cannot hold ":"; control characters break the header.
  if (clientId.includes(':') || hasControlCharacter(clientId + apiKey)) {
    throw new TypeError('createPaymentsProxy: credentials.clientId may not contain ":", and neither credential may contain control characters.');
  }
  const bytes = new TextEncoder().encode(`${clientId}:${apiKey}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
