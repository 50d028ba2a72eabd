import { checkNumberOption } from '../lib/checkNumberOption.js';
import { coreOperationTable, type OperationName, type OperationTable } from '../api/index.js';
import { resolveRateLimits, type RateLimitConfig } from './limits/rateLimits.js';
import { checkTrustProxy } from './limits/rateLimitSubject.js';
import type { PaymentsProxyOptions } from './options.js';
import type { ProxyOperations } from './sessions/ProxyOperations.js';
import { checkOrigins } from './request/checkOrigin.js';
import { checkSessions, type SessionConfig } from './sessions/createSessionVerifier.js';
import { DEFAULT_FLOW_ORIGINS } from './upstream/checkFlowLinkOrigin.js';
import { createFetchUpstream } from './upstream/createFetchUpstream.js';
import type { UpstreamConfig } from './upstream/prepareUpstreamCall.js';
import { resolveUpstreamAddress } from './upstream/resolveUpstreamAddress.js';
import type { UpstreamClient } from './upstream/UpstreamClient.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `maxBodyBytes` when the options give none: 16 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * The settings the proxy core runs on, resolved from its options and all checked; each stage is
 * handed its own part (the upstream call only `upstream`).
 */
export interface ProxyConfig {
  upstream: UpstreamConfig;
  basePath: string;
  maxBodyBytes: number;
  allowedOrigins: Set<string>;
  /** The session secrets' bytes (newest first), audience and issuer; `undefined` when the proxy takes no sessions. */
  sessions: SessionConfig | undefined;
  rateLimits: RateLimitConfig;
  /** Proxies in front that append to `X-Forwarded-For`; 0 ignores the header. */
  trustProxy: number;
  idempotencyTtlMs: number;
  /** Every operation the proxy serves, and the set (with its grant) of those beyond the five. */
  operations: ResolvedOperations;
}

export interface ResolvedOperations {
  table: OperationTable;
  setOf: Partial<Record<OperationName, ProxyOperations>>;
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
  // One after another, so that the error names the first wrong setting.
  const address = resolveUpstreamAddress(options);
  const basePath = checkBasePath(options.basePath ?? '/api/payments');
  const timeoutMs = checkPositive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxBodyBytes = checkPositive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const idempotencyTtlMs = checkPositive('idempotencyTtlMs', options.idempotencyTtlMs ?? DAY_MS);
  const upstream = options.upstream ?? (options.fetch ? createFetchUpstream({ fetch: options.fetch }) : defaultUpstream());
  const sessions = options.sessions === undefined ? undefined : checkSessions(options.sessions);
  const allowedOrigins = checkOrigins('allowedOrigins', options.allowedOrigins);
  const flowOrigins = checkOrigins('flowOrigins', options.flowOrigins ?? DEFAULT_FLOW_ORIGINS);
  const config: ProxyConfig = {
    upstream: { ...address, timeoutMs, upstream, flowOrigins },
    basePath,
    maxBodyBytes,
    allowedOrigins,
    sessions,
    rateLimits: resolveRateLimits(options.rateLimits),
    trustProxy: checkTrustProxy(options.trustProxy),
    idempotencyTtlMs,
    operations: resolveOperations(options.operations),
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

function checkBasePath(value: string): string {
  if (!value.startsWith('/') || /[?#%\s\\]/.test(value) || value.includes('//')) {
    throw new TypeError(`createPaymentsProxy: basePath must be a plain path such as "/api/payments", got ${JSON.stringify(value)}.`);
  }
  return value.replace(/\/+$/, '');
}

function checkPositive(option: string, value: number): number {
  return checkNumberOption(`createPaymentsProxy: ${option}`, value, 0, Infinity, false, true);
}

/** The five operations and those of the sets given, each set by the names it serves. */
function resolveOperations(sets: readonly ProxyOperations[] = []): ResolvedOperations {
  const given: unknown = sets;
  if (!Array.isArray(given)) throw new TypeError('createPaymentsProxy: operations must be a list, such as [transferOperations].');
  const setOf: ResolvedOperations['setOf'] = {};
  for (const set of sets) for (const name in set.table) setOf[name as OperationName] = set;
  return { table: Object.assign({}, coreOperationTable, ...sets.map((set) => set.table)) as OperationTable, setOf };
}
