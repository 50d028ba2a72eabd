// The proxy's answer to every way the payments API can behave, over real loopback HTTP: ONE table
// (upstream behaviour → the proxy's status, error code and time bound), run against both entries
// — payments-kit/server (fetch handler, fetch upstream client) and payments-kit/server/node (Node
// path, undici upstream client) — in front of the scripted raw-socket upstream of
// hostileUpstream.ts. Both must answer every row alike; the table is callUpstream's (its JSDoc).
// Plus the exact headers each upstream client sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, errorBody, startStack, type Stack } from './harness.js';
import {
  answer,
  chunkedBody,
  confirmPath,
  credentialForms,
  gzipJson,
  head,
  informationalThen,
  jsonAnswer,
  jsonStrings,
  jsonWithUnicodeEscapes,
  leakedForms,
  paymentIntent,
  rawBytes,
  readPath,
  reset,
  silence,
  stallBody,
  startHostileUpstream,
  transaction,
  type HostileUpstream,
  type Reply,
} from './hostileUpstream.js';

const TIMEOUT_MS = 1500;
// ASCII (so a 4xx message holding them passes every other test of upstreamMessage and only the
// redactor can stop it), with characters that make every encoded form differ from the raw one.
const credentials = { clientId: 'merchant.01 x', apiKey: 'sk_live/Zq+9=~x?!' };
const forms = credentialForms(credentials.clientId, credentials.apiKey);
const distinctForms = [...new Map(Object.entries(forms).map(([name, form]) => [form, name])).entries()].map(([form, name]) => ({ name, form }));

let upstream: HostileUpstream;
/** A behaviour nothing may ever reach: where the redirect rows point. */
let trapId = '';

interface Row {
  behaviour: string;
  reply: Reply;
  /** Which operation meets it. Default a read (getTransaction). */
  via?: 'read' | 'confirm';
  status: number;
  /** The error code; none for a forwarded 2xx. */
  code: string | undefined;
  /**
   * `fast`: answered without waiting for the deadline (one that waited would be 504
   * `upstream_timeout`, so the status and code show it); `timeout`: answered by the deadline,
   * which also closed the connection upstream.
   */
  within: 'fast' | 'timeout';
  /** Headers the answer must carry (`null`: must not carry). */
  headers?: Record<string, string | null>;
  /** Further checks on the body the browser got. */
  check?: (body: string) => void;
}

const tx = transaction();
/** The members of a JSON object's text, without its braces. */
const members = (json: string) => json.slice(1, -1);
const intent = paymentIntent('pi_7001');
const withoutLeaks = (body: string) => {
  expect(leakedForms(body, forms), 'credential forms in the raw body').toEqual([]);
  expect(jsonStrings(body).flatMap((text) => leakedForms(text, forms)), 'credential forms in the decoded JSON').toEqual([]);
};
const genericRefusal = (status: number) => (body: string) => {
  expect(errorBody(body).message).toBe(`The payments API refused getTransaction (status ${status}).`);
  withoutLeaks(body);
};

