import type { IncomingMessage, ServerResponse } from 'node:http';

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

/** Request targets that are not plain origin-form paths are put under this segment (→ 404). */
const INVALID_TARGET = '/__invalid_target__/';

/**
 * How much of a request body nobody read is pulled off the wire (and thrown away) after the
 * response, so the connection can serve its next request. Beyond this the socket is closed.
 */
const MAX_DISCARD_BYTES = 1024 * 1024;

/** Queue of body bytes read ahead of the handler before the socket is paused (backpressure). */
const BODY_HIGH_WATER_MARK = 64 * 1024;

/**
 * Adapts a fetch-standard handler to node:http and Express (`app.use(path, listener)` works:
 * Express's `originalUrl` is used when present, so the mount path stays part of the URL).
 *
 * The request body is streamed, not buffered, so the handler decides how much it reads. When
 * the client goes away, `request.signal` aborts. A body the handler did not read (or cancelled,
 * e.g. after answering 413) is discarded after the response, up to 1 MiB, so a keep-alive
 * connection stays usable; past that the connection is closed.
 *
 * Response bodies are streamed, except the proxy's own JSON answers, which record the text they
 * were built from: those are written in one `end()` with a `Content-Length`.
 */
export function toNodeHandler(handler: FetchHandler, options: ToNodeHandlerOptions = {}): NodeRequestListener {
  // `new URL(...).origin` drops any path or trailing slash, so `origin + target` below is exact.
  const origin = new URL(options.origin ?? 'http://127.0.0.1').origin;
  return (req, res, next) => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let request: Request;
    let body: RequestBody | undefined;
    try {
      const method = req.method ?? 'GET';
      body = method === 'GET' || method === 'HEAD' ? undefined : requestBody(req);
      request = toRequest(req, method, origin, controller.signal, body?.stream);
    } catch (error) {
      body?.discard();
      if (next) next(error);
      else {
        res.statusCode = 400;
        res.end();
      }
      return;
    }
    if (body) {
      const { discard } = body;
      res.once('finish', () => {
        if (!req.complete) discard();
      });
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

function toRequest(
  req: IncomingMessage,
  method: string,
  origin: string,
  signal: AbortSignal,
  body: ReadableStream<Uint8Array> | undefined,
): Request {
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  // Concatenation, never resolution of the target against the origin: `origin` has no path,
  // and `safeTarget` always starts with "/", so this is an absolute URL on that origin.
  const url = origin + safeTarget(target);
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

interface RequestBody {
  stream: ReadableStream<Uint8Array>;
  /** Stop handing bytes to the stream and throw the rest of the body away. */
  discard: () => void;
}

/**
 * The body as a web stream. Unlike `Readable.toWeb(req)`, cancelling it does not destroy the
 * socket (which would reset the connection before the handler's 413 could be written): the
 * remaining bytes are read and dropped instead.
 */
function requestBody(req: IncomingMessage): RequestBody {
  let discarding = false;
  let settled = false;
  let discarded = 0;
  let streamController: ReadableStreamDefaultController<Uint8Array> | undefined;
  const settle = (action: (c: ReadableStreamDefaultController<Uint8Array>) => void) => {
    if (settled || !streamController) return;
    settled = true;
    try {
      action(streamController);
    } catch {
      // Already closed or cancelled by the reader.
    }
  };
  const discard = () => {
    if (discarding) return;
    discarding = true;
    settle((c) => {
      c.error(new Error('request body discarded'));
    });
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        streamController = controller;
        req.on('data', (chunk: Buffer) => {
          if (discarding) {
            discarded += chunk.byteLength;
            if (discarded > MAX_DISCARD_BYTES) req.socket.destroy();
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          settle((c) => {
            c.close();
          });
        });
        req.once('error', (error) => {
          settle((c) => {
            c.error(error);
          });
        });
        req.once('close', () => {
          settle((c) => {
            c.error(new Error('request aborted'));
          });
        });
      },
      pull() {
        if (!discarding) req.resume();
      },
      cancel() {
        settled = true;
        discard();
      },
    },
    { highWaterMark: BODY_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
  return { stream, discard };
}

/**
 * The text a `Response` was built from, when its maker recorded it under this key (the proxy's
 * `jsonResponse` does). `Symbol.for`: this adapter does not import the server layer.
 */
const RESPONSE_TEXT = Symbol.for('payments-kit.responseText');

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
  // Fast path: a body known to be this text, still unread, is written in one `end()` with its
  // length (one socket write, no chunked framing, no web-stream reads). The body stream is
  // left unread; nothing else holds it.
  const text = (response as Response & { [RESPONSE_TEXT]?: unknown })[RESPONSE_TEXT];
  if (typeof text === 'string' && !response.bodyUsed && !response.body.locked) {
    res.removeHeader('transfer-encoding');
    res.setHeader('content-length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        // 'close' too: a client that went away never drains, and the reader must not hang.
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
        if (res.destroyed) break;
      }
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    reader.releaseLock();
  }
}
