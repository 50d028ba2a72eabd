import type { IncomingMessage } from 'node:http';

/** Request targets that are not plain origin-form paths are put under this segment (→ 404). */
const INVALID_TARGET = '/__invalid_target__/';

/**
 * The absolute URL of a node:http request, on `origin` (the Host header is not trusted for
 * that). Express's `originalUrl` is used when present, so a mount path stays part of the URL.
 *
 * Concatenation, never resolution of the target against the origin: `origin` has no path, and
 * `safeTarget` always starts with "/", so this is an absolute URL on that origin.
 */
export function requestUrl(req: IncomingMessage, origin: string): string {
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  return origin + safeTarget(target);
}

/**
 * A request target is accepted only in origin-form ("/path?query") with no dot segments and no
 * backslashes. Anything else ("http://x/", "//x", "*", "/\\x", "/a/../b", "/a/%2e%2e/b") goes
 * under a fixed placeholder segment, so it can neither change the URL's origin (WHATWG parsing
 * reads "/\\host" as "//host") nor be silently rewritten by dot-segment removal into another
 * path than the one the client sent.
 */
function safeTarget(target: string): string {
  const queryAt = target.search(/[?#]/);
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const ok =
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    // Dot segments are only possible with a "." or a "%2e" in the path (the common case has neither).
    ((!path.includes('.') && !path.includes('%')) ||
      !path.split('/').some((segment) => {
        const dots = segment.replace(/%2e/gi, '.');
        return dots === '.' || dots === '..';
      }));
  return ok ? target : `${INVALID_TARGET}${encodeURIComponent(target)}`;
}

/**
 * A fetch `Request` for a node:http request: its method, `url` (from `requestUrl`), headers
 * (pseudo-headers and values fetch cannot represent are dropped) and, when given, `body`.
 */
export function toRequest(
  req: IncomingMessage,
  method: string,
  url: string,
  signal: AbortSignal,
  body: ReadableStream<Uint8Array> | undefined,
): Request {
  const init: RequestInit & { duplex?: 'half' } = { method, signal };
  if (body) {
    init.body = body;
    init.duplex = 'half';
  }
  const raw = req.rawHeaders;
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // Pseudo-headers (HTTP/2) are not representable in Headers.
    if (name.charCodeAt(0) !== 0x3a) pairs.push([name, raw[i + 1] as string]);
  }
  init.headers = pairs;
  try {
    return new Request(url, init);
  } catch {
    // A header fetch cannot represent (invalid name or value): drop those, not the request.
    init.headers = validHeaders(pairs);
    return new Request(url, init);
  }
}

function validHeaders(pairs: [string, string][]): Headers {
  const headers = new Headers();
  for (const [name, value] of pairs) {
    try {
      headers.append(name, value);
    } catch {
      // An invalid header value: dropped.
    }
  }
  return headers;
}

/** Methods a fetch `Request` cannot carry: the kit's Node adapters answer them 405 before any handler. */
export function isUnservedMethod(method: string): boolean {
  const upper = method.toUpperCase();
  return upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK';
}
