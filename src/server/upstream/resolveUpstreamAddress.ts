import { basicAuthorization } from '../../api/index.js';
import type { UpstreamConfig } from './prepareUpstreamCall.js';
import type { UpstreamOptions } from './UpstreamOptions.js';

/**
 * Where the upstream calls go and the credentials they carry, from the proxy's options, or a
 * `TypeError` naming the first wrong one.
 */
export function resolveUpstreamAddress(options: UpstreamOptions): Pick<UpstreamConfig, 'bases' | 'legacyPathPrefix' | 'credentialHeaders'> {
  if (options.upstream !== undefined && options.fetch !== undefined) {
    throw new TypeError('createPaymentsProxy: give upstream or fetch, not both.');
  }
  const legacyPathPrefix = checkLegacyPathPrefix(options.legacyPathPrefix);
  return {
    bases: {
      v2: checkBaseUrl('baseUrl', options.baseUrl, '/api/v2/…'),
      legacy: checkBaseUrl('legacyBaseUrl', options.legacyBaseUrl, `${legacyPathPrefix}/…`),
    },
    legacyPathPrefix,
    credentialHeaders: upstreamCredentialHeaders(options.credentials),
  };
}

function checkBaseUrl(option: string, value: unknown, added: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.username + url.password + url.search + url.hash !== '') {
    throw new TypeError(
      `createPaymentsProxy: ${option} must be an absolute http(s) URL without credentials, query or fragment, such as "https://api.example.com".`,
    );
  }
  // The API's paths start with "/", so the base keeps its own path prefix but no trailing slash.
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  // The API's documentation gives its base address with "/api" at the end, and the kit's paths
  // start with "/api/" (docs/api.md#base-addresses): pasted as is, every call would 404. The
  // message names no address: a misconfigured proxy answers the browser with it.
  if (base.endsWith('/api')) {
    throw new TypeError(
      `createPaymentsProxy: ${option} ends in /api, and the kit adds ${added} itself: drop the trailing /api (e.g. "https://api.example.com", not "https://api.example.com/api").`,
    );
  }
  return base;
}

function checkLegacyPathPrefix(value: unknown): '/api/api' | '/api' {
  if (value === undefined || value === '/api/api' || value === '/api') return value ?? '/api/api';
  throw new TypeError(
    `createPaymentsProxy: legacyPathPrefix must be "/api/api" (the default) or "/api" (the layout of the API's v1 OpenAPI file), got ${JSON.stringify(value)}.`,
  );
}

/**
 * `Authorization: Basic base64(clientId:apiKey)`, and `Api-App-Id` when an app id is given
 * (docs/api.md#authentication), once the credentials are checked.
 */
function upstreamCredentialHeaders(credentials: UpstreamOptions['credentials'] | undefined): Record<string, string> {
  const { clientId, apiKey, appId } = credentials ?? {};
  if (typeof clientId !== 'string' || typeof apiKey !== 'string' || clientId === '' || apiKey === '') {
    throw new TypeError('createPaymentsProxy: credentials must be { clientId, apiKey }, two non-empty strings from your server environment.');
  }
  // Basic auth joins id and key with ":" (docs/api.md, authentication), so the id cannot hold one;
  // control characters break the header.
  if (clientId.includes(':') || hasControlCharacter(clientId + apiKey)) {
    throw new TypeError('createPaymentsProxy: credentials.clientId may not contain ":", and neither credential may contain control characters.');
  }
  const headers: Record<string, string> = { authorization: basicAuthorization(clientId, apiKey) };
  if (appId !== undefined) {
    headers['api-app-id'] = checkAppId(appId);
  }
  return headers;
}

/**
 * The App id as the `Api-App-Id` header value (docs/api.md#authentication), or a `TypeError`. An
 * id is printable ASCII: fetch's `Headers` refuse characters past U+00FF and trim spaces at either
 * end, node:http refuses control characters, and a Latin-1 letter goes out as one byte whose
 * meaning the API would have to guess. Refused here, where `checkPaymentsProxyOptions` sees it,
 * rather than by every call (502). The message names the character, not the id: a misconfigured
 * proxy answers the browser with it.
 */
function checkAppId(appId: unknown): string {
  if (typeof appId !== 'string' || appId === '' || appId.length > 255) {
    throw new TypeError('createPaymentsProxy: credentials.appId must be your App\'s id, a non-empty string of at most 255 characters, or left out.');
  }
  const chars = Array.from(appId);
  const bad = chars.findIndex((char) => char < ' ' || char > '~');
  if (bad !== -1 || /^ | $/.test(appId)) {
    const what =
      bad === -1 ? 'a space at its start or end' : `U+${(chars[bad]?.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} at character ${bad + 1}`;
    throw new TypeError(
      `createPaymentsProxy: credentials.appId must be printable ASCII, a header's text, and has ${what}: paste it again (a byte-order mark or line break is the usual cause), or leave it out.`,
    );
  }
  return appId;
}

function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((char) => char < ' ' || char === '\x7f');
}
