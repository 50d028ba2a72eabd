import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestUrl, toRequest } from './nodeRequest.js';

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
 * How much of a request body nobody read is pulled off the wire (and thrown away) after the
 * response, so the connection can serve its next request. Beyond this the socket is closed.
 */
export const MAX_DISCARD_BYTES = 1024 * 1024;

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
      request = toRequest(req, method, requestUrl(req, origin), controller.signal, body?.stream);
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
        answerFailure(res, error, next);
      });
  };
}

/**
 * A handler that failed instead of answering: Express's `next(error)` when mounted there, else
 * a bare 500 (no message of the error, which could name an upstream URL), or a dropped
 * connection when the answer had already begun.
 */
export function answerFailure(res: ServerResponse, error: unknown, next: ((error?: unknown) => void) | undefined): void {
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
