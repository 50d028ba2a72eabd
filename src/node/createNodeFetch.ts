import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  UPSTREAM_TEXT,
  UpstreamTimeout,
  readsBody,
  type StopSignal,
  type UpstreamText,
  type UpstreamTextRequest,
  type UpstreamTextResult,
} from './upstreamText.js';

export interface NodeFetchOptions {
  /** Most sockets open at once per upstream origin (the keep-alive pool). Default 64. */
  maxSockets?: number;
  /** Idle keep-alive sockets kept per origin. Default: `maxSockets`. */
  maxFreeSockets?: number;
  /**
   * An idle pooled socket is closed after this many ms (sooner when the server announces a
   * shorter `Keep-Alive: timeout=`). Default 4 000, under node:http's server default of 5 s.
   * This is not a request deadline: pass a `signal` for that, as the proxy does.
   */
  idleSocketTimeoutMs?: number;
  /** Use this agent for `http:` URLs instead of creating one (you then own its lifetime). */
  httpAgent?: HttpAgent;
  /** Use this agent for `https:` URLs instead of creating one (TLS options go here). */
  httpsAgent?: HttpsAgent;
}

/** A `fetch` for server-to-server calls on node:http (see `createNodeFetch`). */
export type NodeFetch = typeof globalThis.fetch;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH']);
/** Socket errors after which a request that reused a pooled socket is sent again (GET/HEAD). */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** Response body bytes read ahead of the consumer before the socket is paused. */
const BODY_HIGH_WATER_MARK = 64 * 1024;

/**
 * A `fetch` on node:http with a keep-alive agent per scheme, for the proxy's upstream calls.
 * Node 20's built-in `fetch` (undici) spends several times more CPU per small request; this
 * client resolves a standard `Response` whose body streams from the socket.
 *
 * Deliberate differences from `fetch`, all on the safe side for a server holding credentials:
 * - redirects are never followed: with `redirect: 'manual'` the 3xx response is returned as is
 *   (status and `Location` readable, not an opaque response); with `'error'` or `'follow'` (the
 *   default) a redirect rejects with a `TypeError`;
 * - no cookies, no cache, no CORS, no decompression, and nothing added to the request but
 *   `Host`, `Connection` and `Content-Length` (no `User-Agent`, no `Accept-Encoding`);
 * - request bodies: string, `ArrayBuffer`, typed arrays, `URLSearchParams`, `Blob`; a stream
 *   or `FormData` rejects with a `TypeError`;
 * - `response.url` is empty and `response.redirected` false.
 *
 * Like `fetch`, a network failure rejects with a `TypeError` (the socket error as `cause`), and
 * an aborted `signal` rejects with (or errors the body with) `signal.reason`.
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const maxSockets = options.maxSockets ?? 64;
  const agentOptions = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: options.maxFreeSockets ?? maxSockets,
    timeout: options.idleSocketTimeoutMs ?? 4000,
    scheduling: 'lifo' as const,
  };
  let httpAgent = options.httpAgent;
  let httpsAgent = options.httpsAgent;
  const agentFor = (protocol: string) =>
    protocol === 'https:' ? (httpsAgent ??= new HttpsAgent(agentOptions)) : (httpAgent ??= new HttpAgent(agentOptions));

  const nodeFetch = async function nodeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const request = input instanceof Request ? input : undefined;
    const url = checkedUrl(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const signal = init.signal ?? request?.signal ?? undefined;
    signal?.throwIfAborted();
    const redirect = init.redirect ?? request?.redirect ?? 'follow';
    let method = init.method ?? request?.method ?? 'GET';
    const upper = method.toUpperCase();
    if (NORMALISED_METHODS.has(upper)) method = upper;
    const headers = toNodeHeaders(init.headers ?? request?.headers);
    const rawBody = init.body !== undefined ? init.body : request?.body ? await request.arrayBuffer() : null;
    const body = await toBytes(rawBody, headers);
    if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
      throw new TypeError(`createNodeFetch: a ${method} request cannot have a body.`);
    }
    const stop = new Stop(signal, undefined);
    const res = await open(agentFor(url.protocol), url, method, headers, body, stop);
    const status = res.statusCode ?? 0;
    let stream: ReadableStream<Uint8Array> | null = null;
    if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
      res.once('close', stop.release);
      res.resume();
    } else {
      stream = responseBody(res, stop);
    }
    let response: Response;
    try {
      response = new Response(stream, { status, statusText: statusText(res.statusMessage), headers: responseHeaders(res) });
    } catch (error) {
      // A status outside 200–599: not a response fetch can represent.
      res.destroy();
      throw new TypeError('fetch failed', { cause: error });
    }
    if (redirect !== 'manual' && REDIRECT_STATUSES.has(status) && response.headers.has('location')) {
      res.destroy();
      throw new TypeError(`createNodeFetch: the server answered with a redirect (${status}), which is never followed.`);
    }
    return response;
  };

  // The proxy's text step (see upstreamText.ts): the same exchange, read straight into a string,
  // by one `TextExchange` (no Response, no web stream, no AbortController, one timer).
  const upstreamText: UpstreamText = (request) =>
    // A throw in the executor (a bad URL, an aborted signal) rejects the promise.
    new Promise<UpstreamTextResult>((resolve, reject) => {
      const url = checkedUrl(request.url);
      if (request.signal?.aborted) throw request.signal.reason;
      const headers = toNodeHeaders(request.headers);
      let body: Uint8Array | undefined;
      if (request.body !== undefined) {
        headers['content-type'] ??= 'text/plain;charset=UTF-8';
        body = Buffer.from(request.body, 'utf8');
      }
      const options = requestOptions(agentFor(url.protocol), url, request.method, headers, body);
      // The same headers as a flat list, `Host` first as node:http would add it: node then
      // writes the head at once instead of storing and validating each header a second time.
      const flat: string[] = headers.host === undefined ? ['Host', url.host] : [];
      for (const [name, value] of Object.entries(headers)) flat.push(name, value);
      options.headers = flat;
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      new TextExchange(send, options, body, request, resolve, reject).start();
    });
  Object.defineProperty(nodeFetch, UPSTREAM_TEXT, { value: upstreamText });
  return nodeFetch;
}

function checkedUrl(input: string): URL {
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`createNodeFetch: only http: and https: URLs are fetched, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('createNodeFetch: a URL with credentials cannot be fetched.');
  }
  return url;
}

/**
 * What stops one exchange: the caller's signal and, for the proxy's text step, a deadline. Plain
 * fields and one timer, not an AbortController (each costs tens of µs on Node 20).
 */
