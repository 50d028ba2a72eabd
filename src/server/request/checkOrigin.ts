import { proxyError } from '../proxyError.js';
import type { ProxyIncoming } from './ProxyIncoming.js';

/**
 * Refuses a call another site's page makes (403 `cross_site_refused`): `Sec-Fetch-Site:
 * cross-site`, or an `Origin` that is neither the request's own origin nor one of
 * `allowedOrigins`. A listed origin passes whatever `Sec-Fetch-Site` says, since a dashboard on
 * another site is exactly what the list is for. A request with neither header (a server, curl)
 * passes: it is no browser acting for a user, and the session still decides what it may do.
 */
export function checkOrigin(incoming: ProxyIncoming, allowedOrigins: ReadonlySet<string>, operation: string): void {
  const origin = incoming.header('origin');
  if (origin !== null && allowedOrigins.has(origin)) return;
  const crossSite = incoming.header('sec-fetch-site') === 'cross-site';
  if (!crossSite && (origin === null || isOwnOrigin(incoming, origin))) return;
  throw proxyError(403, 'cross_site_refused', crossSiteMessage(incoming, origin, crossSite, operation), operation);
}

/**
 * The refusal's developer message (components never show it; the browser's network panel does):
 * what was compared, and the two ways out. The first hour on a dev server usually meets this
 * through the dev server's own proxy rewriting `Host` (Vite's `server.proxy: { '/api': target }`
 * shorthand sets `changeOrigin: true`), so the page's origin no longer matches. Nothing in it is
 * secret: both headers are what the caller sent.
 */
function crossSiteMessage(incoming: ProxyIncoming, origin: string | null, crossSite: boolean, operation: string): string {
  const seen = origin === null ? 'a cross-site page' : `Origin ${origin}${crossSite ? ' (Sec-Fetch-Site: cross-site)' : ''}`;
  return `${operation} came from ${seen}, not Host ${incoming.header('host') ?? incoming.url.host}: list ${origin === null || origin === 'null' ? 'its origin' : origin} in allowedOrigins, or keep Host behind a dev server's proxy (Vite: changeOrigin: false).`;
}

/**
 * The request's own origin: its URL's, or its `Host` (a proxy behind TLS termination sees
 * `http:` where the browser saw `https:`; the host is what the browser addressed).
 */
function isOwnOrigin(incoming: ProxyIncoming, origin: string): boolean {
  if (origin === incoming.url.origin) return true;
  const host = incoming.header('host');
  if (host === null) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** An option's list of origins, each checked to be exactly an origin (`https://shop.example`, no path). */
export function checkOrigins(option: string, value: readonly string[] | undefined): Set<string> {
  const origins = new Set<string>();
  for (const origin of value ?? []) {
    let parsed: string | undefined;
    try {
      parsed = new URL(origin).origin;
    } catch {
      parsed = undefined;
    }
    if (parsed !== origin) {
      throw new TypeError(`createPaymentsProxy: ${option} must list origins such as "https://shop.example" (scheme, host and port only), got ${JSON.stringify(origin)}.`);
    }
    origins.add(origin);
  }
  return origins;
}
