import type { OperationName } from '../../api/index.js';
import { createMemoryRateLimitStore } from './createMemoryRateLimitStore.js';
import { proxyError } from '../proxyError.js';
import type { RateLimitBudget, RateLimiter, RateLimitStore } from './RateLimitStore.js';

/** The four budgets, each counted per subject (and proxy-wide when set): which operations spend each (every other read: `reads`). */
export type RateLimitBudgetName = 'reads' | 'volume' | 'confirms' | 'flows';

const BUDGET_OF: Partial<Record<OperationName, RateLimitBudgetName>> = {
  getTransaction: 'reads',
  getLegacyTransaction: 'reads',
  getTransactionVolume: 'volume',
  confirmPaymentIntent: 'confirms',
  createFlow: 'flows',
};

/**
 * The defaults, per subject and per minute: several times what one busy dashboard page sends,
 * a small share of what one scripted client sends (docs/server.md#rate-limits has the reasoning).
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitBudgetName, RateLimitBudget>> = {
  reads: { requests: 600, perSeconds: 60 },
  volume: { requests: 120, perSeconds: 60 },
  confirms: { requests: 60, perSeconds: 60 },
  flows: { requests: 30, perSeconds: 60 },
};

/**
 * The default proxy-wide ceiling of each kind, as a multiple of its per-subject budget (the
 * default one or the one given): five subjects spending their whole budget, or many more
 * spending part of it (a page polling a pending transaction every 5 s reads 12 times a minute).
 * The payments API documents no rate limit or 429 of its own (docs/api.md#errors), so the ceiling
 * is scaled from what one subject may spend rather than from a quota; a merchant who knows their
 * quota sets `proxyWide` below it (docs/server.md#rate-limits).
 */
export const DEFAULT_PROXY_WIDE_FACTOR = 5;

/**
 * The default share of the upstream pool: the pool (`createUndiciUpstream`'s 64 connections),
 * the most one subject holds when few are active, waiting calls, and their wait.
 */
export const DEFAULT_IN_FLIGHT: Readonly<Required<InFlightLimit>> = { pool: 64, perSubject: 8, queue: 32, waitMs: 2_000 };

/**
 * The upstream calls in flight on this instance: at most `pool` at once, split evenly among the
 * subjects with calls in flight or waiting right now, each holding at most `perSubject`
 * (docs/server.md#rate-limits).
 */
export interface InFlightLimit {
  /**
   * Upstream calls of all subjects in flight at once on this instance: match it to the upstream
   * client's connections (`createUndiciUpstream({ connections })`). Default 64.
   */
  pool?: number;
  /**
   * Upstream calls of one subject in flight at once, at most; fewer when more subjects share the
   * pool (`pool` divided by the subjects active now, rounded up). Default 8.
   */
  perSubject: number;
  /** Further calls that wait for a free slot; past that, 429 at once. Default 32. */
  queue?: number;
  /** Longest wait for a slot in ms (at most 5 000); past it, 429. Default 2 000. */
  waitMs?: number;
}

/**
 * Per-subject limits (docs/server.md#rate-limits). A subject is the session's `subject`, or with
 * `authorize` alone what `rateLimitKey` answers, by default the client's address. Each budget can
 * be set or turned off (`false`); `proxyWide` holds the ceilings for all subjects together (by
 * default five subjects' budgets); `rateLimits: false` turns them all off.
 *
 * @example
 * rateLimits: { confirms: { requests: 20, perSeconds: 60 }, flows: false }
 */