class Stop {
  stopped = false;
  reason: unknown = undefined;
  /** What to do when stopped: set by the exchange, then by the body reader. */
  onStop: (() => void) | undefined = undefined;
  private readonly signal: StopSignal | undefined;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;

  constructor(signal: StopSignal | undefined, timeoutMs: number | undefined) {
    this.signal = signal;
    if (signal?.aborted) this.stop(signal.reason);
    else signal?.addEventListener('abort', this.fromSignal, { once: true });
    this.timer = timeoutMs === undefined ? undefined : setTimeout(this.fromTimer, timeoutMs);
  }

  readonly fromSignal = (): void => {
    this.stop(this.signal?.reason);
  };

  readonly fromTimer = (): void => {
    this.stop(new UpstreamTimeout('The upstream did not answer in time.'));
  };

  stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    this.release();
    this.onStop?.();
  }

  /** What a stopped exchange rejects with, as `fetch` does: the signal's reason (any value). */
  get error(): Error {
    return this.reason as Error;
  }

  /** The error a body reader fails with: the stop reason, or the connection's end. */
  failure(cause?: unknown): Error {
    return this.stopped ? this.error : new TypeError('terminated', { cause });
  }

  /** Stop watching the signal and the clock: the exchange is over. */
  readonly release = (): void => {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.fromSignal);
  };
}

/** node:http's options for one request; sets the body's `Content-Length` (0 for an empty POST). */
function requestOptions(
  agent: HttpAgent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
): RequestOptions {
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  else if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = '0';
  return {
    protocol: url.protocol,
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method,
    headers,
    agent,
  };
}

/**
 * Sends one request and resolves with the response head; the body is left to the caller. An
 * idempotent request (GET, HEAD) whose pooled socket turns out to have been closed by the
 * server before any response byte is sent again, on another socket.
 */
