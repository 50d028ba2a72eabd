/** A budget: at most `requests` calls per `perSeconds` seconds, counted per subject (or for the whole proxy). */
export interface RateLimitBudget {
  /** Calls allowed in one window. A whole number, at least 1. */
  requests: number;
  /** The window, in whole seconds (at least 1). */
  perSeconds: number;
}

/**
 * One budget's counter, with the `consume` contract of rate-limiter-flexible's limiters (any of
 * them fits): resolves while the key's budget lasts, rejects with the limiter's result (an object
 * with `msBeforeNext`, the ms until the key's window resets) once it is spent, and with an
 * `Error` when its store fails.
 */
export interface RateLimiter {
  consume(key: string): Promise<unknown>;
}

/**
 * Where the proxy's rate-limit counters live (docs/server.md#rate-limits): in memory per process
 * by default (`createMemoryRateLimitStore`), in Redis for one budget across many instances
 * (`createRedisRateLimitStore` of `payments-kit/server/redis`). `limiter` is called once per
 * budget when the proxy is made; `name` tells the budgets apart (`reads`, `volume`, `confirms`,
 * `flows`, each keyed by subject, and `proxy-reads`, `proxy-volume`, `proxy-confirms`,
 * `proxy-flows` for the proxy-wide ceilings, keyed `all`).
 *
 * A limiter should not reject for a store it cannot reach (the Redis store then counts in
 * memory); if it does, the call is answered 503 `rate_limiter_unavailable` and nothing is sent upstream.
 */
export interface RateLimitStore {
  limiter(name: string, budget: RateLimitBudget): RateLimiter;
}
