// The server layer's shared types: the proxy's options, what its hooks get, and the two sides
// of the proxy core (a request as read, an answer to write). No values, so nothing imports in a circle.
import type {
  OperationBody,
  OperationName,
  OperationParams,
  OperationQuery,
  PaymentsError,
  StopSignal,
} from '../api/index.js';
import type { IdempotencyStore } from './IdempotencyStore.js';
import type { PaymentsSessionClaims } from './paymentsGrant.js';
import type { RateLimitOptions } from './rateLimits.js';
import type { PaymentsSessionSecret } from './sessionKeys.js';
import type { UpstreamClient } from './UpstreamClient.js';

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

export interface PaymentsProxyOptions {
  /**
   * The v2 interface's base address, without the `/api` the API's own documentation ends it
   * with: the kit adds `/api/v2/…` (docs/api.md#base-addresses). A path ending in `/api` is
   * refused.
   *
   * @example
   * baseUrl: 'https://api.example.com' // documented as https://api.example.com/api
   */
  baseUrl: string;
  /** The legacy interface's base address, also without a trailing `/api` (docs/api.md#base-addresses). */
  legacyBaseUrl: string;
  /**
   * How the legacy operations' paths begin on `legacyBaseUrl`: `'/api/api'` (default, the paths
   * as the API's reference lists them: `/api/api/transactions/get/transaction/{id}`) or `'/api'`
   * (the layout of the API's v1 OpenAPI file: `/api/transactions/get/transaction/{id}`). The
   * browser's paths to the proxy stay the same either way (docs/api.md#base-addresses).
   */
  legacyPathPrefix?: '/api/api' | '/api';
  /**
   * Sent upstream as HTTP Basic `clientId:apiKey` (docs/api.md#authentication). Never leaves the
   * server. With an organisation key, `appId` names the App it acts for: it is sent as the
   * `Api-App-Id` header.
   *
   * @example
   * credentials: { clientId: process.env.PAYMENTS_CLIENT_ID!, apiKey: process.env.PAYMENTS_API_KEY! }
   */
  credentials: { clientId: string; apiKey: string; appId?: string | undefined };
  /** Where the proxy is mounted; the API's paths follow it. Default `/api/payments`. */
  basePath?: string;
  /**
   * Payment sessions: every call must carry a `Payments-Session` header minted on your server by
   * `createPaymentsSession` with this secret, and stay inside its grant (401 without or with a
   * bad or expired one, 403 `not_granted` outside it). Give several secrets while rotating: the
   * proxy accepts any of them; mint with the first. Use one secret per deployment or tenant.
   *
   * `audience` (required) names this deployment, e.g. its origin, and must be the one
   * `createPaymentsSession` mints with: a token minted for another deployment is refused, even
   * one signed with the same secret. With `issuer`, tokens must also name that issuer.
   *
   * The proxy is closed until you give `sessions`, `authorize`, or both.
   *
   * @example
   * sessions: { secret: process.env.PAYMENTS_SESSION_SECRET!, audience: 'https://shop.example' }
   */
  sessions?: { secret: PaymentsSessionSecret | readonly PaymentsSessionSecret[]; audience: string; issuer?: string };
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
   * Origins of pages on other sites that may call the proxy, e.g. `['https://dashboard.example']`.
   * The proxy answers their CORS preflights and lets their pages read its answers. A browser
   * call from any other origin, or marked `Sec-Fetch-Site: cross-site`, answers 403
   * `cross_site_refused`. Default: none (same-origin pages only).
   */
  allowedOrigins?: readonly string[];
  /**
   * Origins a created flow's `link` may point to: the payments provider's hosted pages. A flow
   * whose link is elsewhere is never handed to the browser (502 `flow_link_refused`). Default:
   * the API's documented hosted-page origins, `https://my.dots.dev`, `https://my-sandbox.dots.dev`
   * and `https://my.senddotssandbox.com` (docs/api.md#create-a-flow); list the sandbox's own
   * origin (`http://127.0.0.1:4010`) to use it.
   */
  flowOrigins?: readonly string[];
  /** Upstream deadline in ms, body read included; past it the call is aborted (504). Default 10 000. */
  timeoutMs?: number;
  /** Largest accepted request body in bytes (413 beyond); a GET with a body is refused. Default 16 KiB. */
  maxBodyBytes?: number;
  /**
   * How the proxy calls the payments API. Default: `createFetchUpstream()` on
   * `payments-kit/server`, one shared `createUndiciUpstream()` on `payments-kit/server/node`.
   */
  upstream?: UpstreamClient;
  /**
   * Shorthand for `upstream: createFetchUpstream({ fetch })`: handy in tests, e.g.
   * `fetch: createSandbox().fetch`. Give `upstream` or `fetch`, not both.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Where the confirm's idempotency state lives. Default: in memory, per process (10 000 entries,
   * `32 * 1024 * 1024` bytes, each subject holding less than a fiftieth of the room left:
   * docs/server.md#idempotency-store-bounds). Pass `createRedisIdempotencyStore` of
   * `payments-kit/server/redis` on many instances.
   */
  idempotencyStore?: IdempotencyStore;
  /** How long a confirm's definitive answer is replayed for its `Idempotency-Key`. Default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * Scope for idempotency keys, so that two users can never replay each other's confirm. Keys
   * are always scoped by payment intent id. Default: the session's subject (with `sessions`).
   */
  idempotencyScope?: (context: PaymentsProxyContext) => string | Promise<string>;
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
  rateLimitKey?: (context: PaymentsProxyContext) => string | Promise<string>;
  /**
   * How many proxies in front of this server append to `X-Forwarded-For` (`true` is one): the
   * client's address, which `rateLimitKey` defaults to, is then the entry the nearest of them
   * wrote. Default `false`: the header is ignored (anyone can write it), and the address is the
   * connection's (on `payments-kit/server/node`; the fetch handler of `payments-kit/server` has none,
   * so give `trustProxy` or `rateLimitKey` there, or all session-less calls share one budget).
   */
  trustProxy?: boolean | number;
  /**
   * Called with every error the proxy answers, for your logs. Its `cause` may hold upstream
   * details (URLs, socket errors) that are deliberately not sent to the browser. No session token
   * reaches it: the request's `Payments-Session` header reads `[redacted]`, and a refused
   * session's `cause` says why in words, without the token's claims (docs/security.md#what-onerror-receives).
   */
  onError?: (error: PaymentsError, request: Request) => void;
}

