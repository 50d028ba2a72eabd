// Hostile requests for the fuzz tests, and the oracle every answer must satisfy: refused (an
// error in the one shape, upstream untouched) or sanitised (exactly one upstream call that is
// one of the five operations rebuilt from validated pieces).
import fc from 'fast-check';
import { expect } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- idempotencyKeySchema, operationNames, operations, paymentsErrorBodySchema of api/index, which no entry exports
import {
  type OperationDefinition,
  idempotencyKeySchema,
  operationNames,
  operations,
  paymentsErrorBodySchema,
  type OperationName,
} from '../../src/api/index.js';

export interface HostileRequest {
  method: string;
  /** Request target: base path + path + query, exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const specSegments = [...new Set(operationNames.flatMap((n) => operations[n].path.split('/')))].filter(
  (s) => s !== '' && !s.startsWith('{'),
);

/** Values that have broken path handling somewhere: encodings, traversal, hosts, NUL, length. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..', '.', '%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '%2f', '%2F', '%2F..%2F..%2Fusers', '%5c', '\\',
    '..\\..', '%00', 'a%00b', '1001%00', '%252e%252e', '%252F', '%c0%ae%c0%ae', '%u002e', ';', '%3b',
    '1001;a=b', '@evil.example', 'evil.example:80', 'http:', 'https:%2F%2Fevil.example', '%0d%0aX-Injected:%201',
    '%20', '+', '~', '*', 'a'.repeat(65), '9'.repeat(17), '9007199254740993', '-1', '1e3', '0x10', '%41',
    'pi_succeeded', '1001', '1', '', 'users', 'admin', 'api', 'v2', 'v1', 'transfers', 'payment-intents',
  ),
  fc.constantFrom(...specSegments),
  fc.stringMatching(/^[A-Za-z0-9_%.~-]{0,80}$/),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => encodeURIComponent(s)),
);

const templatePath = fc.constantFrom(...operationNames).chain((name) =>
  fc
    .array(fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileSegment }), {
      minLength: 8,
      maxLength: 8,
    })
    .map((swaps) =>
      operations[name].path
        .split('/')
        .map((segment, i) => {
          const swap = swaps[i];
          if (segment.startsWith('{')) return swap ?? (name === 'getLegacyTransaction' ? '1' : 'pi_succeeded');
          return i === 0 ? segment : (swap ?? segment);
        })
        .join('/'),
    ),
);

const freePath = fc
  .array(hostileSegment, { minLength: 0, maxLength: 9 })
  .map((segments) => `/${segments.join('/')}`);

const mangledPath = fc.tuple(templatePath, fc.constantFrom('', '/', '//', '/..', '/.', '/%2e%2e', '%00', '/../admin', '?', '#x')).map(
  ([path, suffix]) => path + suffix,
);

const prefix = fc.constantFrom(
  '/api/payments', '/api/payments', '/api/payments', '/api/payments', '//api/payments', '/api/payments/', '/api/payments/.',
  '/api/payments/..', '/api/payment', '/API/payments', '/api%2Fpayments', '', '/api/payments%2F', 'http://evil.example/api/payments',
  '//evil.example/api/payments', '/\\evil.example/api/payments', '/api/payments/%2e%2e/payments',
);

const hostileValue = fc.oneof(
  fc.constantFrom(
    'month', 'credit', 'UTC', 'utc', 'day', '', '%00', '../..', 'UTC&evil=1', '%26evil%3D1', 'a'.repeat(40), 'EST%0d%0a',
    'UT', 'UTCX', '<script>', '__proto__', 'constructor', '%2e%2e%2f',
  ),
  fc.stringMatching(/^[A-Za-z0-9%&=+._-]{0,40}$/),
);

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('period', 'type', 'tz', 'period', 'tz', '__proto__', 'url', 'redirect', 'callback', 'id', 'tz[]', 'PERIOD'),
      hostileValue,
    ),
    { maxLength: 5 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));

/** Headers that must never reach upstream, with values easy to recognise there. */
export const forbiddenHeaders: Record<string, string> = {
  authorization: 'Basic ZXZpbDpldmls',
  cookie: 'session=stolen-session',
  'proxy-authorization': 'Basic cHJveHk6cHJveHk=',
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'gopher',
  'x-forwarded-prefix': '/admin',
  forwarded: 'for=203.0.113.9;host=evil.example',
  'x-real-ip': '203.0.113.10',
  'keep-alive': 'timeout=99',
  te: 'trailers',
  'proxy-connection': 'proxy-connection-value',
  'x-hop-secret': 'hop-secret-value',
  'x-api-key': 'browser-api-key',
  'x-http-method-override': 'DELETE',
  'x-original-url': '/api/v2/users',
  'x-rewrite-url': '/api/v2/users',
  origin: 'https://evil.example',
  referer: 'https://evil.example/steal',
  'x-csrf-token': 'csrf-token-value',
  via: '1.1 evil-proxy',
  'cf-connecting-ip': '203.0.113.11',
  'x-client-cert': 'client-cert-value',
};

const headerSet = fc
  .record({
    forbidden: fc.subarray(Object.keys(forbiddenHeaders)),
    connection: fc.constantFrom(undefined, 'keep-alive', 'keep-alive, x-hop-secret', 'x-hop-secret, authorization'),
    contentType: fc.constantFrom(
      undefined, 'application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1',
      'text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', 'multipart/form-data; boundary=x',
    ),
    idempotencyKey: fc.constantFrom(undefined, 'fuzz-key-000001', 'fuzz-key-000002', 'short', 'x'.repeat(129), 'key with spaces', '../../etc/passwd', 'fuzz-key-%00'),
    accept: fc.constantFrom(undefined, 'text/html', '*/*', 'application/xml'),
  })
  .map(({ forbidden, connection, contentType, idempotencyKey, accept }) => {
    const headers: Record<string, string> = {};
    for (const name of forbidden) headers[name] = forbiddenHeaders[name] as string;
    if (connection !== undefined) headers.connection = connection;
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (accept !== undefined) headers.accept = accept;
    return headers;
  });

const body = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '{"payment_method_id":"pm_card_visa"}',
    '{"payment_method_id":"pm_card_visa","amount":1,"__proto__":{"admin":true}}',
    '{"payment_method_id":42}',
    '{"steps":["compliance"]}',
    '{"steps":[{"name":"redirect","redirect_url":"javascript:alert(1)"}]}',
    '{"steps":[{"name":"redirect","redirect_url":"https://merchant.example/x","extra":1}],"user_id":"u","is_admin":true}',
    '{"steps":[]}',
    '{',
    'null',
    '[]',
    '"payment_method_id"',
    '',
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

const wildRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    prefix,
    path: fc.oneof({ weight: 4, arbitrary: templatePath }, { weight: 2, arbitrary: mangledPath }, { weight: 1, arbitrary: freePath }),
    query,
    headers: headerSet,
    body,
  })
  .map(({ method, prefix: p, path, query: q, headers, body: b }) => ({
    method,
    target: `${p}${path}${q}`,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : b,
  }));

