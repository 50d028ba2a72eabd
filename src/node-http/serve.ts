import { STATUS_CODES, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { toNodeHandler, type FetchHandler, type NodePath } from './toNodeHandler.js';
import { jsonErrorBytes } from './writeJsonError.js';

export interface ServeOptions {
  /** Default `127.0.0.1`: servers of the kit bind to loopback unless told otherwise. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** The node:http server, e.g. to set its timeouts. */
  server: Server;
  close: () => Promise<void>;
}

/**
 * Serves a fetch-standard handler on node:http (through `toNodeHandler`, so the proxy of
 * `payments-kit/server/node` on its Node path) and resolves once it listens, on 127.0.0.1 unless
 * told otherwise. Every answer the server writes has the kit's JSON error shape and headers, the
 * ones node:http gives before any listener runs included (see {@link answerClientError}).
 *
 * @example
 * await serve(paymentsProxy, { port: 3000 });
 */
export async function serve(handler: FetchHandler & Partial<NodePath>, options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  server.on('clientError', answerClientError);
  server.on('connect', (_req, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(jsonErrorBytes(405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not served here.'));
  });
  const origin = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    });
  });
  // The listener is made once the origin is known: `Request.url` is built on it, not on the Host header.
  server.on('request', toNodeHandler(handler, { origin }));
  const port = Number(new URL(origin).port);
  return {
    url: origin,
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/**
 * node:http's `clientError` listener of the kit's servers: a request its parser refuses (bad
 * syntax, an unknown method such as `TRACK` → 400; headers too large → 431; a request not
 * received in time → 408) is answered in the kit's error shape with the JSON answer headers,
 * then the connection is closed. Without it node writes a bare `HTTP/1.1 400 Bad Request`.
 * Add it to your own server when you mount the proxy with `toNodeHandler`:
 * `server.on('clientError', answerClientError)`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  socket.on('error', () => undefined);
  // As node's own handler: nothing is written over an answer already under way.
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent === true) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request was not received in time.'
        : 'The request is not valid HTTP.';
  socket.end(jsonErrorBytes(status, STATUS_CODES[status] ?? 'Error', status === 400 ? 'invalid_request' : 'request_refused', message));
}
