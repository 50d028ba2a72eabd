import { basicAuthorization } from '../api/index.js';
import { DEFAULT_FLOW_ORIGINS } from './checkFlowLinkOrigin.js';
import { checkOrigins } from './checkOrigin.js';
import { createFetchUpstream } from './createFetchUpstream.js';
import { checkSessions, type SessionConfig } from './createSessionVerifier.js';
import { resolveRateLimits, type RateLimitConfig } from './rateLimits.js';
import { checkTrustProxy } from './rateLimitSubject.js';
import type { PaymentsProxyOptions } from './types.js';
import type { UpstreamClient } from './UpstreamClient.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings the proxy core runs on, resolved from its options and all checked. */
export interface ProxyConfig {
  bases: { v2: string; legacy: string };
  /** What replaces the operations table's `/api/api` at the start of a legacy path. */
  legacyPathPrefix: '/api/api' | '/api';
  /** `authorization`, and `api-app-id` with an app id: added to every upstream request. */
  credentialHeaders: Record<string, string>;
  basePath: string;
  timeoutMs: number;
  maxBodyBytes: number;
  idempotencyTtlMs: number;
  upstream: UpstreamClient;
  /** The session secrets' bytes (newest first), audience and issuer; `undefined` when the proxy takes no sessions. */
  sessions: SessionConfig | undefined;
  allowedOrigins: Set<string>;
  /** By default the API's documented hosted-page origins (`DEFAULT_FLOW_ORIGINS`). */
  flowOrigins: Set<string> | undefined;
  rateLimits: RateLimitConfig;
  /** Proxies in front that append to `X-Forwarded-For`; 0 ignores the header. */
  trustProxy: number;
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
  resolveProxyConfig(options, () => createFetchUpstream());
}

/**
 * The proxy's settings with their defaults, or a `TypeError` naming the first wrong one.
 * `defaultUpstream` makes the upstream client when the options give none (each entry has its own).
 */
export function resolveProxyConfig(options: PaymentsProxyOptions, defaultUpstream: () => UpstreamClient): ProxyConfig {
  if (options.upstream !== undefined && options.fetch !== undefined) {
    throw new TypeError('createPaymentsProxy: give upstream or fetch, not both.');
  }
  const legacyPathPrefix = checkLegacyPathPrefix(options.legacyPathPrefix);
  const config: ProxyConfig = {
    bases: {
      v2: checkBaseUrl('baseUrl', options.baseUrl, '/api/v2/…'),
      legacy: checkBaseUrl('legacyBaseUrl', options.legacyBaseUrl, `${legacyPathPrefix}/…`),
    },
    legacyPathPrefix,
    credentialHeaders: upstreamCredentialHeaders(options.credentials),
    basePath: checkBasePath(options.basePath ?? '/api/payments'),
    timeoutMs: checkPositive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    maxBodyBytes: checkPositive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    idempotencyTtlMs: checkPositive('idempotencyTtlMs', options.idempotencyTtlMs ?? DAY_MS),
    upstream: options.upstream ?? (options.fetch ? createFetchUpstream({ fetch: options.fetch }) : defaultUpstream()),
    sessions: options.sessions === undefined ? undefined : checkSessions(options.sessions),
    allowedOrigins: checkOrigins('allowedOrigins', options.allowedOrigins),
    flowOrigins: checkOrigins('flowOrigins', options.flowOrigins ?? DEFAULT_FLOW_ORIGINS),
    rateLimits: resolveRateLimits(options.rateLimits),
    trustProxy: checkTrustProxy(options.trustProxy),
  };
  // Closed by default: the proxy spends the merchant's master credential, so it serves nobody
  // until the merchant says who may do what.
  if (options.sessions === undefined && options.authorize === undefined) {
    throw new TypeError(
      'createPaymentsProxy: the proxy is closed until you say who may use it: give sessions: { secret, audience } and mint tokens with createPaymentsSession (docs/server.md#payment-sessions), or an authorize function.',
    );
  }
  return config;
}

function checkBaseUrl(option: string, value: unknown, added: string): string {
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
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  // The API's documentation gives its base address with "/api" at the end, and the kit's paths
  // start with "/api/" (docs/api.md#base-addresses): pasted as is, every call would 404. The
  // message names no address: a misconfigured proxy answers the browser with it.
  if (base.endsWith('/api')) {
    throw new TypeError(
      `createPaymentsProxy: ${option} ends in /api, and the kit adds ${added} itself: drop the trailing /api (e.g. "https://api.example.com", not "https://api.example.com/api").`,
    );
  }
  return base;
}

function checkLegacyPathPrefix(value: unknown): '/api/api' | '/api' {
  if (value === undefined || value === '/api/api' || value === '/api') return value ?? '/api/api';
  throw new TypeError(
    `createPaymentsProxy: legacyPathPrefix must be "/api/api" (the default) or "/api" (the layout of the API's v1 OpenAPI file), got ${JSON.stringify(value)}.`,
  );
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

/**
 * `Authorization: Basic base64(clientId:apiKey)`, and `Api-App-Id` when an app id is given
 * (docs/api.md#authentication), once the credentials are checked.
 */
function upstreamCredentialHeaders(credentials: PaymentsProxyOptions['credentials'] | undefined): Record<string, string> {
  const { clientId, apiKey, appId } = credentials ?? {};
  if (typeof clientId !== 'string' || typeof apiKey !== 'string' || clientId === '' || apiKey === '') {
    throw new TypeError('createPaymentsProxy: credentials must be { clientId, apiKey }, two non-empty strings from your server environment.');
  }
  // Basic auth joins id and key with ":" (docs/api.md, authentication), so the id cannot hold one;
  // control characters break the header.
  if (clientId.includes(':') || hasControlCharacter(clientId + apiKey)) {
    throw new TypeError('createPaymentsProxy: credentials.clientId may not contain ":", and neither credential may contain control characters.');
  }
  const headers: Record<string, string> = { authorization: basicAuthorization(clientId, apiKey) };
  if (appId !== undefined) {
    if (typeof appId !== 'string' || appId === '' || appId.length > 255 || hasControlCharacter(appId)) {
      throw new TypeError('createPaymentsProxy: credentials.appId must be your App\'s id, a non-empty string without control characters, or left out.');
    }
    headers['api-app-id'] = appId;
  }
  return headers;
}

function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((char) => char < ' ' || char === '\x7f');
}