/** One request that reached the upstream, as the oracle needs it. */
export interface UpstreamSeen {
  method: string;
  /** Path and query as the upstream got them. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status: number;
  headers: { get: (name: string) => string | null };
  body: string;
}

export type Verdict = 'refused' | 'sanitised' | 'replayed';

/**
 * Makes `expect` (the assertion, with its message and diff) only when `holds` is false, `holds`
 * being that very assertion as a plain comparison. The oracle judges every fuzzed request, thousands
 * a run, and a passing `expect` there costs as much as the proxy's own answer; a
 * failing check still fails through the same `expect`, so the report reads as it always did.
 */
function unless(holds: boolean, assertion: () => void): void {
  if (!holds) assertion();
}

/**
 * Checks one answer against the proxy's rules (docs/server.md) and says which way it went. `proxyPath` is the
 * path (after the base path) the proxy was given, still percent-encoded.
 */
export function judge(
  request: HostileRequest,
  proxyPath: string | undefined,
  answer: Answer,
  upstream: readonly UpstreamSeen[],
  secrets: { authorization: string; apiKey: string; upstreamOrigin: string },
): Verdict {
  const context = `${request.method} ${request.target}`;
  // The checks every answer meets, most of them refusals: each `expect` made only on a failure (`unless`).
  const cacheControl = answer.headers.get('cache-control');
  unless(cacheControl === 'no-store', () => expect(cacheControl, context).toBe('no-store'));
  const noSniff = answer.headers.get('x-content-type-options');
  unless(noSniff === 'nosniff', () => expect(noSniff, context).toBe('nosniff'));
  unless(!answer.body.includes(secrets.apiKey), () => expect(answer.body, context).not.toContain(secrets.apiKey));
  unless(!answer.body.includes(secrets.authorization), () => expect(answer.body, context).not.toContain(secrets.authorization));
  // A flow's `link` may name the upstream's host; an error never does.
  if (answer.status >= 400) unless(!answer.body.includes(secrets.upstreamOrigin), () => expect(answer.body, context).not.toContain(secrets.upstreamOrigin));
  unless(upstream.length <= 1, () => expect(upstream.length, context).toBeLessThanOrEqual(1));

  const [call] = upstream;
  if (!call) {
    if (answer.headers.get('idempotent-replayed') === 'true') return 'replayed';
    unless(answer.status >= 400, () => expect(answer.status, context).toBeGreaterThanOrEqual(400));
    if (request.method === 'HEAD') return 'refused';
    const error = paymentsErrorBodySchema.parse(JSON.parse(answer.body)).error;
    unless(error.status === answer.status, () => expect(error.status, context).toBe(answer.status));
    if (answer.status !== 404) unless(error.operation !== undefined, () => expect(error.operation, context).toBeDefined());
    return 'refused';
  }

  // Sanitised: exactly one of the five operations, rebuilt from validated pieces.
  const url = new URL(call.path, 'http://upstream.invalid');
  const name = operationNames.find((n) => {
    const op = operations[n];
    if (op.method !== call.method) return false;
    const template = op.path.split('/');
    const segments = url.pathname.split('/');
    return template.length === segments.length && template.every((t, i) => t.startsWith('{') || t === segments[i]);
  });
  expect(name, `${context} → ${call.method} ${call.path}`).toBeDefined();
  const operation: OperationDefinition = operations[name as OperationName];
  const segments = url.pathname.split('/');
  const params: Record<string, string> = {};
  operation.path.split('/').forEach((t, i) => {
    if (t.startsWith('{')) params[t.slice(1, -1)] = segments[i] as string;
  });
  if (operation.params) expect(operation.params.safeParse(params).success, context).toBe(true);
  // The upstream path is the proxy's path with each segment decoded once: no traversal or
  // re-encoding changed its structure on the way.
  expect(proxyPath, context).toBeDefined();
  const given = (proxyPath as string).split('/');
  expect(given.length, context).toBe(segments.length);
  given.forEach((segment, i) => {
    const decoded = decodeURIComponent(segment);
    unless(decoded === segments[i], () => expect(decoded, context).toBe(segments[i]));
  });
  const queryKeys = [...url.searchParams.keys()];
  const defined = Object.keys(operation.query?.shape ?? {});
  for (const key of queryKeys) unless(defined.includes(key), () => expect(defined, context).toContain(key));
  expect(new Set(queryKeys).size, context).toBe(queryKeys.length);
  if (operation.query) expect(operation.query.safeParse(Object.fromEntries(url.searchParams)).success, context).toBe(true);
  else expect(url.search, context).toBe('');

  const allowed = new Set(['accept', 'content-type', 'authorization', 'idempotency-key', 'host', 'connection', 'content-length', 'user-agent', 'accept-encoding', 'accept-language', 'sec-fetch-mode']);
  const forbiddenValues = new Set(Object.values(forbiddenHeaders));
  for (const [header, value] of Object.entries(call.headers)) {
    unless(allowed.has(header), () => expect(allowed, `${context}: header ${header}`).toContain(header));
    unless(!forbiddenValues.has(value), () => expect(forbiddenValues.has(value), `${context}: ${header}: ${value}`).toBe(false));
  }
  expect(call.headers.authorization, context).toBe(secrets.authorization);
  expect(call.headers.accept, context).toBe('application/json');
  if (operation.idempotent) {
    expect(idempotencyKeySchema.safeParse(call.headers['idempotency-key']).success, context).toBe(true);
  } else {
    expect(call.headers['idempotency-key'], context).toBeUndefined();
  }
  if (operation.body) {
    expect(call.headers['content-type'], context).toBe('application/json');
    const parsed = operation.body.safeParse(call.body);
    expect(parsed.success, context).toBe(true);
    // Nothing beyond the validated fields: re-serialising the parse gives the same JSON.
    expect(JSON.stringify(call.body), context).toBe(JSON.stringify(parsed.data));
  } else {
    expect(call.body, context).toBeUndefined();
  }
  return 'sanitised';
}

const validBodies: Partial<Record<OperationName, fc.Arbitrary<string>>> = {
  confirmPaymentIntent: fc.constantFrom(
    '{"payment_method_id":"pm_card_visa"}',
    '{"payment_method_id":"pm_card_visa","amount":999999,"currency":"btc"}',
    '{"payment_method_id":"pm_other"}',
  ),
  createFlow: fc.constantFrom(
    '{"steps":["compliance","payout"],"user_id":"usr_1","metadata":{"a":"b"}}',
    '{"steps":[{"name":"redirect","redirect_url":"https://merchant.example/back","token":"t"}],"admin":true}',
    '{"steps":["payout"],"link":"https://evil.example"}',
  ),
};

/**
 * A request one step from valid: the right method, path and body for an operation, with the
 * hostile header set and extra or repeated query parameters. Keeps the sanitised branch busy.
 */
const nearValidRequest: fc.Arbitrary<HostileRequest> = fc.constantFrom(...operationNames).chain((name) =>
  fc
    .record({
      param: fc.constantFrom(name === 'getLegacyTransaction' ? '1' : name === 'getTransaction' ? '1001' : 'pi_succeeded', '%41bc', '1%2e2', '5'),
      query,
      headers: headerSet,
      body: validBodies[name] ?? fc.constant(undefined),
    })
    .map(({ param, query: q, headers, body: b }) => {
      const operation: OperationDefinition = operations[name];
      const contentType: Record<string, string> = operation.body ? { 'content-type': 'application/json' } : {};
      return {
        method: operation.method,
        target: `/api/payments${operation.path.replace(/\{[a-z_]+\}/, param)}${q}`,
        headers: { ...contentType, ...headers },
        body: b,
      };
    }),
);

/** A hostile request: method, path, query, header set and body, all drawn together. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  { weight: 3, arbitrary: wildRequest },
  { weight: 1, arbitrary: nearValidRequest },
);
