// A hostile payments API for the server tests: a raw node:net server on 127.0.0.1 that answers
// each request with scripted bytes (no node:http, so it can send what node:http never would: a
// 101 to a plain request, 1xx before the answer, a gzip body nobody asked for, a head that never
// comes, a body that stalls, bytes that are not UTF-8, a broken status line).
//
// Each scripted behaviour is registered with `add(reply)`, which gives it a numeric id; the
// proxy reaches it through a request whose path names that id (`readPath(id)`, `confirmPath(id)`),
// so one proxy in front of one hostile upstream exercises every behaviour. Every request is
// recorded as received (method, path, headers in order, body), per behaviour and per connection.
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sandboxIds } from 'payments-kit/testing';
import { seedTransactions } from '../support/seedTransactions.js';

/** One request as the hostile upstream received it. */
export interface UpstreamCall {
  /** The behaviour its path named, or undefined. */
  id: string | undefined;
  method: string;
  /** The request target as sent. */
  path: string;
  /** `[name lower-cased, value]` in the order sent. */
  headers: [string, string][];
  body: string;
  /** Which connection carried it (1 for the upstream's first), to see keep-alive reuse. */
  connection: number;
}

export interface ReplyContext {
  socket: Socket;
  call: UpstreamCall;
  /** 1 for the first request to this behaviour, 2 for the second, … */
  n: number;
}

/**
 * Writes an answer (or nothing) on the socket. `'keep'`: the answer was complete and framed, the
 * connection may carry another request; `'done'`: nothing more is read from this connection.
 */
export type Reply = (context: ReplyContext) => 'keep' | 'done';

export interface HostileUpstream {
  /** `http://127.0.0.1:PORT`: use it as `baseUrl` and `legacyBaseUrl`. */
  url: string;
  /** Registers a behaviour; returns its id (digits, so it fits every operation's path). */
  add: (reply: Reply) => string;
  /** Every request received, oldest first. */
  readonly calls: UpstreamCall[];
  callsTo: (id: string) => UpstreamCall[];
  /** Connections accepted so far. */
  readonly connections: number;
  /** Whether connection `n` (an `UpstreamCall`'s `connection`) has closed, whichever side closed it. */
  isClosed: (n: number) => boolean;
  close: () => Promise<void>;
}

/** The proxy path (after its base path) of a read (getTransaction) that reaches behaviour `id`. */
export const readPath = (id: string): string => `/api/v2/transactions/${id}`;

/** The proxy path of a confirm that reaches behaviour `id` (payment intent `pi_<id>`). */
export const confirmPath = (id: string): string => `/api/v2/payment-intents/pi_${id}/confirm`;