async function open(
  agent: HttpAgent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
  stop: Stop,
): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const options = requestOptions(agent, url, method, headers, body);
  for (;;) {
    const outcome = await exchange(send, options, body, stop);
    if (!('retry' in outcome)) return outcome;
    if (method !== 'GET' && method !== 'HEAD') {
      stop.release();
      throw outcome.retry;
    }
  }
}

function exchange(
  send: typeof httpRequest,
  options: RequestOptions,
  body: Uint8Array | undefined,
  stop: Stop,
): Promise<IncomingMessage | { retry: TypeError }> {
  return new Promise((resolve, reject) => {
    if (stop.stopped) {
      reject(stop.error);
      return;
    }
    let req: ClientRequest;
    try {
      req = send(options);
    } catch (error) {
      // An invalid method, header name or value (node validates them synchronously).
      stop.release();
      reject(new TypeError('createNodeFetch: the request is not valid HTTP.', { cause: error }));
      return;
    }
    let responded = false;
    // Before the head: reject with the reason. After it: the body reader sees the socket close.
    stop.onStop = () => {
      req.destroy();
      if (!responded) reject(stop.error);
    };
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (responded || stop.stopped) return; // the body reader, or onStop, reports it
      const failure = new TypeError('fetch failed', { cause: error });
      if (req.reusedSocket && error.code !== undefined && STALE_SOCKET_CODES.has(error.code)) {
        resolve({ retry: failure });
      } else {
        stop.release();
        reject(failure);
      }
    });
    req.once('response', (res: IncomingMessage) => {
      responded = true;
      resolve(res);
    });
    req.end(body);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One call of the text step: sends the request, reads the whole answer as strict UTF-8 text up
 * to `maxBytes`, and settles once — with the answer, or rejecting with a `TypeError` (network
 * failure, a body that is not UTF-8), an `UpstreamTimeout` past the deadline (head or body), or
 * the caller's `signal.reason`. Like `open`, a GET or HEAD whose pooled socket the server had
 * closed before any byte of the answer is sent once more on another socket. One object and one
 * timer per call, listeners that close over it, no intermediate promises.
 */
class TextExchange {
  private req: ClientRequest | undefined = undefined;
  private res: IncomingMessage | undefined = undefined;
  private chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onAbort: (() => void) | undefined = undefined;

  constructor(
    private readonly send: typeof httpRequest,
    private readonly options: RequestOptions,
    private readonly body: Uint8Array | undefined,
    private readonly request: UpstreamTextRequest,
    private readonly resolve: (result: UpstreamTextResult) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.timer = setTimeout(onDeadline, request.timeoutMs, this);
    const signal = request.signal;
    if (signal) {
      this.onAbort = () => {
        this.fail(signal.reason);
      };
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  start(): void {
    let req: ClientRequest;
    try {
      req = this.send(this.options);
    } catch (error) {
      // An invalid method, header name or value (node validates them synchronously).
      this.fail(new TypeError('createNodeFetch: the request is not valid HTTP.', { cause: error }));
      return;
    }
    this.req = req;
    req.on('error', (error: NodeJS.ErrnoException) => {
      this.requestFailed(req, error);
    });
    req.on('response', (res: IncomingMessage) => {
      this.respond(res);
    });
    req.end(this.body);
  }

  /** Settles the call: the deadline and the caller's signal no longer apply. */
  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    if (this.onAbort) this.request.signal?.removeEventListener('abort', this.onAbort);
    return true;
  }

  /** Rejects the call (if still open) and drops its connection. */
  fail(error: unknown): void {
    if (!this.settle()) return;
    (this.res ?? this.req)?.destroy();
    this.chunks = [];
    this.reject(error);
  }

  private requestFailed(req: ClientRequest, error: NodeJS.ErrnoException): void {
    // After the head, the body's 'error' or 'close' reports it; a replaced request is over.
    if (this.settled || this.res !== undefined || req !== this.req) return;
    const method = this.options.method;
    if (
      req.reusedSocket &&
      error.code !== undefined &&
      STALE_SOCKET_CODES.has(error.code) &&
      (method === 'GET' || method === 'HEAD')
    ) {
      this.start();
      return;
    }
    this.fail(new TypeError('fetch failed', { cause: error }));
  }

  private respond(res: IncomingMessage): void {
    if (this.settled) {
      res.destroy();
      return;
    }
    this.res = res;
    const status = res.statusCode ?? 0;
    if (!readsBody(status)) {
      this.settle();
      res.destroy();
      this.resolve({ status });
      return;
    }
    res.on('data', (chunk: Buffer) => {
      this.receive(status, chunk);
    });
    res.on('end', () => {
      this.finish(status);
    });
    res.on('error', (error) => {
      this.fail(new TypeError('terminated', { cause: error }));
    });
    res.on('close', () => {
      // After 'end' (every answer read in full) there is nothing to do, and no error to make:
      // an Error captures a stack trace, tens of µs. Before it, the connection dropped mid-body.
      if (!this.settled) this.fail(new TypeError('terminated'));
    });
  }

  private receive(status: number, chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.byteLength;
    if (this.size > this.request.maxBytes) {
      // Not read to its end: the connection cannot serve another request, so it is dropped.
      this.settle();
      this.res?.destroy();
      this.chunks = [];
      this.resolve({ status, tooLarge: true });
      return;
    }
    this.chunks.push(chunk);
  }

  private finish(status: number): void {
    if (!this.settle()) return;
    const chunks = this.chunks;
    this.chunks = [];
    let text: string;
    try {
      text = utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.size));
    } catch (error) {
      this.reject(new TypeError('The response body is not UTF-8 text.', { cause: error }));
      return;
    }
    this.resolve({ status, text });
  }
}

