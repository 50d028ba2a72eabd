// The proxy's options, composed from the options each stage of its pipeline declares, and what
// the merchant's hooks get.
import type { ProxyOperations } from './sessions/ProxyOperations.js';
import type { OperationBody, OperationName, OperationParams, OperationQuery, PaymentsError } from '../api/index.js';
import type { IdempotencyOptions } from './idempotency/IdempotencyOptions.js';
import type { LimitOptions } from './limits/LimitOptions.js';
import type { RequestOptions } from './request/RequestOptions.js';
import type { PaymentsSessionClaims } from './sessions/paymentsGrant.js';
import type { SessionOptions } from './sessions/SessionOptions.js';
import type { UpstreamOptions } from './upstream/UpstreamOptions.js';

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
    /** The verified payments session of this call (with `sessions`); `undefined` without. */
    session: PaymentsSessionClaims | undefined;
  };
}[OperationName];

/**
 * The options of `createPaymentsProxy`: each stage of the proxy's pipeline declares its own
 * (upstream, request, sessions, limits, idempotency), and the merchant's `authorize` and
 * `onError` are the core's.
 */
export interface PaymentsProxyOptions
  extends UpstreamOptions,
    RequestOptions,
    SessionOptions,
    IdempotencyOptions<PaymentsProxyContext>,
    LimitOptions<PaymentsProxyContext> {
  /**
   * Decides whether the merchant's user may make this call, after the session check. Gets the
   * operation, its validated params, query and body, the incoming request and the verified
   * `session`. `false`, or a thrown error, answers 403. Without `sessions`, this alone decides:
   * `authorize: () => true` opens the proxy to anyone who can reach it.
   *
   * @example
   * authorize: async ({ request, session }) => (await sessionUser(request))?.id === session?.subject
   */
  authorize?: (context: PaymentsProxyContext) => boolean | Promise<boolean>;
  /**
   * Called with every error the proxy answers, for your logs. Its `cause` may hold upstream
   * details (URLs, socket errors) that are deliberately not sent to the browser. No session token
   * reaches it: the request's `Payments-Session` header reads `[redacted]`, and a refused
   * session's `cause` says why in words, without the token's claims (docs/security.md#what-onerror-receives).
   * The refusals a developer fixes in code name the fix: the grant field to add (`not_granted`,
   * in `message`), the origin to add to `flowOrigins` (`flow_link_refused`, in `cause`: the page
   * never learns where a refused link pointed), this proxy's `sessions.audience` for a token
   * minted for another (in `cause`). Without `onError` the proxy logs nothing.
   *
   * @example
   * onError: (error) => console.warn(`payments-kit: ${error.message}`, error.cause instanceof Error ? error.cause.message : '')
   */
  onError?: (error: PaymentsError, request: Request) => void;
  /**
   * Operations served beside the five every proxy serves. Default none. Each set is closed like
   * the rest: a session reaches its operations only through its own grant field.
   *
   * @example
   * import { transferOperations } from 'payments-kit/server/transfers';
   * createPaymentsProxy({ ...options, operations: [transferOperations] }); // allow.transfers in the sessions
   */
  operations?: readonly ProxyOperations[];
}
