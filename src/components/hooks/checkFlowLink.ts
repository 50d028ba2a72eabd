import { parseSafeUrl } from '../../api/index.js';

/** Why a flow link was not embedded. */
export type FlowLinkRefusal = 'unsafe' | 'origin';

/** The outcome of {@link checkFlowLink}: the parsed URL to embed, or why not. */
export type FlowLinkCheck = { ok: true; url: URL } | { ok: false; reason: FlowLinkRefusal };

/**
 * Whether the flow `link`, a page meant for an iframe (docs/api.md#create-a-flow), may be embedded:
 * `parseSafeUrl` (absolute, `https:`, or `http:` on loopback for the sandbox; no credentials, no
 * control characters), and, when `allowedOrigins` is given, an origin equal to one of them.
 * Origins are compared exactly, after URL parsing: `https://allowed.example.evil.example` and
 * `https://allowed.example@evil.example` never match `https://allowed.example`.
 */
export function checkFlowLink(link: string, allowedOrigins: readonly string[] | undefined): FlowLinkCheck {
  const url = parseSafeUrl(link);
  if (url === null) return { ok: false, reason: 'unsafe' };
  if (allowedOrigins !== undefined) {
    const allowed = new Set(allowedOrigins.map(toOrigin));
    if (!allowed.has(url.origin)) return { ok: false, reason: 'origin' };
  }
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
