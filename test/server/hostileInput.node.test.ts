// Hostile input, on both entries (payments-kit/server's fetch handler and payments-kit/server/node's
// Node path) over real loopback HTTP unless said otherwise:
// (a) credentials echoed by upstream in any form never reach the browser (a fast-check property
//     on the proxy in process with a fake upstream client, then every form over real HTTP);
// (b) a GET with an endless chunked body is answered 400 at once, and the server reads a bounded
//     amount of it (a confirm's endless body likewise, 413);
// (c) requests node:http's parser refuses are answered in the kit's JSON error shape;
// (d) CONNECT and TRACE likewise;
// (e) abandoned confirms against a slow upstream cannot starve other users' reads, and each still
//     reaches upstream once and has its outcome stored.
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError, toNodeHandler, createPaymentsProxy as createNodePaymentsProxy } from 'payments-kit/server/node';
import { createPaymentsProxy, type UpstreamClient, type UpstreamResult, createMemoryIdempotencyStore, type IdempotencyStore } from 'payments-kit/server';
import { sandboxIds } from 'payments-kit/testing';
import { allowAll, entries, errorBody, rawRequest, startStack, type Entry, type Stack } from './harness.js';
import {
  answer,
  credentialForms,
  jsonAnswer,
  jsonStrings,
  jsonWithUnicodeEscapes,
  leakedForms,
  readPath,
  startHostileUpstream,
  transaction,
  type HostileUpstream,
} from './hostileUpstream.js';

const readTarget = `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`;
const confirmTarget = `/api/payments/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`;

// ─── Raw HTTP ─────────────────────────────────────────────────────────────────────────────────

interface RawAnswer {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent: status line, headers, body. */
  text: string;
  /** Whether the server closed the connection (within the wait). */
  closed: boolean;
}

/** Sends `bytes` on a new connection and reads until the server closes it (or `waitMs` passes). */
function exchange(origin: string, bytes: string | Buffer, waitMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'), closed));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(bytes);
  });
}

function parseAnswer(text: string, closed: boolean): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end === -1 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end === -1 ? '' : text.slice(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, text, closed };
}

/** A chunked body's data (chunk sizes count bytes; every answer here is ASCII JSON). */
function dechunk(framed: string): string {
  let data = '';
  let at = 0;
  for (;;) {
    const lineEnd = framed.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(framed.slice(at, lineEnd), 16);
    if (!size) return data;
    data += framed.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** The kit's JSON error answer, with the headers that keep it out of caches and sniffers. */
function expectJsonError(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.text.slice(0, 200)).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  // Framed by its length, or (a fetch `Response` streamed by the plain adapter) chunked.
  if (answer.headers['transfer-encoding'] !== 'chunked') expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(errorBody(answer.body)).toMatchObject({ status, code });
}

// ─── (a) Redaction ────────────────────────────────────────────────────────────────────────────

/** Characters that make the encoded forms differ from the raw ones, and JSON escape its own. */
const awkward = ['/', '+', '=', '%', '"', '\\', ' ', '~', '!', '?', '&', '#', "'", '(', '*', 'é', 'Ö', 'ß', '東', '💳', '\u2028'];
const unit = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 6 },
  { arbitrary: fc.constantFrom(...awkward), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
);
/** The proxy refuses credentials with control characters (they would break the header). */
const noControl = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).every((code) => code >= 0x20 && code !== 0x7f);
// Long enough that no credential is a piece of the proxy's own words or headers by chance.
const clientIdArb = fc.string({ unit, minLength: 8, maxLength: 24 }).filter((id) => noControl(id) && !id.includes(':'));
const apiKeyArb = fc.string({ unit, minLength: 12, maxLength: 40 }).filter(noControl);
/** How upstream writes a form into a JSON string. */
const around = fc.string({ unit: 'grapheme-ascii', maxLength: 12 });

