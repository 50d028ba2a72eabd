import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A fetch-standard request handler, as the proxy and the sandbox are. */
export type FetchHandler = (request: Request) => Promise<Response>;

export type NodeRequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

export interface ToNodeHandlerOptions {
  /**
   * Origin used to build the absolute `Request.url` (the Host header is not trusted for that).
   * Default `http://127.0.0.1`.
   */
  origin?: string;
}

/**
 * Adapts a fetch-standard handler to node:http and Express (`app.use(path, listener)` works:
 * Express's `originalUrl` is used when present, so the mount path stays part of the URL).
 *
 * The request body is streamed, not buffered, so the handler decides how much it reads. When
 * the client goes away, `request.signal` aborts.
 */
export function toNodeHandler(handler: FetchHandler, options: ToNodeHandlerOptions = {}): NodeRequestListener {
  const origin = options.origin ?? 'http://127.0.0.1';
  return (req, res, next) => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let request: Request;
    try {
      request = toRequest(req, origin, controller.signal);
    } catch (error) {
      if (next) next(error);
      else {
        res.statusCode = 400;
        res.end();
      }
      return;
    }
    handler(request)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        if (next) {
          next(error);
          return;
        }
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'application/json');
          res.end('{"error":{"kind":"http","status":500,"message":"Internal error"}}');
        } else {
          res.destroy();
        }
      });
  };
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  // A request target must be origin-form ("/path"). Anything else ("http://x/", "//x", "*")
  // is put under a fixed placeholder segment so it cannot change the URL's origin.
  const safePath = path.startsWith('/') && !path.startsWith('//') ? path : `/__invalid_target__/${encodeURIComponent(path)}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const value = req.rawHeaders[i + 1] as string;
    // Pseudo-headers (HTTP/2) and malformed names are not representable in Headers.
    if (name.startsWith(':')) continue;
    try {
      headers.append(name, value);
    } catch {
      // An invalid header value: drop it rather than fail the whole request.
    }
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(safePath, origin), {
    method,
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  const setCookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (setCookies.length > 0) res.setHeader('set-cookie', setCookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => res.once('drain', resolve));
      }
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    reader.releaseLock();
  }
}