const table: Row[] = [
  // ─── Answers to forward ────────────────────────────────────────────────────────────────
  { behaviour: '200 with a transaction', reply: jsonAnswer(200, tx), status: 200, code: undefined, within: 'fast', check: (body) => expect(body).toBe(JSON.stringify(tx)) },
  { behaviour: '103 Early Hints, then 200', reply: informationalThen([103], jsonAnswer(200, tx)), status: 200, code: undefined, within: 'fast' },
  { behaviour: '102 Processing, then 200', reply: informationalThen([102], jsonAnswer(200, tx)), status: 200, code: undefined, within: 'fast' },
  { behaviour: '200 to a confirm', via: 'confirm', reply: jsonAnswer(200, intent), status: 200, code: undefined, within: 'fast', check: (body) => expect(JSON.parse(body)).toEqual(intent) },
  // ─── 1xx the clients cannot take ───────────────────────────────────────────────────────
  {
    behaviour: '101 Switching Protocols to a plain GET, the connection left open',
    reply: rawBytes(head(101, { upgrade: 'websocket', connection: 'Upgrade' }), { close: false }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  {
    behaviour: '101 Switching Protocols to a confirm',
    via: 'confirm',
    reply: rawBytes(head(101, { upgrade: 'h2c', connection: 'Upgrade' }), { close: false }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  { behaviour: '100 Continue (no Expect was sent), then 200', reply: informationalThen([100], jsonAnswer(200, tx)), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  { behaviour: '102 Processing, then the connection closes', reply: rawBytes(head(102)), status: 502, code: 'upstream_error', within: 'fast' },
  { behaviour: '102 Processing, then nothing', reply: informationalThen([102], silence), status: 504, code: 'upstream_timeout', within: 'timeout' },
  // ─── Redirects, never followed ─────────────────────────────────────────────────────────
  {
    behaviour: '302 to another path of the API',
    reply: (context) => answer(302, { headers: { location: `${upstream.url}${readPath(trapId)}` } })(context),
    status: 502,
    code: 'upstream_redirect',
    within: 'fast',
    check: (body) => expect(body).not.toContain(upstream.url),
  },
  {
    behaviour: '307 on a confirm',
    via: 'confirm',
    reply: (context) => answer(307, { headers: { location: `${upstream.url}${confirmPath(trapId)}` } })(context),
    status: 502,
    code: 'upstream_redirect',
    within: 'fast',
  },
  { behaviour: '304 Not Modified', reply: answer(304), status: 502, code: 'upstream_redirect', within: 'fast' },
  // ─── 2xx the proxy cannot read ─────────────────────────────────────────────────────────
  { behaviour: 'gzip-encoded JSON with Content-Encoding: gzip', reply: gzipJson(tx), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  {
    behaviour: 'Content-Encoding: br on plain JSON',
    reply: answer(200, { headers: { 'content-encoding': 'br' }, body: JSON.stringify(tx) }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  { behaviour: 'a chunked body of 2 MiB (over the 1 MiB cap)', reply: chunkedBody(2 * 1024 * 1024), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  {
    behaviour: 'Content-Length: 2 MiB (over the 1 MiB cap)',
    reply: answer(200, { body: Buffer.alloc(2 * 1024 * 1024, 0x20) }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  {
    behaviour: 'a 200 that is not JSON (HTML)',
    reply: answer(200, { headers: { 'content-type': 'text/html' }, body: '<html><body>Maintenance</body></html>' }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  { behaviour: 'a 200 of JSON in the wrong shape', reply: jsonAnswer(200, { id: 'x', amount: {} }), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  {
    behaviour: 'a 200 whose bytes are not UTF-8',
    reply: answer(200, { body: Buffer.concat([Buffer.from(JSON.stringify(tx).slice(0, -2)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]) }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  {
    behaviour: 'a 422 whose bytes are not UTF-8',
    reply: answer(422, { body: Buffer.from([0x7b, 0x22, 0x6d, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) }),
    status: 502,
    code: 'upstream_invalid_response',
    within: 'fast',
  },
  { behaviour: '204 No Content', reply: answer(204), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  { behaviour: 'status 600', reply: jsonAnswer(600, tx), status: 502, code: 'upstream_invalid_response', within: 'fast' },
  // ─── No answer ─────────────────────────────────────────────────────────────────────────
  { behaviour: 'a status line that is not HTTP', reply: rawBytes('HELLO WORLD\r\n\r\n'), status: 502, code: 'upstream_error', within: 'fast' },
  { behaviour: 'a reset (RST) instead of an answer', reply: reset, status: 502, code: 'upstream_error', within: 'fast' },
  { behaviour: 'a reset on a confirm', via: 'confirm', reply: reset, status: 502, code: 'upstream_error', within: 'fast' },
  {
    behaviour: 'a body shorter than its Content-Length, then close',
    reply: rawBytes(Buffer.concat([head(200, { 'content-type': 'application/json', 'content-length': 400 }), Buffer.from('{"id":1001,')])),
    status: 502,
    code: 'upstream_error',
    within: 'fast',
  },
  {
    behaviour: 'both Content-Length and Transfer-Encoding',
    reply: rawBytes(Buffer.concat([head(200, { 'content-length': 2, 'transfer-encoding': 'chunked' }), Buffer.from('0\r\n\r\n')]), { close: false }),
    status: 502,
    code: 'upstream_error',
    within: 'fast',
  },
  { behaviour: 'headers that never come (slow head)', reply: silence, status: 504, code: 'upstream_timeout', within: 'timeout' },
  { behaviour: 'a body that stalls after the head (slow body)', reply: stallBody(JSON.stringify(tx)), status: 504, code: 'upstream_timeout', within: 'timeout' },
  { behaviour: 'a confirm whose head never comes', via: 'confirm', reply: silence, status: 504, code: 'upstream_timeout', within: 'timeout' },
  // ─── Error statuses ────────────────────────────────────────────────────────────────────
  {
    behaviour: '429 with Retry-After: 7',
    reply: jsonAnswer(429, { message: 'slow down' }, { 'retry-after': 7 }),
    status: 429,
    code: 'upstream_retry_later',
    within: 'fast',
    headers: { 'retry-after': '7' },
  },
  {
    behaviour: '429 with an HTTP-date Retry-After (not passed on)',
    reply: jsonAnswer(429, {}, { 'retry-after': 'Wed, 21 Oct 2037 07:28:00 GMT' }),
    status: 429,
    code: 'upstream_retry_later',
    within: 'fast',
    headers: { 'retry-after': null },
  },
  { behaviour: '408', reply: jsonAnswer(408, {}), status: 408, code: 'upstream_retry_later', within: 'fast' },
  { behaviour: '425', reply: jsonAnswer(425, {}), status: 425, code: 'upstream_retry_later', within: 'fast' },
  { behaviour: '409 on a read', reply: jsonAnswer(409, { message: 'conflict' }), status: 409, code: 'upstream_rejected', within: 'fast' },
  {
    behaviour: '409 on a confirm',
    via: 'confirm',
    reply: jsonAnswer(409, { message: 'in progress' }),
    status: 409,
    code: 'idempotency_key_in_use',
    within: 'fast',
    headers: { 'retry-after': '1' },
  },
  {
    behaviour: '409 with Retry-After: 3 on a confirm',
    via: 'confirm',
    reply: jsonAnswer(409, {}, { 'retry-after': 3 }),
    status: 409,
    code: 'idempotency_key_in_use',
    within: 'fast',
    headers: { 'retry-after': '3' },
  },
  { behaviour: '404', reply: jsonAnswer(404, { message: 'no such transaction' }), status: 404, code: 'not_found', within: 'fast' },
  {
    behaviour: '422 with a plain message',
    reply: jsonAnswer(422, { error: { message: 'payment method declined' } }),
    status: 422,
    code: 'upstream_rejected',
    within: 'fast',
    check: (body) => expect(errorBody(body).message).toBe('payment method declined'),
  },
  {
    behaviour: '402 with a message holding markup',
    reply: jsonAnswer(402, { message: '<script>alert(1)</script>' }),
    status: 402,
    code: 'upstream_rejected',
    within: 'fast',
    check: genericRefusal(402),
  },
  { behaviour: '500', reply: jsonAnswer(500, { message: 'boom' }), status: 502, code: 'upstream_error', within: 'fast' },
  {
    behaviour: '503 with Retry-After',
    reply: jsonAnswer(503, {}, { 'retry-after': 30 }),
    status: 502,
    code: 'upstream_error',
    within: 'fast',
    headers: { 'retry-after': null },
  },
  // ─── Credentials echoed back ───────────────────────────────────────────────────────────
  ...distinctForms.map(
    ({ name, form }): Row => ({
      behaviour: `a 400 whose message echoes the credentials as ${name}`,
      reply: jsonAnswer(400, { message: `Credentials ${form} are not valid` }),
      status: 400,
      code: 'upstream_rejected',
      within: 'fast',
      check: genericRefusal(400),
    }),
  ),
  ...distinctForms.map(
    ({ name, form }): Row => ({
      behaviour: `a 200 whose JSON strings hold the credentials as ${name}, plain and \\u-escaped`,
      // `note` and one more member \u-escaped (members the kit does not read, left out), the
      // transaction's own `metadata` \u-escaped, its `source_name` plain.
      reply: answer(200, {
        body: `{"note":${jsonWithUnicodeEscapes(form)},${members(JSON.stringify({ ...transaction(), source_name: `from ${form}` }))},${members(jsonWithUnicodeEscapes({ [form]: form, metadata: `echo ${form} echo` }))}}`,
      }),
      status: 200,
      code: undefined,
      within: 'fast',
      check: (body) => {
        withoutLeaks(body);
        // `Basic ` itself is no secret: what follows it is.
        const value = JSON.parse(body) as { id: number; metadata: string; source_name: string; note?: string };
        expect(value.id).toBe(1001);
        expect(value.metadata).toMatch(/^echo (Basic |Basic%20|Basic\+)?\[redacted\] echo$/);
        expect(value.source_name).toMatch(/^from (Basic |Basic%20|Basic\+)?\[redacted\]$/);
        expect(value.note).toBeUndefined();
      },
    }),
  ),
  {
    behaviour: 'a 200 to a confirm holding the API key \\u-escaped',
    via: 'confirm',
    reply: answer(200, { body: jsonWithUnicodeEscapes(paymentIntent('pi_7001', `key ${credentials.apiKey}`)) }),
    status: 200,
    code: undefined,
    within: 'fast',
    check: (body) => {
      withoutLeaks(body);
      expect(JSON.parse(body)).toMatchObject({ id: 'pi_7001', metadata: { note: 'key [redacted]' } });
    },
  },
];

beforeAll(async () => {
  upstream = await startHostileUpstream();
  trapId = upstream.add(jsonAnswer(200, tx));
});
afterAll(async () => {
  await upstream.close();
});

describe.each(entries)('given %s in front of a hostile upstream', (_name, entry) => {
  let stack: Stack;
  const ids: string[] = [];
  beforeAll(async () => {
    stack = await startStack({ baseUrl: upstream.url, legacyBaseUrl: upstream.url, credentials, timeoutMs: TIMEOUT_MS }, entry);
    for (const row of table) ids.push(upstream.add(row.reply));
  });
  afterAll(async () => {
    await stack.close();
    // No redirect was followed, on any row.
    expect(upstream.callsTo(trapId)).toEqual([]);
  });

  it.each(table.map((row, index) => ({ ...row, index })))(
    'should answer "$behaviour" with $status $code',
    async ({ index, via, status, code, within, headers, check }) => {
      const id = ids[index]!;
      const started = performance.now();
      const response =
        via === 'confirm'
          ? await fetch(`${stack.base}${confirmPath(id)}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': `key-table-row-${index}` },
              body: JSON.stringify({ payment_method_id: 'pm_card_visa' }),
            })
          : await fetch(`${stack.base}${readPath(id)}`);
      const body = await response.text();
      const elapsed = performance.now() - started;

      expect(response.status).toBe(status);
      if (code === undefined) expect(() => errorBody(body)).toThrow();
      else expect(errorBody(body)).toMatchObject({ status, code, operation: via === 'confirm' ? 'confirmPaymentIntent' : 'getTransaction' });
      for (const [name, value] of Object.entries(headers ?? {})) expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get('cache-control')).toBe('no-store');
      check?.(body);
      // One request upstream per request to the proxy: no client retries anything, confirms above all.
      expect(upstream.callsTo(id)).toHaveLength(1);
      if (within === 'timeout') {
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
        // Rules out a deadline several times too long, not a slow machine: the answer comes at
        // about TIMEOUT_MS, and three times that is the margin a busy two-core machine keeps.
        expect(elapsed).toBeLessThan(TIMEOUT_MS * 3);
        // The upstream never closes these connections itself: the proxy let go of the call.
        const [call] = upstream.callsTo(id);
        await expect.poll(() => upstream.isClosed(call!.connection)).toBe(true);
      }
    },
  );

  describe('given the headers the upstream client sends', () => {
    // What Node's fetch adds by itself (recorded: Node 20's bundled undici); undici's `request` adds none.
    const fetchAdds = entry === 'fetch' ? { 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node' } : {};
    const browser = {
      cookie: 'session=browser-secret',
      'user-agent': 'Browser/1.0',
      'accept-language': 'fr-CH',
      'accept-encoding': 'gzip, br',
      'x-forwarded-for': '10.0.0.1',
      authorization: 'Bearer browser-token',
    };
    /** The headers of every upstream call: the proxy's three, the framing ones and fetch's own. */
    const everyCall = () => ({
      host: new URL(upstream.url).host,
      connection: 'keep-alive',
      accept: 'application/json',
      'accept-encoding': 'identity',
      authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.apiKey}`, 'utf8').toString('base64')}`,
      ...fetchAdds,
    });
    const sent = (id: string) => {
      const [call] = upstream.callsTo(id);
      expect(call).toBeDefined();
      return call!;
    };

    it('should send exactly accept, accept-encoding: identity, authorization and the framing ones on a read', async () => {
      const id = upstream.add(jsonAnswer(200, tx));
      const response = await fetch(`${stack.base}${readPath(id)}`, { headers: browser });
      expect(response.status).toBe(200);
      const call = sent(id);
      expect(Object.fromEntries(call.headers)).toEqual(everyCall());
      // Each name once.
      expect(new Set(call.headers.map(([name]) => name)).size).toBe(call.headers.length);
      expect(call).toMatchObject({ method: 'GET', path: readPath(id), body: '' });
    });

    it('should add content-type, idempotency-key and content-length on a confirm', async () => {
      const id = upstream.add(jsonAnswer(200, intent));
      const response = await fetch(`${stack.base}${confirmPath(id)}`, {
        method: 'POST',
        headers: { ...browser, 'content-type': 'application/json; charset=utf-8', 'idempotency-key': 'key-headers-0001' },
        body: JSON.stringify({ payment_method_id: 'pm_card_visa', extra: 'dropped' }),
      });
      expect(response.status).toBe(200);
      const call = sent(id);
      const body = JSON.stringify({ payment_method_id: 'pm_card_visa' });
      expect(Object.fromEntries(call.headers)).toEqual({
        ...everyCall(),
        'content-type': 'application/json',
        'idempotency-key': 'key-headers-0001',
        'content-length': String(Buffer.byteLength(body)),
      });
      expect(new Set(call.headers.map(([name]) => name)).size).toBe(call.headers.length);
      expect(call).toMatchObject({ method: 'POST', path: confirmPath(id), body });
    });
  });
});