export interface RateLimitOptions {
  /** Transaction reads, v2 and legacy together. Default 600 per 60 s. */
  reads?: RateLimitBudget | false;
  /** Volume metric calls. Default 120 per 60 s. */
  volume?: RateLimitBudget | false;
  /** Confirms, replays included. Default 60 per 60 s. */
  confirms?: RateLimitBudget | false;
  /** Flow creations. Default 30 per 60 s. */
  flows?: RateLimitBudget | false;
  /**
   * Ceilings for the whole proxy, all subjects together, per operation kind: past one, every
   * subject's call of that kind answers 429 until the window turns, and nothing is sent upstream.
   * Counted in `store`: per instance in memory, one ceiling across instances with the Redis store.
   *
   * Default: five times each kind's per-subject budget, in the same window — 3 000 reads, 600
   * volume calls, 300 confirms and 150 flows a minute with the default budgets; a kind whose
   * budget is `false` gets none. Give a kind's ceiling to replace its default, `false` to turn it
   * off, or `proxyWide: false` to turn every ceiling off. Size it below your account's quota with
   * the payments API, and above what all your users send at the busiest hour
   * (docs/server.md#rate-limits).
   *
   * @example
   * proxyWide: { reads: { requests: 10_000, perSeconds: 60 }, confirms: { requests: 300, perSeconds: 60 } }
   */
  proxyWide?: Partial<Record<RateLimitBudgetName, RateLimitBudget | false>> | false;
  /**
   * The subject's share of the upstream connection pool, on each instance: the pool split among
   * the subjects active now. Default `{ pool: 64, perSubject: 8, queue: 32, waitMs: 2000 }`.
   */
  inFlight?: InFlightLimit | false;
  /** Where the counters live. Default: in memory, per process. */
  store?: RateLimitStore;
}

/** The limits as the core runs them. */
export interface RateLimitConfig {
  budgets: Partial<Record<RateLimitBudgetName, RateLimitBudget>>;
  /** The proxy-wide ceilings, all subjects together. */
  proxyWide: Partial<Record<RateLimitBudgetName, RateLimitBudget>>;
  inFlight: Required<InFlightLimit> | undefined;
  store: RateLimitStore | undefined;
}

/** Checks `rateLimits` and fills in the defaults; a `TypeError` names the first wrong setting. */
export function resolveRateLimits(options: RateLimitOptions | false | undefined): RateLimitConfig {
  if (options === false) return { budgets: {}, proxyWide: {}, inFlight: undefined, store: undefined };
  const given = options ?? {};
  const budgets: RateLimitConfig['budgets'] = {};
  const proxyWide: RateLimitConfig['proxyWide'] = {};
  const ceilings: unknown = given.proxyWide;
  if (ceilings !== undefined && ceilings !== false && (typeof ceilings !== 'object' || ceilings === null)) {
    throw new TypeError('createPaymentsProxy: rateLimits.proxyWide must be an object of budgets, such as { reads: { requests: 3000, perSeconds: 60 } }, or false.');
  }
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitBudgetName[]) {
    const budget = given[name] ?? DEFAULT_RATE_LIMITS[name];
    if (budget !== false) budgets[name] = checkBudget(`rateLimits.${name}`, budget);
    if (given.proxyWide === false) continue;
    const ceiling = given.proxyWide?.[name];
    if (ceiling !== undefined && ceiling !== false) proxyWide[name] = checkBudget(`rateLimits.proxyWide.${name}`, ceiling);
    // Budgets multiply with subjects (ten sessions, ten budgets): by default the whole proxy
    // spends at most a few subjects' worth of each kind.
    const own = budgets[name];
    if (ceiling === undefined && own) proxyWide[name] = { requests: own.requests * DEFAULT_PROXY_WIDE_FACTOR, perSeconds: own.perSeconds };
  }
  const store = given.store;
  if (store !== undefined && typeof (store as Partial<RateLimitStore>).limiter !== 'function') {
    throw new TypeError('createPaymentsProxy: rateLimits.store must be a rate-limit store, such as createRedisRateLimitStore({ client }).');
  }
  return { budgets, proxyWide, inFlight: given.inFlight === false ? undefined : checkInFlight(given.inFlight), store };
}