/** A JSON string literal holding `text`, spelled as upstream chose. */
function spell(text: string, how: string): string {
  switch (how) {
    case 'unicode-escapes':
      return jsonWithUnicodeEscapes(text);
    case 'escaped-slashes':
      return JSON.stringify(text).replace(/\//g, '\\/');
    case 'upper-case':
      // The redactor ignores case: an upper-cased form must go too (it is redacted, not checked).
      return JSON.stringify(text.toUpperCase());
    default:
      return JSON.stringify(text);
  }
}

/** Everything of a `Response` the browser can read. */
async function seen(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  return `${response.status} ${response.statusText}\n${headers}\n\n${await response.text()}`;
}

function expectNoLeak(text: string, forms: Record<string, string>) {
  expect(leakedForms(text, forms), 'forms in the raw answer').toEqual([]);
  const body = text.slice(text.indexOf('\n\n') + 2);
  expect(jsonStrings(body).flatMap((value) => leakedForms(value, forms)), 'forms in the decoded JSON').toEqual([]);
}

/** Runs of the property below: each checks every form in every spelling, so a few dozen cover thousands of echoes. */
const CREDENTIAL_RUNS = 30;
const SPELLINGS = ['plain', 'unicode-escapes', 'escaped-slashes', 'upper-case'] as const;

describe('given upstream answers that echo the credentials, in process', () => {
  // Bounded by count, not by time: each run is one pair of credentials and one proxy, and sends
  // every form (35) in every spelling (4) through a 2xx body and each form through a 4xx message:
  // 39 calls in process. Few, large steps keep the cost of making proxies and drawing credentials
  // low. The work is all CPU (every form looked for in every string of every answer), so its time
  // is the machine's share of a core: the bound is far above it and only catches a hang.
  it(`should never let any form of any credentials reach the browser (fast-check, ${String(CREDENTIAL_RUNS)} runs of every form and spelling)`, async () => {
    let redactedAnswers = 0;
    let echoes = 0;
    await fc.assert(
      fc.asyncProperty(
        clientIdArb,
        apiKeyArb,
        fc.nat(SPELLINGS.length - 1),
        around,
        around,
        fc.constantFrom(400, 401, 402, 403, 404, 409, 422),
        async (clientId, apiKey, shift, before, after, status) => {
          const forms = credentialForms(clientId, apiKey);
          const names = Object.keys(forms);
          const echo = (form: string) => before + form + after;
          const scripted: UpstreamResult[] = [
            // A 2xx per spelling: every form in a string value, as a key, and in an array, inside
            // the transaction's metadata (kept as sent; members the kit does not read are left out).
            ...SPELLINGS.map((how): UpstreamResult => {
              const fields = names.map((name, n) => {
                const form = forms[name]!;
                return `"note${String(n)}":${spell(echo(form), how)},${spell(form, how)}:[${spell(form, 'plain')}]`;
              });
              const { metadata: _plain, ...read } = transaction();
              return { ok: true, status: 200, body: `{${JSON.stringify(read).slice(1, -1)},"metadata":{${fields.join(',')}}}`, retryAfter: undefined };
            }),
            // A 4xx per form, whose message is its echo (messages are cut to a bound: one form each).
            ...names.map((name, n): UpstreamResult => ({
              ok: true,
              status,
              body: `{"message":${spell(echo(forms[name]!), SPELLINGS[(n + shift) % SPELLINGS.length]!)}}`,
              retryAfter: undefined,
            })),
          ];
          const upstream: UpstreamClient = { request: () => Promise.resolve(scripted.shift() ?? { ok: false, failure: 'network' }) };
          const proxy = createPaymentsProxy({ baseUrl: 'http://upstream.test', legacyBaseUrl: 'http://upstream.test', credentials: { clientId, apiKey }, upstream, authorize: allowAll });
          for (const _how of SPELLINGS) {
            const ok = await proxy(new Request(`http://shop.test${readTarget}`));
            expect(ok.status).toBe(200);
            const okText = await seen(ok);
            if (okText.includes('[redacted]')) redactedAnswers++;
            expectNoLeak(okText, forms);
          }
          for (const _name of names) {
            const refused = await proxy(new Request(`http://shop.test${readTarget}`));
            expect(refused.status).toBe(status);
            expectNoLeak(await seen(refused), forms);
            echoes++;
          }
        },
      ),
      { numRuns: CREDENTIAL_RUNS },
    );
    // The property means something only if the echoes were there to redact.
    expect(redactedAnswers).toBe(CREDENTIAL_RUNS * SPELLINGS.length);
    expect(echoes).toBe(CREDENTIAL_RUNS * 35);
  }, 180_000);
});

describe.each(entries)('given %s in front of an upstream that echoes the credentials', (_name, entry) => {
  // Not ASCII, with a space and base64 holding "+" and "=": every form differs from the others.
  const credentials = { clientId: 'merchant Öl_01', apiKey: 'sk_live/Zq+9=~x?' };
  const forms = credentialForms(credentials.clientId, credentials.apiKey);
  let upstream: HostileUpstream;
  let stack: Stack;
  beforeAll(async () => {
    upstream = await startHostileUpstream();
    stack = await startStack({ baseUrl: upstream.url, legacyBaseUrl: upstream.url, credentials }, entry);
  });
  afterAll(async () => {
    await stack.close();
    await upstream.close();
  });

  it('should keep every form out of the status line, the headers and the body, for a 4xx and a 2xx', async () => {
    for (const [name, form] of Object.entries(forms)) {
      const refusing = upstream.add(jsonAnswer(403, { message: `Forbidden for ${form}` }, { 'x-echo': encodeURIComponent(form) }));
      const headers = { 'x-echo': encodeURIComponent(form) };
      const plain = upstream.add(answer(200, { body: JSON.stringify({ ...transaction(`for ${form}`), [form]: form }), headers }));
      // Only \u escapes: the raw text shows no form at all.
      const escaped = upstream.add(answer(200, { body: jsonWithUnicodeEscapes({ ...transaction(`for ${form}`), note: form }), headers }));
      for (const [id, status] of [[refusing, 403], [plain, 200], [escaped, 200]] as const) {
        const answered = await exchange(stack.server.url, `GET /api/payments${readPath(id)} HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n`);
        expect(answered.status, name).toBe(status);
        expect(leakedForms(answered.text, forms), `${name}: forms in the raw answer`).toEqual([]);
        expect(jsonStrings(answered.body).flatMap((value) => leakedForms(value, forms)), `${name}: forms in the decoded JSON`).toEqual([]);
        expect(answered.text).not.toContain('x-echo');
      }
    }
  });
});

// ─── (b), (c), (d) Endless bodies, what node:http refuses, CONNECT and TRACE ────────────────

/** What loopback's socket buffers can hold between a client's writes and a server's reads (Linux: 4 MiB send, 6 MiB receive at most). */
const MAX_KERNEL_BUFFERED = 12 * 1024 * 1024;

interface Flood {
  answer: RawAnswer;
  /** Bytes the client handed to the kernel before the server closed the connection. */
  written: number;
  /** Bytes the server's socket read off the wire. */
  serverRead: number;
  /** From the first byte sent to the connection closing (or to giving up), for the log. */
  ms: number;
}

/** Sends `head` then an endless chunked body (16 KiB chunks, heeding backpressure) until the server closes. */
function flood(stack: Stack, head: string, giveUpMs = 5_000): Promise<Flood> {
  const server = stack.server.server;
  let serverSocket: Socket | undefined;
  const onConnection = (socket: Socket) => {
    serverSocket ??= socket;
  };
  server.on('connection', onConnection);
  const chunk = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 0x61), Buffer.from('\r\n')]);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(stack.server.port, '127.0.0.1');
    const received: Buffer[] = [];
    let written = 0;
    let closed = false;
    /** `byServer`: the connection ended (closed or reset), not the client's patience. */
    const done = (byServer: boolean) => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      server.off('connection', onConnection);
      const ms = performance.now() - started;
      socket.destroy();
      resolve({ answer: parseAnswer(Buffer.concat(received).toString('utf8'), byServer), written, serverRead: serverSocket?.bytesRead ?? -1, ms });
    };
    const timer = setTimeout(() => done(false), giveUpMs);
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', () => done(true));
    socket.on('close', () => done(true));
    const pump = () => {
      while (!closed && !socket.destroyed) {
        const more = socket.write(chunk, (error) => {
          if (!error) written += chunk.length;
        });
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.write(head, pump);
  });
}

