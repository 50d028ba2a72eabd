import {
  buildPath,
  idempotencyKeySchema,
  matchOperationPath,
  parseRequestPart,
  startDeadline,
  type OperationDefinition,
  type OperationName,
  type PaymentsError,
} from '../api/index.js';
import { callUpstream } from './callUpstream.js';
import { createFetchUpstream } from './createFetchUpstream.js';
import { createIdempotencyGate, type GatedOutcome } from './createIdempotencyGate.js';
import { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
import { errorAnswer } from './errorAnswer.js';
import { proxyError } from './proxyError.js';
import { readJsonBody } from './readJsonBody.js';
import { createRedactor, toBase64 } from './redact.js';
import type { PaymentsProxyContext, PaymentsProxyOptions, ProxyAnswer, ProxyCore, ProxyIncoming } from './types.js';
import type { UpstreamClient, UpstreamRequest } from './UpstreamClient.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A confirm's claim outlives its upstream call by this much (the store's own round trips), and
 * no longer: a crashed instance never holds a key for more than the deadline and this margin.
 */
const LOCK_MARGIN_MS = 5_000;

/** The settings `createProxyCore` resolved from its options, all checked. */
interface ProxyConfig {
  bases: { v2: string; legacy: string };
  authorization: string;
  basePath: string;
  timeoutMs: number;
  maxBodyBytes: number;
  idempotencyTtlMs: number;
  upstream: UpstreamClient;
}

/**
 * Checks the proxy's options as `createPaymentsProxy` will read them, and throws a `TypeError`
 * naming the first wrong setting. `createPaymentsProxy` itself never throws on its options (a
 * framework may import the route module while building, without the runtime's secrets): it
 * answers every request with a 500 instead. Call this where a server should refuse to start.
 *
 * @example
 * checkPaymentsProxyOptions(options); // at server start-up
 * export const paymentsProxy = createPaymentsProxy(options);
 */
export function checkPaymentsProxyOptions(options: PaymentsProxyOptions): void {
  resolveConfig(options, () => createFetchUpstream());
}

/**
 * The merchant-side proxy between the kit's components and the payments API: the only place
 * the API credentials live. It forwards exactly the five operations of the operations table
 * (docs/api.md#operations), each rebuilt from validated pieces, for users `authorize` allows,
 * and answers everything else with the kit's one error shape.
 *
 * Upstream 2xx bodies are checked against the operation's response schema (a wrong shape is a
 * 502) but forwarded as received (credentials redacted): the check keeps a broken answer from
 * being stored and replayed for a day as a confirm's outcome, and forwarding the original text
 * leaves unknown fields and values to the browser's own parse (docs/api.md#forward-compatibility).
 *
 * `defaultUpstream` makes the upstream client when the options give none (each entry has its own).
 */
export function createProxyCore(options: PaymentsProxyOptions, defaultUpstream: () => UpstreamClient): ProxyCore {
  let config: ProxyConfig;
  try {
    config = resolveConfig(options, defaultUpstream);
  } catch (error) {
    return misconfigured(error instanceof Error ? error.message : String(error));
  }
  const { bases, authorization, basePath, timeoutMs, maxBodyBytes, idempotencyTtlMs, upstream } = config;
  const gate = createIdempotencyGate({
    store: options.idempotencyStore ?? createMemoryIdempotencyStore(),
    ttlMs: idempotencyTtlMs,
    lockMs: timeoutMs + LOCK_MARGIN_MS,
  });
  const redactor = createRedactor(options.credentials.clientId, options.credentials.apiKey);
  const { authorize, idempotencyScope, onError } = options;

  return async function paymentsProxy(incoming) {
    let operationName: OperationName | undefined;
    let extraHeaders: Record<string, string> | undefined;
    const report = (error: PaymentsError) => {
      if (!onError) return;
      try {
        onError(error, incoming.request);
      } catch {
        // A logging hook must not change the answer.
      }
    };
    try {
      const { method, url } = incoming;
      const rest = stripBasePath(url.pathname, basePath);
      // Method and path are matched against the operations table only. Literal segments are
      // compared still percent-encoded, so `%2F`, `%2e` or `%61pi` never match an API segment.
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

      // Decode each path parameter exactly once, then validate it. Every schema admits only
      // [A-Za-z0-9_-], so a decoded `/`, `.`, `%`, NUL or an over-long id is a 400 here.
      const params = operation.params
        ? (parseRequestPart(name, 'params', operation.params, decodeParams(match.params, name)) as Record<string, string>)
        : undefined;
      const query = operation.query
        ? (parseRequestPart(name, 'query', operation.query, pickQuery(url.searchParams, operation, name)) as Record<string, string | undefined>)
        : undefined;
      let body: unknown;
      if (operation.body) {
        body = parseRequestPart(name, 'body', operation.body, await readJsonBody(incoming, maxBodyBytes, name));
      } else if (hasBody(incoming)) {
        // Never read: a GET's body could be endless. The adapters close the connection after this answer.
        throw proxyError(400, 'invalid_request', `${name} takes no request body.`, name);
      }
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

      // The upstream request is built only from validated pieces: the configured base, the API
      // path, validated params, the operation's own query parameters, and a body re-serialised
      // from the validated fields (unknown fields were stripped by the schema).
      const search = query ? toSearch(query) : '';
      const bodyText = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity', authorization };
      if (bodyText !== undefined) headers['content-type'] = 'application/json';
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const upstreamUrl = bases[operation.base] + buildPath(operation.path, params) + search;
      const call = async (): Promise<ProxyAnswer> => {
        // A money-moving call, once sent, runs to its end so its outcome can be stored and
        // replayed; a read stops when the browser goes away.
        const deadline = startDeadline(timeoutMs, operation.idempotent ? undefined : incoming.signal);
        const request: UpstreamRequest = {
          url: upstreamUrl,
          method: operation.method,
          headers,
          body: bodyText,
          signal: deadline,
          movesMoney: operation.idempotent,
        };
        try {
          const result = await callUpstream(upstream, operation, request, redactor, timeoutMs);
          return { status: result.status, body: result.body, headers: undefined };
        } finally {
          deadline.clear();
        }
      };

      if (idempotencyKey === undefined) return await call();
      const scope = idempotencyScope ? await idempotencyScope(context as PaymentsProxyContext) : '';
      return await gate({
        // Scoped per operation, payment intent and (optionally) merchant user; JSON keeps the
        // parts apart whatever characters the scope holds.
        key: JSON.stringify([name, params?.payment_intent_id, idempotencyKey, scope]),
        fingerprint: await sha256(bodyText ?? ''),
        operation: name,
        execute: async (): Promise<GatedOutcome> => {
          try {
            return { ...(await call()), definitive: true };
          } catch (error) {
            const answered = errorAnswer(error, name);
            report(answered.error);
            return { ...answered.answer, definitive: isDefinitive(answered.answer.status) };
          }
        },
        report: (error) => {
          report(errorAnswer(proxyError(500, 'idempotency_store_failed', `The idempotency store failed after ${name} was answered.`, name, error), name).error);
        },
      });
    } catch (error) {
      const answered = errorAnswer(error, operationName, extraHeaders);
      report(answered.error);
      return answered.answer;
    }
  };
}

/**
 * Whether a confirm's answer is its definitive outcome (stored and replayed): a 2xx, or a 4xx
 * other than 408, 409, 425 and 429, which say "not now" rather than "no". Everything else —
 * those four, 5xx, a timeout, a network failure — leaves the outcome unknown.
 */
export function isDefinitive(status: number): boolean {
  return status < 500 && status !== 408 && status !== 409 && status !== 425 && status !== 429;
}

/** Whether a request carries a body (any framing), without reading it. */
function hasBody(incoming: ProxyIncoming): boolean {
  if (incoming.header('transfer-encoding') !== null) return true;
  const length = incoming.header('content-length');
  return length !== null && length.trim() !== '0';
}

/** Every request answers 500 naming the wrong setting; one log line says so when it is made. */
function misconfigured(problem: string): ProxyCore {
  console.error(`payments-kit: ${problem} Every request to the payments proxy answers 500 until this is fixed.`);
  const answer = errorAnswer(
    proxyError(500, 'proxy_misconfigured', `The payments proxy is not configured: ${problem.replace(/^createPaymentsProxy: /, '')}`, undefined),
    undefined,
  ).answer;
  return () => Promise.resolve(answer);
}

function resolveConfig(options: PaymentsProxyOptions, defaultUpstream: () => UpstreamClient): ProxyConfig {
  if (options.upstream !== undefined && options.fetch !== undefined) {
    throw new TypeError('createPaymentsProxy: give upstream or fetch, not both.');
  }
  return {
    bases: {
      v2: checkBaseUrl('baseUrl', options.baseUrl),
      legacy: checkBaseUrl('legacyBaseUrl', options.legacyBaseUrl),
    },
    authorization: basicAuthorization(options.credentials),
    basePath: checkBasePath(options.basePath ?? '/api/payments'),
    timeoutMs: checkPositive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    maxBodyBytes: checkPositive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    idempotencyTtlMs: checkPositive('idempotencyTtlMs', options.idempotencyTtlMs ?? DAY_MS),
    upstream: options.upstream ?? (options.fetch ? createFetchUpstream({ fetch: options.fetch }) : defaultUpstream()),
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
 * Only the query parameters the operation defines are read; any other is dropped. A defined one
 * given twice is ambiguous (which one would a cache or a log see?) and refused.
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
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.username + url.password + url.search + url.hash !== '') {
    throw new TypeError(
      `createPaymentsProxy: ${option} must be an absolute http(s) URL without credentials, query or fragment, such as "https://api.example.com".`,
    );
  }
  // The API's paths start with "/", so the base keeps its own path prefix but no trailing slash.
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

/** `Authorization: Basic base64(clientId:apiKey)` (docs/api.md#authentication). */
function basicAuthorization(credentials: { clientId: string; apiKey: string } | undefined): string {
  const { clientId, apiKey } = credentials ?? {};
  if (typeof clientId !== 'string' || typeof apiKey !== 'string' || clientId === '' || apiKey === '') {
    throw new TypeError('createPaymentsProxy: credentials must be { clientId, apiKey }, two non-empty strings from your server environment.');
  }
  // RFC 7617: the user-id of Basic auth cannot hold ":"; control characters break the header.
  if (clientId.includes(':') || hasControlCharacter(clientId + apiKey)) {
    throw new TypeError('createPaymentsProxy: credentials.clientId may not contain ":", and neither credential may contain control characters.');
  }
  return `Basic ${toBase64(`${clientId}:${apiKey}`)}`;
}

function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((char) => char < ' ' || char === '\x7f');
}