const ID_IN_PATH = /(?:\/transactions\/|\/transaction\/|\/pi_)(\d+)(?:[/?]|$)/;

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const replies = new Map<string, Reply>();
  const counts = new Map<string, number>();
  const calls: UpstreamCall[] = [];
  const sockets = new Set<Socket>();
  const closed = new Set<number>();
  let nextId = 7001;
  let connections = 0;

  const server: Server = createServer((socket) => {
    connections += 1;
    const connection = connections;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed.add(connection);
    });
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let taken = false;
    socket.on('data', (chunk: Buffer) => {
      if (taken) return;
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const parsed = parseRequest(buffer);
        if (!parsed) return;
        buffer = buffer.subarray(parsed.size);
        const call: UpstreamCall = { ...parsed.request, id: ID_IN_PATH.exec(parsed.request.path)?.[1], connection };
        calls.push(call);
        const reply = call.id === undefined ? undefined : replies.get(call.id);
        if (!reply || call.id === undefined) {
          answer(404, { body: '{"message":"no such behaviour"}' })({ socket, call, n: 1 });
          continue;
        }
        const n = (counts.get(call.id) ?? 0) + 1;
        counts.set(call.id, n);
        if (reply({ socket, call, n }) === 'done') {
          taken = true;
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    add(reply) {
      const id = String(nextId++);
      replies.set(id, reply);
      return id;
    },
    calls,
    callsTo: (id) => calls.filter((call) => call.id === id),
    get connections() {
      return connections;
    },
    isClosed: (n) => closed.has(n),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A request head and its Content-Length body, or undefined while incomplete. */
function parseRequest(buffer: Buffer): { request: Omit<UpstreamCall, 'id' | 'connection'>; size: number } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [requestLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const [method = '', path = ''] = requestLine.split(' ');
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  });
  const length = Number(headers.find(([name]) => name === 'content-length')?.[1] ?? 0);
  const size = end + 4 + length;
  if (buffer.length < size) return undefined;
  return { request: { method, path, headers, body: buffer.subarray(end + 4, size).toString('utf8') }, size };
}

// ─── Replies ──────────────────────────────────────────────────────────────────────────────────

const REASONS: Record<number, string> = {
  100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints', 200: 'OK', 204: 'No Content',
  302: 'Found', 304: 'Not Modified', 400: 'Bad Request', 402: 'Payment Required', 404: 'Not Found', 408: 'Request Timeout',
  409: 'Conflict', 422: 'Unprocessable Content', 425: 'Too Early', 429: 'Too Many Requests', 500: 'Internal Server Error',
  502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** A status line and headers, as bytes. */
export function head(status: number, headers: Record<string, string | number> = {}): Buffer {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return Buffer.from(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Whatever'}\r\n${lines.join('')}\r\n`, 'latin1');
}

/** A complete answer framed by Content-Length; the connection stays open for the next request. */
export function answer(status: number, options: { headers?: Record<string, string | number>; body?: string | Buffer } = {}): Reply {
  const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : (options.body ?? Buffer.alloc(0));
  return ({ socket }) => {
    socket.write(Buffer.concat([head(status, { 'content-type': 'application/json', 'content-length': body.length, ...options.headers }), body]));
    return 'keep';
  };
}

/** `value` as JSON text, with `status` and any extra headers. */
export const jsonAnswer = (status: number, value: unknown, headers: Record<string, string | number> = {}): Reply =>
  answer(status, { headers, body: JSON.stringify(value) });

/** Raw bytes, then the connection is closed (or left as is with `close: false`). */
export function rawBytes(bytes: string | Buffer, { close = true } = {}): Reply {
  return ({ socket }) => {
    socket.write(bytes);
    if (close) socket.end();
    return 'done';
  };
}

/** Informational answers (`1xx` heads) first, then `final`. */
export function informationalThen(statuses: number[], final: Reply): Reply {
  return (context) => {
    for (const status of statuses) context.socket.write(head(status));
    return final(context);
  };
}

/** Each call gets the next reply; the last one repeats. */
export function sequence(...replies: Reply[]): Reply {
  return (context) => {
    const reply = replies[Math.min(context.n, replies.length) - 1];
    if (!reply) throw new Error('sequence() needs a reply');
    return reply(context);
  };
}

/** The head never comes: the connection stays open, silent. */
export const silence: Reply = () => 'done';

/** A 200 head and the first half of a Content-Length body, then nothing. */
export function stallBody(body: string): Reply {
  return ({ socket }) => {
    const bytes = Buffer.from(body, 'utf8');
    socket.write(Buffer.concat([head(200, { 'content-type': 'application/json', 'content-length': bytes.length }), bytes.subarray(0, bytes.length >> 1)]));
    return 'done';
  };
}

/** A chunked 200 that writes `total` bytes in 64 KiB chunks, heeding backpressure, until the client leaves. */
export function chunkedBody(total: number): Reply {
  return ({ socket }) => {
    socket.write(head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    chunk[0] = 0x5b; // "[": a JSON array of spaces, never closed
    let sent = 0;
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    };
    pump();
    return 'done';
  };
}

/** The connection is reset (RST) instead of an answer. */
export const reset: Reply = ({ socket }) => {
  socket.resetAndDestroy();
  return 'done';
};

/** A gzip-encoded JSON 200 (the proxy asked for `identity`). */
export const gzipJson = (value: unknown): Reply =>
  answer(200, { headers: { 'content-encoding': 'gzip' }, body: gzipSync(Buffer.from(JSON.stringify(value))) });

// ─── Bodies ───────────────────────────────────────────────────────────────────────────────────

/** A transaction getTransaction's schema accepts (the sandbox's 1001), with `metadata` replaced when given. */
export function transaction(metadata?: string): Record<string, unknown> {
  const tx = seedTransactions().get(sandboxIds.transactions.created);
  if (!tx) throw new Error('the sandbox lost transaction 1001');
  return metadata === undefined ? { ...tx } : { ...tx, metadata };
}

/** A payment intent confirmPaymentIntent's schema accepts, `metadata` holding `note` when given. */
export function paymentIntent(id: string, note?: string): Record<string, unknown> {
  return { id, amount: 4_999, currency: 'usd', status: 'succeeded', payment_method_id: 'pm_card_visa', metadata: note === undefined ? {} : { note } };
}

/** JSON text with every character of every string (keys too) written as a `\uXXXX` escape. */
export function jsonWithUnicodeEscapes(value: unknown): string {
  return JSON.stringify(value, null, 0).replace(/"((?:[^"\\]|\\.)*)"/g, (_whole, inner: string) => {
    const text = JSON.parse(`"${inner}"`) as string;
    return `"${Array.from({ length: text.length }, (_, i) => `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`;
  });
}

// ─── Credentials ──────────────────────────────────────────────────────────────────────────────

/**
 * Every form in which the API credentials could come back from upstream and must never reach
 * the browser: each raw, `id:key`, its base64 (padded, unpadded, URL alphabet), `Basic …`, and
 * the percent-encoded forms of each (encodeURIComponent and form encoding, upper- and lower-case
 * escapes). Named, so a failure says which one leaked.
 */
export function credentialForms(clientId: string, apiKey: string): Record<string, string> {
  const pair = `${clientId}:${apiKey}`;
  const base64 = Buffer.from(pair, 'utf8').toString('base64');
  const raw: Record<string, string> = {
    clientId,
    apiKey,
    pair,
    base64,
    base64Unpadded: base64.replace(/=+$/, ''),
    base64Url: base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    basic: `Basic ${base64}`,
  };
  const lowerEscapes = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  const forms: Record<string, string> = { ...raw };
  for (const [name, form] of Object.entries(raw)) {
    const uri = encodeURIComponent(form);
    const www = new URLSearchParams({ q: form }).toString().slice(2);
    forms[`${name}/uri`] = uri;
    forms[`${name}/uri-lower`] = lowerEscapes(uri);
    forms[`${name}/form`] = www;
    forms[`${name}/form-lower`] = lowerEscapes(www);
  }
  return forms;
}

/** The names of the forms `text` holds (none is the only right answer for what the browser gets). */
export function leakedForms(text: string, forms: Record<string, string>): string[] {
  return Object.entries(forms)
    .filter(([, form]) => text.includes(form))
    .map(([name]) => name);
}

/** Every string a JSON text holds (keys too), decoded: what a browser's `JSON.parse` sees. */
export function jsonStrings(text: string): string[] {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        strings.push(key);
        walk(inner);
      }
    }
  };
  try {
    walk(JSON.parse(text));
  } catch {
    // Not JSON: the raw text is all there is.
  }
  return strings;
}