/**
 * One request as the proxy reads it, whatever carried it: a fetch `Request` (`payments-kit/server`)
 * or node:http's request and response (the Node path of `payments-kit/server/node`). Both give
 * the same values, so every rule applies the same way to both.
 */
export interface ProxyIncoming {
  readonly method: string;
  /** The request's absolute URL; only its path (still percent-encoded) and query are read. */
  readonly url: URL;
  /** A request header, every value of it joined by ", " (as `Headers.get`), or null. */
  header(name: string): string | null;
  /**
   * The body, at most `maxBytes`: resolves `undefined` when it is larger (reading stops there),
   * rejects when it cannot be read.
   */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>;
  /** Aborts when the browser goes away. */
  readonly signal: StopSignal;
  /** The request as a fetch `Request`, for the hooks (on the Node path, built on first use). */
  readonly request: Request;
  /** The connection's remote address, where the transport knows it (node:http does). */
  readonly clientAddress?: string | undefined;
}

/** What the proxy answers: always JSON, with these extra headers (`Allow`, `Idempotent-Replayed`, `Retry-After`). */
export interface ProxyAnswer {
  status: number;
  body: string;
  headers: Record<string, string> | undefined;
}

/** The proxy itself, independent of how requests arrive and answers leave. Never rejects. */
export type ProxyCore = (incoming: ProxyIncoming) => Promise<ProxyAnswer>;
