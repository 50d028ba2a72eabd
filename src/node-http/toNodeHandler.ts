import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUnservedMethod, requestUrl, toRequest } from './nodeRequest.js';
import { MAX_DISCARD_BYTES, announcesBody, discardUnreadBody } from './readNodeBody.js';
import { writeJsonError } from './writeJsonError.js';

/** A fetch-standard request handler, as the proxy and the sandbox are. */
export type FetchHandler = (request: Request) => Promise<Response>;

export type NodeRequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * What a fetch handler carries to be served on node:http without a `Request` or `Response` per
 * request: `createPaymentsProxy` of `payments-kit/server/node` returns its proxy with it, and
 * `toNodeHandler` (so `serve`) uses it whenever the handler has it. A property in plain sight,
 * not a registry keyed by the handler, so it travels with the handler wherever it is imported
 * from; a function of yours around the handler has none, and is served as the fetch handler it is.
 */
export interface NodePath {
  /**
   * The handler's own node:http (and Express) listener for requests on `origin` (an origin
   * only: no path, no trailing slash). It must answer exactly as the handler does.
   */
  readonly nodeListener: (origin: string) => NodeRequestListener;
}

export interface ToNodeHandlerOptions {
  /**
   * Origin used to build the absolute `Request.url` (the Host header is not trusted for that).
   * Default `http://127.0.0.1`.
   */
  origin?: string;
}

/** A GET or HEAD carries no body: at most this much of one is read (and dropped) before the connection closes. */
export const MAX_BODYLESS_DISCARD_BYTES = 16 * 1024;

/** Queue of body bytes read ahead of the handler before the socket is paused (backpressure). */
const BODY_HIGH_WATER_MARK = 64 * 1024;

/**
 * Adapts a fetch-standard handler to node:http and Express (`app.use(path, listener)` works:
 * Express's `originalUrl` is used when present, so the mount path stays part of the URL).
 *
 * The request body is streamed, not buffered, so the handler decides how much it reads. When
 * the client goes away, `request.signal` aborts. A body the handler did not read (or canceled,
 * e.g. after answering 413) is discarded after the response, up to `1024 * 1024` bytes, so a keep-alive
 * connection stays usable; past that the connection is closed. A GET or HEAD that announces a
 * body gets none in its `Request` (fetch allows none); after the answer at most `16 * 1024` bytes of it are
 * read, then the connection is closed.
 *
 * `TRACE`, `TRACK` and `CONNECT`, which no `Request` can carry, are answered 405 in the kit's
 * JSON error shape; a handler that rejects, 500 in the same shape (or Express's `next(error)`).
 *
 * A handler with a {@link NodePath} (the proxy of `payments-kit/server/node`) is served by its
 * own listener instead: same answers, no `Request` or `Response` per request.
 *
 * @example
 * app.use('/api/payments', toNodeHandler(paymentsProxy)); // Express, before any body parser
 */
export function toNodeHandler(handler: FetchHandler & Partial<NodePath>, options: ToNodeHandlerOptions = {}): NodeRequestListener {
  // `new URL(...).origin` drops any path or trailing slash, so `origin + target` below is exact.
  const origin = new URL(options.origin ?? 'http://127.0.0.1').origin;
  if (handler.nodeListener) return handler.nodeListener(origin);
  return (req, res, next) => {
    if (isUnservedMethod(req.method ?? 'GET')) {
      answerUnservedMethod(req, res);
      return;
    }
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let request: Request;
    try {
      const method = req.method ?? 'GET';
      const bodyless = method === 'GET' || method === 'HEAD';
      // After the answer, what nobody read of a body is dropped (bounded), then the connection closes.
      if (!bodyless || announcesBody(req)) discardUnreadBody(req, res, bodyless ? MAX_BODYLESS_DISCARD_BYTES : MAX_DISCARD_BYTES);
      request = toRequest(req, method, requestUrl(req, origin), controller.signal, bodyless ? undefined : requestBody(req, res));
    } catch (error) {
      if (next) next(error);
      else writeJsonError(res, 400, 'invalid_request', `A ${req.method ?? ''} request cannot be handled here.`);
      return;
    }
    handler(request)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        answerFailure(res, error, next);
      });
  };
}

/** 405 for a method no fetch handler can be given (see `isUnservedMethod`); any body is not read. */
export function answerUnservedMethod(req: IncomingMessage, res: ServerResponse): void {
  if (announcesBody(req)) discardUnreadBody(req, res, MAX_BODYLESS_DISCARD_BYTES);
  writeJsonError(res, 405, 'method_not_allowed', `${req.method ?? ''} is not served here.`);
}

/**
 * A handler that failed instead of answering: Express's `next(error)` when mounted there, else
 * a 500 in the kit's error shape (no message of the error, which could name an upstream URL),
 * or a dropped connection when the answer had already begun.
 */
export function answerFailure(res: ServerResponse, error: unknown, next: ((error?: unknown) => void) | undefined): void {
  if (next) next(error);
  else writeJsonError(res, 500, 'internal_error', 'The server failed to handle this request.');
}

/**
 * The body as a web stream. Unlike `Readable.toWeb(req)`, canceling it does not destroy the
 * socket (which would reset the connection before the handler's 413 could be written): the stream
 * lets go of the request, and once the answer is sent `discardUnreadBody` drops the rest.
 */
function requestBody(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let open = true;
  let onData: ((chunk: Buffer) => void) | undefined;
  const letGo = (end: () => void) => {
    if (!open) return;
    open = false;
    if (onData) req.off('data', onData);
    try {
      end();
    } catch {
      // Already closed or canceled by the reader.
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onData = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.once('end', () => { letGo(() => { controller.close(); }); });
        req.once('error', (error) => { letGo(() => { controller.error(error); }); });
        req.once('close', () => { letGo(() => { controller.error(new Error('request aborted')); }); });
        // Runs before `discardUnreadBody`'s listener (both prepended): the stream lets go first.
        res.prependOnceListener('finish', () => { letGo(() => { controller.error(new Error('request body discarded')); }); });
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        letGo(() => req.pause());
      },
    },
    { highWaterMark: BODY_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
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
