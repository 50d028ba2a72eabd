import { parseSafeUrl } from '../../api/index.js';

/**
 * Why a flow link was not embedded:
 * - `unsafe`: not https (http is accepted on loopback only, and in production builds only when
 *   `allowedOrigins` lists it), credentials or control characters in it;
 * - `origin`: not one of `allowedOrigins`;
 * - `own-origin`: the page's own origin (in development builds, unless `allowedOrigins` lists it);
 * - `server`: the proxy refused the link (502 `flow_link_refused`: not one of its flow origins).
 */
export type FlowLinkRefusal = 'unsafe' | 'origin' | 'own-origin' | 'server';

/** The outcome of {@link checkFlowLinkEmbeddable}: the parsed URL to embed, or why not. */
export type FlowLinkCheck = { ok: true; url: URL } | { ok: false; reason: Exclude<FlowLinkRefusal, 'server'> };

/** What {@link checkFlowLinkEmbeddable} needs to know of the page it embeds into. */
export interface FlowLinkContext {
  /** The page's own origin (`window.location.origin`); a link there is refused (see above). */
  pageOrigin?: string | undefined;
  /** A production build: `http:` on loopback only when `allowedOrigins` lists it. */
  production?: boolean | undefined;
}

/**
 * Whether the flow `link`, a page meant for an iframe (docs/api.md#create-a-flow), may be embedded:
 * `parseSafeUrl` (absolute, `https:`, or `http:` on loopback for the sandbox; no credentials, no
 * control characters), and, when `allowedOrigins` is given, an origin equal to one of them.
 * Origins are compared exactly, after URL parsing: `https://allowed.example.evil.example` and
 * `https://allowed.example@evil.example` never match `https://allowed.example`.
 *
 * Never the page's own origin in a production build, whatever `allowedOrigins` says: the frame
 * gets `allow-scripts` and `allow-same-origin`, with which a page of the dashboard's origin can
 * lift its own sandbox and act as the dashboard, and a link there (an open redirect, a page
 * showing user content) would look like the payments service's own page. A development build
 * embeds it only when `allowedOrigins` names it: a local stand-in for the hosted pages (the
 * sandbox behind a dev server, Storybook) is served from the page's origin. In production
 * builds an `http:` loopback link — the sandbox's — is refused unless `allowedOrigins` names it.
 */
export function checkFlowLinkEmbeddable(link: string, allowedOrigins: readonly string[] | undefined, context: FlowLinkContext = {}): FlowLinkCheck {
  const url = parseSafeUrl(link);
  if (url === null) return { ok: false, reason: 'unsafe' };
  const allowed = allowedOrigins === undefined ? undefined : new Set(allowedOrigins.map(toOrigin));
  if (url.origin === context.pageOrigin && (context.production === true || allowed?.has(url.origin) !== true)) {
    return { ok: false, reason: 'own-origin' };
  }
  if (allowed !== undefined && !allowed.has(url.origin)) return { ok: false, reason: 'origin' };
  if (url.protocol === 'http:' && context.production === true && allowed === undefined) return { ok: false, reason: 'unsafe' };
  return { ok: true, url };
}

/**
 * An `allowedOrigins` entry as an origin (`https://flows.example`, a trailing `/` tolerated), or
 * null: an entry with a path, query, credentials or a scheme `parseSafeUrl` refuses allows nothing,
 * rather than being read loosely.
 */
function toOrigin(entry: string): string | null {
  const url = parseSafeUrl(entry);
  if (url === null || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  return url.origin;
}