function checkBudget(option: string, budget: RateLimitBudget): RateLimitBudget {
  const { requests, perSeconds } = budget as Partial<RateLimitBudget>;
  if (!isWhole(requests, 1) || !isWhole(perSeconds, 1)) {
    throw new TypeError(`createPaymentsProxy: ${option} must be { requests, perSeconds }, two whole numbers of at least 1, or false.`);
  }
  return { requests, perSeconds };
}

function checkInFlight(limit: InFlightLimit | undefined): Required<InFlightLimit> {
  const { pool, perSubject, queue, waitMs } = { ...DEFAULT_IN_FLIGHT, ...limit };
  if (!isWhole(pool, 1) || !isWhole(perSubject, 1) || !isWhole(queue, 0) || !isWhole(waitMs, 0) || waitMs > 5_000) {
    throw new TypeError(
      'createPaymentsProxy: rateLimits.inFlight must be { pool, perSubject, queue, waitMs }: pool and perSubject whole numbers of at least 1, queue a whole number, waitMs whole ms up to 5000; or false.',
    );
  }
  return { pool, perSubject, queue, waitMs };
}

const isWhole = (value: unknown, least: number): value is number => Number.isInteger(value) && (value as number) >= least;

/**
 * The budgets' limiters, made once per proxy: `spend(operation, subject)` counts one call and
 * throws 429 `rate_limited` with `Retry-After` once the subject's budget for it, or the
 * proxy-wide ceiling, is spent.
 */
export function createRateLimiter(config: RateLimitConfig): ((operation: OperationName, subject: string) => Promise<void>) | undefined {
  const names = Object.keys(config.budgets) as RateLimitBudgetName[];
  const ceilings = Object.keys(config.proxyWide) as RateLimitBudgetName[];
  if (names.length === 0 && ceilings.length === 0) return undefined;
  const store = config.store ?? createMemoryRateLimitStore();
  const limiters: Partial<Record<RateLimitBudgetName, RateLimiter>> = {};
  for (const name of names) limiters[name] = store.limiter(name, config.budgets[name] as RateLimitBudget);
  // Named apart from every subject's counter: a subject's key cannot be written to reach these.
  const proxyWide: Partial<Record<RateLimitBudgetName, RateLimiter>> = {};
  for (const name of ceilings) proxyWide[name] = store.limiter(`proxy-${name}`, config.proxyWide[name] as RateLimitBudget);

  return async (operation, subject) => {
    const budget = BUDGET_OF[operation] ?? 'reads';
    // The subject's own budget first: a subject past it spends nothing of the shared ceiling.
    await spend(limiters[budget], subject, operation, `Too many ${budget} calls for this user`);
    await spend(proxyWide[budget], 'all', operation, `Too many ${budget} calls on this payments proxy`);
  };
}

async function spend(limiter: RateLimiter | undefined, key: string, operation: OperationName, what: string): Promise<void> {
  if (!limiter) return;
  let refusal: unknown;
  try {
    await limiter.consume(key);
    return;
  } catch (error) {
    refusal = error;
  }
  const msBeforeNext = (refusal as { msBeforeNext?: unknown } | null)?.msBeforeNext;
  if (refusal instanceof Error || typeof msBeforeNext !== 'number') {
    throw proxyError(503, 'rate_limiter_unavailable', `The payments proxy cannot count calls right now, so it sent nothing for ${operation}; try again shortly.`, operation, refusal, {
      'retry-after': '1',
    });
  }
  throw rateLimited(operation, what, Math.max(1, Math.ceil(msBeforeNext / 1000)));
}

/** 429 `rate_limited`: nothing was sent upstream; retry after `seconds`. */
export function rateLimited(operation: OperationName, what: string, seconds: number) {
  return proxyError(429, 'rate_limited', `${what}; nothing was sent for ${operation}. Try again in ${seconds} s.`, operation, undefined, {
    'retry-after': String(seconds),
  });
}
