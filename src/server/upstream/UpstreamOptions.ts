import type { UpstreamClient } from './UpstreamClient.js';

/** The proxy's options for its upstream calls: where the payments API is, how to reach it, what it may answer. */
export interface UpstreamOptions {
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
   * `Api-App-Id` header, so it must be printable ASCII without spaces at either end (at most 255
   * characters; anything else is refused at start, `proxy_misconfigured`).
   *
   * @example
   * credentials: { clientId: process.env.PAYMENTS_CLIENT_ID!, apiKey: process.env.PAYMENTS_API_KEY! }
   */
  credentials: { clientId: string; apiKey: string; appId?: string | undefined };
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
}