const refused: [string, string, number, string][] = [
  ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
  ['a header line without a colon', `GET ${readTarget} HTTP/1.1\r\nHost: shop.test\r\nNo colon here\r\n\r\n`, 400, 'invalid_request'],
  ['the TRACK method', `TRACK ${readTarget} HTTP/1.1\r\nHost: shop.test\r\n\r\n`, 400, 'invalid_request'],
  ['both Content-Length and Transfer-Encoding', `POST ${confirmTarget} HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400, 'invalid_request'],
  ['a bad chunk size', `POST ${confirmTarget} HTTP/1.1\r\nHost: shop.test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`, 400, 'invalid_request'],
  ['headers over 16 KiB', `GET ${readTarget} HTTP/1.1\r\nHost: shop.test\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`, 431, 'request_refused'],
  ['CONNECT', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', 405, 'method_not_allowed'],
];

describe.each(entries)('given %s and hostile requests on the wire', (_name, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, entry);
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
  });

  it('should answer a GET with an endless chunked body 400 at once, read little of it and close the connection', async () => {
    const result = await flood(stack, `GET ${readTarget} HTTP/1.1\r\nHost: shop.test\r\nTransfer-Encoding: chunked\r\n\r\n`);
    console.info(`${entry}: endless GET body — ${result.written} bytes written, ${result.serverRead} read by the server, closed after ${Math.round(result.ms)} ms`);
    expectJsonError(result.answer, 400, 'invalid_request');
    // Closed by the server, before the client gave up sending.
    expect(result.answer.closed).toBe(true);
    // maxBodyBytes (16 KiB) is read and dropped, plus what one socket read brings (64 KiB).
    expect(result.serverRead).toBeGreaterThan(0);
    expect(result.serverRead).toBeLessThan(256 * 1024);
    // What the client could write is what the kernel buffers (loopback autotunes them to a few
    // MiB) on top of that: bounded, since the server stopped reading and closed.
    expect(result.written).toBeLessThan(MAX_KERNEL_BUFFERED + result.serverRead);
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should answer a confirm with an endless chunked body 413, read at most about 1 MiB of it and close the connection', async () => {
    const result = await flood(
      stack,
      `POST ${confirmTarget} HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nIdempotency-Key: key-endless-body-01\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    console.info(`${entry}: endless confirm body — ${result.written} bytes written, ${result.serverRead} read by the server, closed after ${Math.round(result.ms)} ms`);
    expectJsonError(result.answer, 413, 'body_too_large');
    expect(result.answer.closed).toBe(true);
    // maxBodyBytes, then at most 1 MiB discarded so a keep-alive connection could go on.
    expect(result.serverRead).toBeLessThan(1024 * 1024 + 256 * 1024);
    expect(result.written).toBeLessThan(MAX_KERNEL_BUFFERED + result.serverRead);
    expect(stack.sandbox.calls).toEqual([]);
  });

  it.each(refused)('should answer %s in JSON with no-store and nosniff, and close', async (_label, bytes, status, code) => {
    const answered = await exchange(stack.server.url, bytes);
    expectJsonError(answered, status, code);
    expect(answered.headers.connection).toBe('close');
    expect(answered.closed).toBe(true);
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should answer TRACE in JSON with no-store and nosniff, and never call upstream', async () => {
    const answered = await exchange(stack.server.url, `TRACE ${readTarget} HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n`);
    // fetch cannot carry TRACE: both adapters refuse it alike, before the proxy sees it.
    expectJsonError(answered, 405, 'method_not_allowed');
    expect(answered.body).not.toContain('shop.test');
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should still serve a request on a new connection after all that', async () => {
    const answered = await rawRequest(stack.server.url, { path: readTarget });
    expect(answered.status).toBe(200);
  });
});

