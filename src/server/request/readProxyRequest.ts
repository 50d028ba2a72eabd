import {
  idempotencyKeySchema,
  matchOperationPath,
  parseRequestPart,
  type OperationDefinition,
  type OperationName,
  type OperationTable,
} from '../../api/index.js';
import { proxyError } from '../proxyError.js';
import { readJsonBody } from './readJsonBody.js';
import type { ProxyIncoming } from './ProxyIncoming.js';

/** One request as the proxy understood it: which operation, and its validated parts. */
export interface ProxyRequest {
  operation: OperationDefinition;
  name: OperationName;
  params: Record<string, string> | undefined;
  query: Record<string, string | undefined> | undefined;
  body: unknown;
  /** The confirm's key; `undefined` for an operation that moves no money. */
  idempotencyKey: string | undefined;
}

/** The operation a request's method and path name, before any other part of it is read. */
export interface ProxyRoute {
  operation: OperationDefinition;
  name: OperationName;
  /** Path parameters, still percent-encoded. */
  rawParams: Record<string, string>;
}

/**
 * Matches a request's method and path against the operations table, or throws the 404 (no
 * operation at this path) or 405 (with `Allow`) that answers it.
 */
export function matchProxyRoute(incoming: ProxyIncoming, basePath: string, table: OperationTable): ProxyRoute {
  const { method, url } = incoming;
  const rest = stripBasePath(url.pathname, basePath);
  // Method and path are matched against the operations table only. Literal segments are
  // compared still percent-encoded, so `%2F`, `%2e` or `%61pi` never match an API segment.
  const matches = rest === undefined ? [] : matchOperationPath(rest, table);
  const match = matches.find((m) => m.operation.method === method);
  if (!match) {
    const first = matches[0];
    if (!first) {
      throw proxyError(404, 'not_found', 'No payments operation is served at this path.', undefined);
    }
    const allow = [...new Set(matches.map((m) => m.operation.method))].join(', ');
    const name = first.operation.name;
    throw proxyError(405, 'method_not_allowed', `${name} takes ${allow}, not ${method}.`, name, undefined, { allow });
  }
  return { operation: match.operation, name: match.operation.name, rawParams: match.params };
}

/**
 * Validates every part of a matched request (params, query, body, `Idempotency-Key`), or throws
 * the proxy error that answers it (400, 413, 415), naming the operation.
 */
export async function readProxyRequest(incoming: ProxyIncoming, route: ProxyRoute, maxBodyBytes: number): Promise<ProxyRequest> {
  const { operation, name } = route;
  // Decode each path parameter exactly once, then validate it. Every schema admits only
  // [A-Za-z0-9_-], so a decoded `/`, `.`, `%`, NUL or an over-long id is a 400 here.
  const params = operation.params
    ? (parseRequestPart(name, 'params', operation.params, decodeParams(route.rawParams, name)) as Record<string, string>)
    : undefined;
  const query = operation.query
    ? (parseRequestPart(name, 'query', operation.query, pickQuery(incoming.url.searchParams, operation, name)) as Record<string, string | undefined>)
    : undefined;
  let body: unknown;
  if (operation.body) {
    body = parseRequestPart(name, 'body', operation.body, await readJsonBody(incoming, maxBodyBytes, name));
  } else if (hasBody(incoming)) {
    // Never read: a GET's body could be endless. The adapters close the connection after this answer.
    throw proxyError(400, 'invalid_request', `${name} takes no request body.`, name);
  }
  const idempotencyKey = operation.idempotent ? readIdempotencyKey(incoming, name) : undefined;
  return { operation, name, params, query, body, idempotencyKey };
}

/** Whether a request carries a body (any framing), without reading it. */
function hasBody(incoming: ProxyIncoming): boolean {
  if (incoming.header('transfer-encoding') !== null) return true;
  const length = incoming.header('content-length');
  return length !== null && length.trim() !== '0';
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

/** The path after `basePath`, or `undefined` when the request is not under it. */
export function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  return pathname.slice(basePath.length);
}
