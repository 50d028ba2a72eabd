import { ANSWER_CHECKED_HEADER, ANSWER_CHECKED_VERSION, buildPath, startDeadline, type StopSignal } from '../../api/index.js';
import { callUpstream } from './callUpstream.js';
import { checkFlowLinkOrigin } from './checkFlowLinkOrigin.js';
import type { ProxyRequest } from '../request/readProxyRequest.js';
import type { Redactor } from './redact.js';
import type { UpstreamClient } from './UpstreamClient.js';
import type { ProxyAnswer } from '../proxyError.js';

const LEGACY_PREFIX = '/api/api';
/** The browser takes a checked answer as it is (`ANSWER_CHECKED_HEADER`). */
const CHECKED = { [ANSWER_CHECKED_HEADER]: ANSWER_CHECKED_VERSION } as const;

/** What the upstream call needs of the proxy's settings, resolved and checked. */
export interface UpstreamConfig {
  bases: { v2: string; legacy: string };
  /** What replaces the operations table's `/api/api` at the start of a legacy path. */
  legacyPathPrefix: '/api/api' | '/api';
  /** `authorization`, and `api-app-id` with an app id: added to every upstream request. */
  credentialHeaders: Record<string, string>;
  timeoutMs: number;
  upstream: UpstreamClient;
  /** By default the API's documented hosted-page origins (`DEFAULT_FLOW_ORIGINS`). */
  flowOrigins: Set<string> | undefined;
}

/** A call ready to go upstream: the body it sends (its fingerprint) and the one way to send it. */
export interface UpstreamCall {
  bodyText: string | undefined;
  send: () => Promise<ProxyAnswer>;
}

/**
 * Builds the upstream request only from validated pieces: the configured base, the API path,
 * validated params, the operation's own query parameters, and a body re-serialised from the
 * validated fields (the schema stripped unknown ones). The credentials are added here and
 * nowhere else.
 */
export function prepareUpstreamCall(
  config: UpstreamConfig,
  call: ProxyRequest,
  browserGone: StopSignal,
  redactor: Redactor,
): UpstreamCall {
  const { operation, name, params, query, body, idempotencyKey } = call;
  const { bases, legacyPathPrefix, credentialHeaders, timeoutMs, upstream, flowOrigins } = config;
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity', ...credentialHeaders };
  if (bodyText !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const path = buildPath(operation.path, params);
  // The table writes legacy paths as the API's reference does, `/api/api/…`; a legacy server laid
  // out as the v1 OpenAPI file has them at `/api/…` (docs/api.md#base-addresses).
  const upstreamPath = operation.base === 'legacy' && path.startsWith(LEGACY_PREFIX) ? legacyPathPrefix + path.slice(LEGACY_PREFIX.length) : path;
  const url = bases[operation.base] + upstreamPath + (query ? toSearch(query) : '');

  const send = async (): Promise<ProxyAnswer> => {
    // A money-moving call, once sent, runs to its end so its outcome can be stored and
    // replayed; a read stops when the browser goes away.
    const deadline = startDeadline(timeoutMs, operation.idempotent ? undefined : browserGone);
    try {
      const result = await callUpstream(
        upstream,
        operation,
        { url, method: operation.method, headers, body: bodyText, signal: deadline, movesMoney: operation.idempotent === true },
        redactor,
        timeoutMs,
      );
      if (name === 'createFlow') checkFlowLinkOrigin(result, flowOrigins, name);
      return { status: result.status, body: result.body, headers: result.checked ? CHECKED : undefined };
    } finally {
      deadline.clear();
    }
  };
  return { bodyText, send };
}

/** The validated query as the upstream URL's search part (`?…`, or '' when empty). */
export function toSearch(query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