/** The proxy of `entry` on a node:http server of the test's own, with short timeouts. */
async function serveWithTimeouts(entry: Entry, upstreamUrl: string): Promise<{ server: Server; origin: string }> {
  const options = { baseUrl: upstreamUrl, legacyBaseUrl: upstreamUrl, credentials: { clientId: 'merchant', apiKey: 'sk_test_key' }, authorize: allowAll };
  const server = createServer({ headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 });
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', toNodeHandler(entry === 'node' ? createNodePaymentsProxy(options) : createPaymentsProxy(options), { origin }));
  return { server, origin };
}

describe.each(entries)('given %s on a server with a 300 ms headersTimeout and answerClientError', (_name, entry) => {
  let served: { server: Server; origin: string };
  beforeAll(async () => {
    served = await serveWithTimeouts(entry, 'http://127.0.0.1:9');
  });
  afterAll(async () => {
    served.server.closeAllConnections();
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
  });

  it('should answer a head that never completes 408 in JSON, once the timeout has passed', async () => {
    const started = performance.now();
    // The exchange waits 10 s: a 300 ms timeout checked every 50 ms can fire seconds late on a busy machine.
    const answered = await exchange(served.origin, `GET ${readTarget} HTTP/1.1\r\nHost: shop.test\r\nX-Slow: 1\r\n`, 10_000);
    const elapsed = performance.now() - started;
    // Answered and closed by the server, so before the exchange gave up; not before the timeout.
    expectJsonError(answered, 408, 'request_refused');
    expect(answered.closed).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(290);
  });
});

