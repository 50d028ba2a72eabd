import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_ANSWER_HEADERS } from '../api/index.js';
import {
  MAX_DISCARD_BYTES,
  answerFailure,
  answerUnservedMethod,
  announcesBody,
  isUnservedMethod,
  discardUnreadBody,
  readNodeBody,
  requestUrl,
  toRequest,
  type NodeRequestListener,
} from '../node-http/index.js';
import type { ProxyCore } from '../server/createProxyCore.js';
import type { ProxyAnswer } from '../server/proxyError.js';
import type { ProxyIncoming } from '../server/request/ProxyIncoming.js';
import { ConnectionSignal } from './ConnectionSignal.js';

/**
 * The proxy's Node path: a node:http listener that hands the request to the proxy core as it
 * came (method, URL, headers, body read straight from the socket) and writes the answer in one
 * `end()`, with no `Request`, `Response` or web stream in between. The core is the one the
 * fetch handler runs, and the URL is built exactly as `toNodeHandler` builds `Request.url`, so
 * every rule (routing, validation, limits, hooks, error shape) answers the same on both paths.
 *
 * A GET or HEAD that announces a body is refused by the core without reading it; after the
 * answer at most `maxBodyBytes` of it is read and dropped, then the connection is closed.
 */
export function createNodeListener(core: ProxyCore, origin: string, maxBodyBytes: number): NodeRequestListener {
  return (req, res, next) => {
    const method = req.method ?? 'GET';
    // As the plain adapter does, so both paths answer alike.
    if (isUnservedMethod(method)) {
      answerUnservedMethod(req, res);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') discardUnreadBody(req, res, MAX_DISCARD_BYTES);
    else if (announcesBody(req)) discardUnreadBody(req, res, maxBodyBytes);
    let incoming: NodeIncoming;
    try {
      incoming = new NodeIncoming(req, res, method, requestUrl(req, origin));
    } catch (error) {
      answerFailure(res, error, next);
      return;
    }
    core(incoming)
      .then((answer) => {
        writeAnswer(res, answer);
      })
      .catch((error: unknown) => {
        answerFailure(res, error, next);
      });
  };
}

class NodeIncoming implements ProxyIncoming {
  readonly url: URL;
  readonly signal: ConnectionSignal;
  #request: Request | undefined = undefined;

  constructor(
    private readonly req: IncomingMessage,
    res: ServerResponse,
    readonly method: string,
    private readonly href: string,
  ) {
    this.url = new URL(href);
    this.signal = new ConnectionSignal(res);
  }

  /** Every value of the header joined by ", ", as `Headers.get` gives it (node keeps only the first of some). */
  header(name: string): string | null {
    const raw = this.req.rawHeaders;
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i] as string;
      if (key.length === name.length && key.toLowerCase() === name) {
        value = value === null ? (raw[i + 1] as string) : `${value}, ${raw[i + 1] as string}`;
      }
    }
    return value;
  }

  readBody(maxBytes: number): Promise<Uint8Array | undefined> {
    return readNodeBody(this.req, maxBytes);
  }

  get clientAddress(): string | undefined {
    return this.req.socket.remoteAddress;
  }

  /** Built on first use (by a hook): same method, URL and headers as `toNodeHandler`'s; no body. */
  get request(): Request {
    return (this.#request ??= toRequest(this.req, this.method, this.href, this.signal.signal, undefined));
  }
}

function writeAnswer(res: ServerResponse, answer: ProxyAnswer): void {
  // The browser went away: nothing to write to.
  if (res.destroyed) return;
  const { status, body, headers } = answer;
  // One `end()` with the length: the head and the body leave in one socket write.
  res.writeHead(status, {
    'content-type': JSON_ANSWER_HEADERS['content-type'],
    'cache-control': JSON_ANSWER_HEADERS['cache-control'],
    'x-content-type-options': JSON_ANSWER_HEADERS['x-content-type-options'],
    ...headers,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