function onDeadline(exchange: TextExchange): void {
  exchange.fail(new UpstreamTimeout('The upstream did not answer in time.'));
}

/** The response body as a web stream, with backpressure onto the socket. */
function responseBody(res: IncomingMessage, stop: Stop): ReadableStream<Uint8Array> {
  let settled = false;
  const settle = (action: () => void) => {
    if (settled) return;
    settled = true;
    stop.release();
    try {
      action();
    } catch {
      // Already closed or cancelled by the reader.
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        stop.onStop = () => {
          res.destroy();
          settle(() => {
            c.error(stop.reason);
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((c.desiredSize ?? 0) <= 0) res.pause();
        });
        res.once('end', () => {
          settle(() => {
            c.close();
          });
        });
        res.once('error', (error) => {
          settle(() => {
            c.error(stop.failure(error));
          });
        });
        res.once('close', () => {
          // After 'end' this is a no-op; before it, the connection dropped mid-body.
          settle(() => {
            c.error(stop.failure());
          });
        });
      },
      pull() {
        if (!settled) res.resume();
      },
      cancel() {
        // A half-read body leaves the socket unusable for the next request: close it.
        settle(() => undefined);
        res.destroy();
      },
    },
    { highWaterMark: BODY_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header value fetch cannot represent: dropped, as undici does not expose it either.
    }
  }
  return headers;
}

function statusText(message: string | undefined): string {
  // Response's reason phrase must be HTTP token-ish text; anything else is dropped.
  return message !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(message) ? message : '';
}

function toNodeHeaders(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (init === undefined) return headers;
  if (init instanceof Headers || Array.isArray(init)) {
    new Headers(init).forEach((value, name) => {
      headers[name] = value;
    });
    return headers;
  }
  for (const [name, value] of Object.entries(init)) {
    const key = name.toLowerCase();
    const existing = headers[key];
    headers[key] = existing === undefined ? value : `${existing}, ${value}`;
  }
  return headers;
}

async function toBytes(body: BodyInit | null, headers: Record<string, string>): Promise<Uint8Array | undefined> {
  if (body === null) return undefined;
  if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    return Buffer.from(body, 'utf8');
  }
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    return Buffer.from(body.toString(), 'utf8');
  }
  if (body instanceof Blob) {
    if (body.type !== '') headers['content-type'] ??= body.type;
    return new Uint8Array(await body.arrayBuffer());
  }
  throw new TypeError('createNodeFetch: the request body must be a string, bytes, URLSearchParams or a Blob.');
}