// ─── (e) Abandoned confirms ───────────────────────────────────────────────────────────────────

const ABANDONED = 72;

/** Sends a whole confirm, then goes away at once (the browser tab closed). */
function abandonedConfirm(port: number, key: string): Promise<void> {
  const body = JSON.stringify({ payment_method_id: sandboxIds.paymentMethod });
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST ${confirmTarget} HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nIdempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      () => {
        socket.destroy();
        resolve();
      },
    );
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;

describe.each(entries)('given %s, a confirm held upstream and 72 browsers that leave right after confirming', (_name, entry) => {
  let stack: Stack;
  let completed = 0;
  beforeAll(async () => {
    const memory = createMemoryIdempotencyStore();
    const counting: IdempotencyStore = {
      claim: (key, fingerprint, lockMs) => memory.claim(key, fingerprint, lockMs),
      complete: (key, token, record, ttlMs) => {
        memory.complete(key, token, record, ttlMs);
        completed++;
      },
      release: (key, token) => memory.release(key, token),
    };
    // A deadline no held confirm reaches, however slow the machine: each is released by the test.
    // No rate limits: 72 confirms of one client in flight at once are the point here
    // (test/server/abuseLimits.node.test.ts covers the limits).
    stack = await startStack({ timeoutMs: 20_000, idempotencyStore: counting, rateLimits: false }, entry);
  });
  afterAll(async () => {
    await stack.close();
  });

  it(`should answer reads meanwhile without waiting for the confirms, send each confirm upstream once and store its outcome`, async () => {
    // Upstream holds every confirm until the test lets them go: the reads below run while they
    // are all in flight, however long each step takes on a busy machine.
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let reached = 0;
    const handle = stack.sandbox.handle;
    stack.sandbox.handle = async (request) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/confirm')) {
        reached++;
        await held;
      }
      return handle(request);
    };
    const keys = Array.from({ length: ABANDONED }, (_, i) => `key-abandoned-${String(i).padStart(4, '0')}`);
    await Promise.all(keys.map((key) => abandonedConfirm(stack.server.port, key)));
    // Every confirm went upstream although its browser had left (64 at a time on the Node path).
    await expect.poll(() => reached).toBeGreaterThanOrEqual(64);

    const timings: number[] = [];
    const readsStarted = performance.now();
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const read = await rawRequest(stack.server.url, { path: readTarget });
      timings.push(performance.now() - started);
      expect(read.status).toBe(200);
    }
    const readsMs = performance.now() - readsStarted;
    const p50 = percentile(timings, 50);
    const max = Math.max(...timings);
    console.info(`${entry}: 30 reads beside ${ABANDONED} abandoned held confirms — p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms, all in ${Math.round(readsMs)} ms`);
    // All 30 answered while every confirm was held upstream: no read waited for a confirm.
    expect(completed).toBe(0);

    // Each outcome is stored once its upstream call ends (72 > 64 connections: two rounds).
    letGo();
    await expect.poll(() => completed, { timeout: 20_000, interval: 50 }).toBe(ABANDONED);
    stack.sandbox.handle = handle;
    const calls = stack.sandbox.callsFor('confirmPaymentIntent');
    expect(calls.map((call) => call.headers['idempotency-key']).sort()).toEqual(keys);

    const replays = await Promise.all(
      keys.map((key) =>
        rawRequest(stack.server.url, {
          method: 'POST',
          path: confirmTarget,
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ payment_method_id: sandboxIds.paymentMethod }),
        }),
      ),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(ABANDONED);
  }, 60_000);
});
