import type { RateLimitOptions } from './rateLimits.js';

/** The proxy's options for its limits; `Context` is what the merchant's `rateLimitKey` gets (`PaymentsProxyContext`). */
export interface LimitOptions<Context> {
  /**
   * Per-subject limits, so one client cannot spend the upstream quota or take the service from
   * everyone else (docs/server.md#rate-limits): a budget per minute for reads, volume, confirms and
   * flows, and a share of the upstream pool. Past one: 429 `rate_limited` with `Retry-After`,
   * nothing sent upstream. On by default; `false` turns every limit off.
   *
   * @example
   * rateLimits: { confirms: { requests: 20, perSeconds: 60 }, store: createRedisRateLimitStore({ client }) }
   */
  rateLimits?: RateLimitOptions | false;
  /**
   * Who a limit counts when a call carries no payments session (with `authorize` alone): e.g. your
   * own user id. Default: the client's address (see `trustProxy`). With `sessions`, the session's
   * subject counts and this is not called.
   *
   * @example
   * rateLimitKey: async ({ request }) => (await sessionUser(request)).id
   */
  rateLimitKey?: (context: Context) => string | Promise<string>;
  /**
   * How many proxies in front of this server append to `X-Forwarded-For` (`true` is one): the
   * client's address, which `rateLimitKey` defaults to, is then the entry the nearest of them
   * wrote. Default `false`: the header is ignored (anyone can write it), and the address is the
   * connection's (on `payments-kit/server/node`; the fetch handler of `payments-kit/server` has none,
   * so give `trustProxy` or `rateLimitKey` there, or all session-less calls share one budget).
   */
  trustProxy?: boolean | number;
}
