import { ANSWER_CHECKED_HEADER, matchOperationPath, SESSION_HEADER, type OperationTable } from '../../api/index.js';
import { errorAnswer, proxyError, type ProxyAnswer } from '../proxyError.js';
import { stripBasePath } from './readProxyRequest.js';
import type { ProxyIncoming } from './ProxyIncoming.js';

/** Request headers a page of a listed origin sends the proxy beyond the CORS-safelisted ones. */
const ALLOWED_HEADERS = `content-type, idempotency-key, ${SESSION_HEADER}`;
/** Answer headers its code reads: the confirm's replay mark, when to retry, and that the proxy checked the answer. */
const EXPOSED_HEADERS = `idempotent-replayed, retry-after, ${ANSWER_CHECKED_HEADER}`;

/**
 * CORS for the pages `allowedOrigins` lists, and only for them: the headers that let such a page
 * read the answer, or `undefined` for any other caller (same-origin pages need none).
 */
export function corsHeadersFor(incoming: ProxyIncoming, allowedOrigins: ReadonlySet<string>): Record<string, string> | undefined {
  const origin = incoming.header('origin');
  if (origin === null || !allowedOrigins.has(origin)) return undefined;
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
}

/**
 * The preflight a listed origin's page sends before a call with `Payments-Session` or a JSON
 * body: 204 with the methods the path takes, or 404 for a path the proxy does not serve.
 */
export function preflightAnswer(incoming: ProxyIncoming, basePath: string, cors: Record<string, string>, table: OperationTable): ProxyAnswer {
  const rest = stripBasePath(incoming.url.pathname, basePath);
  const methods = [...new Set((rest === undefined ? [] : matchOperationPath(rest, table)).map((m) => m.operation.method))];
  if (methods.length === 0) {
    return errorAnswer(proxyError(404, 'not_found', 'No payments operation is served at this path.', undefined, undefined, cors), undefined).answer;
  }
  return {
    status: 204,
    body: '',
    headers: {
      ...cors,
      'access-control-allow-methods': methods.join(', '),
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    },
  };
}
