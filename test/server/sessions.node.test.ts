// Payment sessions, origins and the closed default: what a stranger, a logged-in customer and a
// hostile page can and cannot make the proxy do with the merchant's credential. Each attack of
// docs/security.md is a test here, over real loopback HTTP on the entry the matrix names (test/matrix.ts).
import fc from 'fast-check';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkPaymentsProxyOptions,
  createMemoryIdempotencyStore,
  createPaymentsProxy,
  createPaymentsSession,
  type PaymentsGrant,
  type PaymentsProxyOptions,
} from 'payments-kit/server';
import { confirmPaymentIntent, getTransaction, type PaymentsError, callOperation, createProxyFetcher } from 'payments-kit';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { SESSION_AUDIENCE as AUDIENCE, SESSION_SECRET as SECRET, mintSession as mint } from '../support/sessions.js';
import { coreEntries, errorBody, rawRequest, startStack, type Stack } from './harness.js';

const OTHER_SECRET = 'another-secret-of-the-merchant-32-bytes-long';
const t = sandboxIds.transactions;
const legacy = sandboxIds.legacyTransactions.receipt;
const intent = sandboxIds.paymentIntents.succeeded;
const method = sandboxIds.paymentMethod;

/** One call of each operation, as a page makes it. */
const calls = {
  getTransaction: { path: `/api/payments/api/v2/transactions/${t.completed}` },
  getLegacyTransaction: { path: `/api/payments/api/api/transactions/get/transaction/${legacy}` },
  getTransactionVolume: { path: '/api/payments/api/api/metrics/transaction/volume?period=day&type=receive' },
  confirmPaymentIntent: {
    method: 'POST',
    path: `/api/payments/api/v2/payment-intents/${intent}/confirm`,
    body: JSON.stringify({ payment_method_id: method }),
  },
  createFlow: { method: 'POST', path: '/api/payments/api/v2/flows', body: JSON.stringify({ steps: ['compliance'] }) },
} as const;
type CallName = keyof typeof calls;

/** Everything but the operation under test, as widely as a grant can say it. */
const everythingBut = (name: CallName): PaymentsGrant => {
  const all: PaymentsGrant = {
    transactions: '*',
    legacyTransactions: '*',
    paymentIntents: '*',
    flows: { steps: ['compliance', 'payout', 'redirect'] },
    volume: true,
  };
  const key = ({ getTransaction: 'transactions', getLegacyTransaction: 'legacyTransactions', getTransactionVolume: 'volume', confirmPaymentIntent: 'paymentIntents', createFlow: 'flows' } as const)[name];
  const { [key]: _left, ...rest } = all;
  return rest;
};

/** For each operation: a grant naming exactly this call, one naming another resource, and `'*'` where the grant has it. */
const matrix: Record<CallName, { granted: PaymentsGrant; other: PaymentsGrant; star: PaymentsGrant | undefined }> = {
  getTransaction: { granted: { transactions: [t.completed] }, other: { transactions: [t.failed] }, star: { transactions: '*' } },
  getLegacyTransaction: { granted: { legacyTransactions: [legacy] }, other: { legacyTransactions: ['2'] }, star: { legacyTransactions: '*' } },
  getTransactionVolume: { granted: { volume: true }, other: { volume: false }, star: undefined },
  confirmPaymentIntent: {
    granted: { paymentIntents: [{ id: intent, paymentMethods: [method] }] },
    other: { paymentIntents: [{ id: intent, paymentMethods: ['pm_saved_card'] }] },
    star: { paymentIntents: '*' },
  },
  createFlow: { granted: { flows: { steps: ['compliance'] } }, other: { flows: { steps: ['payout'] } }, star: undefined },
};

let keyCounter = 0;
const send = (stack: Stack, name: CallName, token: string | undefined, headers: Record<string, string> = {}) => {
  const call = calls[name];
  return rawRequest(stack.server.url, {
    method: 'method' in call ? call.method : 'GET',
    path: call.path,
    headers: {
      ...('body' in call ? { 'content-type': 'application/json' } : {}),
      ...(name === 'confirmPaymentIntent' ? { 'idempotency-key': `key-session-${String(++keyCounter).padStart(4, '0')}` } : {}),
      ...(token === undefined ? {} : { 'payments-session': token }),
      ...headers,
    },
    body: 'body' in call ? call.body : undefined,
  });
};

describe.each(coreEntries)('given %s with sessions: { secret }', (_, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined }, entry);
  });
  afterAll(() => stack.close());
  beforeEach(() => stack.sandbox.reset());

  describe.each(Object.keys(calls) as CallName[])('and %s', (name) => {
    it('should serve it when the grant names it', async () => {
      const answer = await send(stack, name, await mint(matrix[name].granted));
      expect(answer.status, answer.body).toBe(200);
      expect(stack.sandbox.callsFor(name)).toHaveLength(1);
    });

    it('should refuse it 403 not_granted, with nothing upstream, when the grant names another resource', async () => {
      const answer = await send(stack, name, await mint(matrix[name].other));
      expect(answer.status).toBe(403);
      expect(errorBody(answer.body)).toMatchObject({ code: 'not_granted', operation: name });
      expect(stack.sandbox.calls).toEqual([]);
    });

    it('should refuse it when the grant gives every other operation as widely as it can', async () => {
      const token = await mint(everythingBut(name));
      const answer = await send(stack, name, token);
      expect(answer.status).toBe(403);
      expect(errorBody(answer.body).message).not.toContain(token);
      expect(stack.sandbox.calls).toEqual([]);
    });

    it("should serve it with '*' where the grant has that form", async () => {
      const star = matrix[name].star;
      if (star === undefined) {
        // Volume is a yes or no, and flows are granted by user and steps: neither has a '*'.
        expect(['getTransactionVolume', 'createFlow']).toContain(name);
        return;
      }
      const answer = await send(stack, name, await mint(star));
      expect(answer.status, answer.body).toBe(200);
      expect(stack.sandbox.callsFor(name)).toHaveLength(1);
    });

    it('should answer 401 session_required without the header, with nothing upstream', async () => {
      const answer = await send(stack, name, undefined);
      expect(answer.status).toBe(401);
      expect(errorBody(answer.body)).toMatchObject({ code: 'session_required', operation: name });
      expect(stack.sandbox.calls).toEqual([]);
    });
  });

  describe('and a valid session sent from another site', () => {
    const grant: PaymentsGrant = { transactions: '*' };

    it('should refuse an Origin that is not its own with 403 cross_site_refused, with nothing upstream', async () => {
      const answer = await send(stack, 'getTransaction', await mint(grant), { origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
      expect(errorBody(answer.body).code).toBe('cross_site_refused');
      expect(stack.sandbox.calls).toEqual([]);
    });

    it('should refuse Sec-Fetch-Site: cross-site even without an Origin', async () => {
      const answer = await send(stack, 'getTransaction', await mint(grant), { 'sec-fetch-site': 'cross-site' });
      expect(answer.status).toBe(403);
      expect(errorBody(answer.body).code).toBe('cross_site_refused');
    });

    it("should refuse a same-host Origin the browser marks cross-site, and the opaque 'null' origin", async () => {
      const token = await mint(grant);
      const marked = await send(stack, 'getTransaction', token, { origin: stack.server.url, 'sec-fetch-site': 'cross-site' });
      const opaque = await send(stack, 'getTransaction', token, { origin: 'null' });
      expect([marked.status, opaque.status]).toEqual([403, 403]);
      expect(stack.sandbox.calls).toEqual([]);
    });

    it('should serve its own origin, same-origin fetches and calls with no Origin at all', async () => {
      const token = await mint(grant);
      const own = await send(stack, 'getTransaction', token, { origin: stack.server.url, 'sec-fetch-site': 'same-origin' });
      const bare = await send(stack, 'getTransaction', token);
      expect([own.status, bare.status]).toEqual([200, 200]);
    });
  });
});

describe.each(coreEntries)('given %s with allowedOrigins', (_, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sessions: { secret: SECRET, audience: AUDIENCE }, authorize: undefined, allowedOrigins: ['https://dashboard.example'] }, entry);
  });
  afterAll(() => stack.close());

  it('should serve a listed origin even when the browser marks it cross-site, and refuse its neighbours', async () => {
    const token = await mint({ transactions: '*' });
    const listed = await send(stack, 'getTransaction', token, { origin: 'https://dashboard.example', 'sec-fetch-site': 'cross-site' });
    const neighbour = await send(stack, 'getTransaction', token, { origin: 'https://dashboard.example.evil.example' });
    const otherPort = await send(stack, 'getTransaction', token, { origin: 'https://dashboard.example:8443' });
    expect([listed.status, neighbour.status, otherPort.status]).toEqual([200, 403, 403]);
  });

  it("should let a listed origin's page read its answers (CORS), and no other origin's", async () => {
    const token = await mint({ transactions: '*' });
    const listed = await send(stack, 'getTransaction', token, { origin: 'https://dashboard.example' });
    expect(listed.headers['access-control-allow-origin']).toBe('https://dashboard.example');
    expect(listed.headers.vary).toBe('Origin');
    const refused = await send(stack, 'getTransaction', undefined, { origin: 'https://dashboard.example' });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://dashboard.example');
    const other = await send(stack, 'getTransaction', token, { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("should answer a listed origin's preflight, with nothing upstream, and no one else's", async () => {
    stack.sandbox.reset();
    const preflight = (origin: string, path: string) =>
      rawRequest(stack.server.url, {
        method: 'OPTIONS',
        path,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key, payments-session' },
      });
    const confirmPath = calls.confirmPaymentIntent.path;
    const listed = await preflight('https://dashboard.example', confirmPath);
    expect(listed.status).toBe(204);
    expect(listed.headers).toMatchObject({
      'access-control-allow-origin': 'https://dashboard.example',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type, idempotency-key, payments-session',
    });
    expect((await preflight('https://dashboard.example', '/api/payments/api/v2/unknown')).status).toBe(404);
    const other = await preflight('https://evil.example', confirmPath);
    expect(other.status).toBe(405);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(stack.sandbox.calls).toEqual([]);
  });

  it('should refuse a list entry that is not an origin, naming it', () => {
    expect(() => checkPaymentsProxyOptions({ ...base(), sessions: { secret: SECRET, audience: AUDIENCE }, allowedOrigins: ['https://dashboard.example/'] })).toThrow(
      /allowedOrigins.*"https:\/\/dashboard\.example\/"/,
    );
  });
});

// ─── Tokens ──────────────────────────────────────────────────────────────────────────────────

const base = () => {
  // Flow links point at the sandbox's hosted pages, here on an https origin of their own.
  const sandbox = createSandbox({ origin: 'https://hosted.test' });
  return { baseUrl: 'http://up.test', legacyBaseUrl: 'http://up.test', credentials: sandbox.credentials, fetch: sandbox.fetch, flowOrigins: ['https://hosted.test'], sandbox };
};

/** The fetch handler in process: token checks need no socket, and fast-check sends hundreds. */
function inProcess(options: Partial<PaymentsProxyOptions> = {}) {
  const { sandbox, ...rest } = base();
  const proxy = createPaymentsProxy({ ...rest, sessions: { secret: SECRET, audience: AUDIENCE }, ...options });
  const read = async (token: string | undefined) => {
    const response = await proxy(
      new Request(`http://shop.test/api/payments/api/v2/transactions/${t.completed}`, {
        headers: token === undefined ? {} : { 'payments-session': token },
      }),
    );
    const text = await response.text();
    return { status: response.status, code: response.status === 200 ? undefined : errorBody(text).code };
  };
  return { proxy, sandbox, read };
}

const key = (secret: string) => new TextEncoder().encode(secret);
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const claims = { allow: { transactions: '*' } };

describe('given tokens that were not minted with the secret', () => {
  it('should refuse every single-character change anywhere in a valid token, with nothing upstream', async () => {
    const { read, sandbox } = inProcess();
    const token = await mint({ transactions: '*' });
    expect(await read(token)).toEqual({ status: 200, code: undefined });
    const alphabet = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ');
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(...alphabet), async (at, char) => {
        const tampered = token.slice(0, at) + char + token.slice(at + 1);
        // Another spelling of the same bytes (a segment's last character differing only in its
        // unused bits) is refused too: only the canonical spelling is the token.
        fc.pre(tampered !== token);
        expect(await read(tampered)).toEqual({ status: 401, code: 'session_invalid' });
      }),
      { numRuns: 300 },
    );
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
  });

  it("should refuse alg: none, other algorithms, a wrong secret, another audience and a grant of the wrong shape as session_invalid", async () => {
    const { read, sandbox } = inProcess();
    const signed = (alg: string) => new SignJWT(claims).setProtectedHeader({ alg }).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt().setExpirationTime('15m');
    const { privateKey } = await generateKeyPair('ES256');
    const tokens = {
      none: new UnsecuredJWT(claims).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt().setExpirationTime('15m').encode(),
      hs512: await signed('HS512').sign(key(SECRET)),
      hs384: await signed('HS384').sign(key(SECRET)),
      es256: await signed('ES256').sign(privateKey),
      wrongSecret: await mint({ transactions: '*' }, { secret: OTHER_SECRET }),
      otherAudience: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience('other-app').setIssuedAt().setExpirationTime('15m').sign(key(SECRET)),
      noAudience: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setIssuedAt().setExpirationTime('15m').sign(key(SECRET)),
      longerThanADay: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt().setExpirationTime('25h').sign(key(SECRET)),
      noExpiry: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt().sign(key(SECRET)),
      badGrant: await signed('HS256').sign(key(SECRET)).then(() =>
        new SignJWT({ allow: { transactions: 'all' } }).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt().setExpirationTime('15m').sign(key(SECRET)),
      ),
      notAJwt: 'not-a-token',
      huge: 'a'.repeat(20_000),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      expect(await read(token), kind).toEqual({ status: 401, code: 'session_invalid' });
    }
    // The same claims, signed as the proxy expects, pass: the refusals above are the fault's.
    expect(await read(await signed('HS256').sign(key(SECRET)))).toEqual({ status: 200, code: undefined });
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
  });

  it('should accept tokens of every secret while rotating, and refuse the retired one after', async () => {
    const before = await mint({ transactions: '*' }, { secret: OTHER_SECRET });
    const after = await mint({ transactions: '*' }, { secret: SECRET });
    const rotating = inProcess({ sessions: { secret: [SECRET, OTHER_SECRET], audience: AUDIENCE } });
    expect([(await rotating.read(before)).status, (await rotating.read(after)).status]).toEqual([200, 200]);
    const rotated = inProcess({ sessions: { secret: SECRET, audience: AUDIENCE } });
    expect(await rotated.read(before)).toEqual({ status: 401, code: 'session_invalid' });
    expect((await rotated.read(after)).status).toBe(200);
  });
});

describe('given tokens spelled in non-canonical base64url', () => {
  it('should refuse every other character at every position of the signature, the last included, with nothing upstream', async () => {
    const refusals: PaymentsError[] = [];
    const { read, sandbox } = inProcess({ onError: (error) => refusals.push(error) });
    const token = await mint({ transactions: '*' });
    expect(await read(token)).toEqual({ status: 200, code: undefined });
    const signatureStart = token.lastIndexOf('.') + 1;
    const signatureLength = token.length - signatureStart;
    // HS256's 32 bytes are 43 characters, the last of which has two bits no byte uses: changing
    // only those spells the same bytes, which a lenient decoder takes for the signed token.
    expect(signatureLength).toBe(43);
    let sameBytes = 0;
    for (let at = signatureStart; at < token.length; at++) {
      for (const char of BASE64URL_ALPHABET) {
        if (char === token[at]) continue;
        const tampered = token.slice(0, at) + char + token.slice(at + 1);
        expect(await read(tampered), `position ${String(at - signatureStart)} as ${char}`).toEqual({ status: 401, code: 'session_invalid' });
        if (Buffer.from(tampered.slice(signatureStart), 'base64url').equals(Buffer.from(token.slice(signatureStart), 'base64url'))) {
          sameBytes++;
          // Refused for its spelling, before any verification.
          expect(String((refusals.at(-1)?.cause as Error | undefined)?.message)).toMatch(/canonical base64url/);
        }
      }
    }
    // The three other spellings of the last character were among them.
    expect(sameBytes).toBe(3);
    expect(sandbox.callsFor('getTransaction')).toHaveLength(1);
  });

  it('should refuse the header and payload respelled with the same bytes, padding, and characters outside base64url', async () => {
    const { read } = inProcess();
    const token = await mint({ transactions: '*' });
    const [header = '', payload = '', signature = ''] = token.split('.');
    /** The same bytes, the segment's unused low bits set (if it has any): what a lenient decoder reads alike. */
    const respelled = (segment: string) => {
      const unused = [0, 0, 15, 3][segment.length % 4] ?? 0;
      const last = BASE64URL_ALPHABET.indexOf(segment.at(-1) ?? '');
      return segment.slice(0, -1) + (BASE64URL_ALPHABET[last | unused] ?? '');
    };
    for (const [kind, tampered] of Object.entries({
      header: `${respelled(header)}.${payload}.${signature}`,
      payload: `${header}.${respelled(payload)}.${signature}`,
      padded: `${token}=`,
      base64: `${header}.${payload}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`,
      fourSegments: `${token}.`,
      emptySignature: `${header}.${payload}.`,
    })) {
      if (tampered === token) continue;
      expect(await read(tampered), kind).toEqual({ status: 401, code: 'session_invalid' });
    }
  });
});

describe('given two deployments that share a secret', () => {
  const deployment = (audience: string, issuer?: string) => inProcess({ sessions: { secret: SECRET, audience, ...(issuer === undefined ? {} : { issuer }) } });
  const mintFor = async (audience: string, issuer?: string) =>
    (await createPaymentsSession({ secret: SECRET, audience, ...(issuer === undefined ? {} : { issuer }), subject: 'user_1', allow: { transactions: '*' } })).token;

  it("should refuse on deployment B a token minted for deployment A, with nothing upstream, and serve B's own", async () => {
    const staging = deployment('https://staging.shop.example');
    const production = deployment('https://shop.example');
    const forStaging = await mintFor('https://staging.shop.example');
    expect(await staging.read(forStaging)).toEqual({ status: 200, code: undefined });
    expect(await production.read(forStaging)).toEqual({ status: 401, code: 'session_invalid' });
    expect(production.sandbox.callsFor('getTransaction')).toEqual([]);
    expect(await production.read(await mintFor('https://shop.example'))).toEqual({ status: 200, code: undefined });
    // The audience that every deployment used to share is no deployment's.
    const legacy = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience('payments-kit').setIssuedAt().setExpirationTime('15m').sign(key(SECRET));
    expect(await production.read(legacy)).toEqual({ status: 401, code: 'session_invalid' });
  });

  it('should refuse, on a proxy with an issuer, tokens of another issuer or of none', async () => {
    const proxy = deployment(AUDIENCE, 'https://auth.shop.example');
    expect(await proxy.read(await mintFor(AUDIENCE, 'https://auth.shop.example'))).toEqual({ status: 200, code: undefined });
    expect(await proxy.read(await mintFor(AUDIENCE, 'https://auth.other.example'))).toEqual({ status: 401, code: 'session_invalid' });
    expect(await proxy.read(await mintFor(AUDIENCE))).toEqual({ status: 401, code: 'session_invalid' });
  });

  it('should require an audience on both sides, naming the deployment, and refuse the shared one', async () => {
    const { sandbox: _sandbox, ...options } = base();
    expect(() => checkPaymentsProxyOptions({ ...options, sessions: { secret: SECRET } as never })).toThrow(/sessions\.audience must name this deployment/);
    expect(() => checkPaymentsProxyOptions({ ...options, sessions: { secret: SECRET, audience: 'payments-kit' } })).toThrow(/sessions\.audience/);
    expect(() => checkPaymentsProxyOptions({ ...options, sessions: { secret: SECRET, audience: AUDIENCE, issuer: '' } })).toThrow(/sessions\.issuer/);
    await expect(createPaymentsSession({ secret: SECRET, subject: 'u', allow: {} } as never)).rejects.toThrow(/createPaymentsSession\.audience must name this deployment/);
    await expect(createPaymentsSession({ secret: SECRET, audience: 'payments-kit', subject: 'u', allow: {} })).rejects.toThrow(/audience/);
    await expect(createPaymentsSession({ secret: SECRET, audience: 'a\nb', subject: 'u', allow: {} })).rejects.toThrow(/audience/);
  });
});

describe('given a token whose aud is a list, signed with the right secret', () => {
  // RFC 7519 lets `aud` be a list, and a verifier may accept a token listing its audience among
  // others: a token minted for deployment A and for B, or one whose list an issuer widened, would
  // then open each deployment listed. createPaymentsSession mints one audience; only that passes.
  const signedFor = (aud: string | string[]) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience(aud).setIssuedAt().setExpirationTime('15m').sign(key(SECRET));

  it.each([
    ['another deployment and ours', ['https://staging.shop.test', AUDIENCE]],
    ['ours and another', [AUDIENCE, 'https://staging.shop.test']],
    ['ours alone, as a list', [AUDIENCE]],
    ['ours twice', [AUDIENCE, AUDIENCE]],
  ])('should refuse aud: [%s] as session_invalid, with nothing upstream', async (_label, aud) => {
    const { read, sandbox } = inProcess();
    expect(await read(await signedFor(aud))).toEqual({ status: 401, code: 'session_invalid' });
    expect(sandbox.callsFor('getTransaction')).toEqual([]);
    // The same claims with aud the one string of this deployment pass.
    expect(await read(await signedFor(AUDIENCE))).toEqual({ status: 200, code: undefined });
  });

  it('should say so to onError in words', async () => {
    const onError = vi.fn();
    const { read } = inProcess({ onError });
    await read(await signedFor(['https://staging.shop.test', AUDIENCE]));
    const [error] = onError.mock.calls[0] as [PaymentsError];
    expect((error.cause as Error).message).toBe(
      `Payments-Session refused: aud is not this proxy's sessions.audience ("${AUDIENCE}"): mint with that audience.`,
    );
  });
});

describe('given tokens issued in the future', () => {
  const NOW_S = Date.parse('2026-11-25T12:00:00Z') / 1000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW_S * 1000);
  });
  afterEach(() => vi.useRealTimers());

  const issued = (iat: number, exp: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user_1').setAudience(AUDIENCE).setIssuedAt(iat).setExpirationTime(exp).sign(key(SECRET));

  it('should refuse iat beyond the 60 s clock skew (30 days ahead, exp 31 days ahead), with nothing upstream', async () => {
    const { read, sandbox } = inProcess();
    const DAY = 86_400;
    expect(await read(await issued(NOW_S + 30 * DAY, NOW_S + 31 * DAY))).toEqual({ status: 401, code: 'session_invalid' });
    expect(await read(await issued(NOW_S + 61, NOW_S + 61 + 900))).toEqual({ status: 401, code: 'session_invalid' });
    expect(sandbox.callsFor('getTransaction')).toEqual([]);
  });

  it('should accept iat within the skew, and still refuse a token past its exp', async () => {
    const { read } = inProcess();
    expect(await read(await issued(NOW_S + 60, NOW_S + 960))).toEqual({ status: 200, code: undefined });
    expect(await read(await issued(NOW_S - 1000, NOW_S - 100))).toEqual({ status: 401, code: 'session_expired' });
  });
});

describe('given onError, and sessions refused or accepted', () => {
  /** Every string an object holds, own non-enumerable properties (an error's cause, jose's payload) included. */
  const everything = (value: unknown, seen = new Set<unknown>()): string => {
    if (typeof value === 'string') return value;
    if (typeof value !== 'object' || value === null || seen.has(value)) return String(value);
    seen.add(value);
    if (value instanceof Headers) return [...value].map(([name, text]) => `${name}: ${text}`).join('\n');
    return Object.getOwnPropertyNames(value)
      .map((name) => `${name}=${everything((value as Record<string, unknown>)[name], seen)}`)
      .join('\n');
  };

  it("should give onError neither the Payments-Session token nor a refused token's claims", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
      const reported: { error: PaymentsError; request: Request }[] = [];
      const { read } = inProcess({ onError: (error, request) => reported.push({ error, request }) });
      const SUBJECT = 'customer-4711-private';
      const secretGrant = { transactions: ['txn-of-customer-4711'] };
      const withClaims = (audience: string) =>
        new SignJWT({ allow: secretGrant }).setProtectedHeader({ alg: 'HS256' }).setSubject(SUBJECT).setAudience(audience).setIssuedAt().setExpirationTime('15m').sign(key(SECRET));
      const expiring = (await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: SUBJECT, allow: secretGrant, expiresIn: 60 })).token;
      const tokens = {
        otherAudience: await withClaims('https://other.example'),
        badGrant: await new SignJWT({ allow: { transactions: 'txn-of-customer-4711' } }).setProtectedHeader({ alg: 'HS256' }).setSubject(SUBJECT).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('15m').sign(key(SECRET)),
        notGranted: await withClaims(AUDIENCE),
      };
      for (const token of Object.values(tokens)) await read(token);
      vi.setSystemTime(new Date('2026-11-25T12:05:00Z'));
      expect(await read(expiring)).toEqual({ status: 401, code: 'session_expired' });

      expect(reported.map(({ error }) => error.code)).toEqual(['session_invalid', 'session_invalid', 'not_granted', 'session_expired']);
      for (const { error, request } of reported) {
        const logged = `${everything(error)}\n${everything(request.headers)}\n${request.url}`;
        for (const token of [...Object.values(tokens), expiring]) {
          for (const piece of token.split('.')) expect(logged).not.toContain(piece);
        }
        expect(logged).not.toContain(SUBJECT);
        expect(logged).not.toContain('txn-of-customer-4711');
        expect(request.headers.get('payments-session')).toBe('[redacted]');
      }
      // The refusals still say why, in words.
      expect((reported[3]?.error.cause as Error).message).toMatch(/expired/);
      // Another deployment's token: this proxy's audience, the developer's way out (not the token's).
      expect((reported[0]?.error.cause as Error).message).toMatch(/sessions\.audience \("https:\/\/shop\.test"\)/);
      expect((reported[0]?.error.cause as Error).message).not.toContain('other.example');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('given a session that expires', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('should serve it until expiresAt and answer 401 session_expired after, also once it was verified and remembered', async () => {
    const { read, sandbox } = inProcess();
    const session = await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'user_1', allow: { transactions: '*' }, expiresIn: 60 });
    expect(session.expiresAt).toBe('2026-11-25T12:01:00.000Z');
    const never = (await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'user_1', allow: { transactions: '*' }, expiresIn: 60 })).token;
    expect((await read(session.token)).status).toBe(200);
    vi.setSystemTime(new Date('2026-11-25T12:00:59Z'));
    expect((await read(session.token)).status).toBe(200);
    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'));
    expect(await read(session.token)).toEqual({ status: 401, code: 'session_expired' });
    // A token never seen before takes the signature path, not the remembered one.
    expect(await read(never)).toEqual({ status: 401, code: 'session_expired' });
    expect(sandbox.callsFor('getTransaction')).toHaveLength(2);
  });

  it("should accept a token minted on a server whose clock runs ahead of the proxy's", async () => {
    const { read } = inProcess();
    vi.setSystemTime(new Date('2026-11-25T12:00:30Z'));
    const ahead = await mint({ transactions: '*' });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    expect(await read(ahead)).toEqual({ status: 200, code: undefined });
  });

  it('should keep expiresIn within 1 s to a day', async () => {
    await expect(createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'u', allow: {}, expiresIn: 86_401 })).rejects.toThrow(/expiresIn/);
    await expect(createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'u', allow: {}, expiresIn: 0 })).rejects.toThrow(/expiresIn/);
    const { expiresAt } = await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'u', allow: {} });
    expect(expiresAt).toBe('2026-11-25T12:15:00.000Z');
  });
});

describe('given createPaymentsSession with wrong options', () => {
  it('should refuse a short secret, an empty subject and a grant of the wrong shape, naming each', async () => {
    await expect(createPaymentsSession({ secret: 'short', audience: AUDIENCE, subject: 'u', allow: {} })).rejects.toThrow(/secret must be at least 32 bytes/);
    await expect(createPaymentsSession({ secret: new Uint8Array(31), audience: AUDIENCE, subject: 'u', allow: {} })).rejects.toThrow(/at least 32 bytes/);
    await expect(createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: '', allow: {} })).rejects.toThrow(/subject/);
    await expect(createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'u', allow: { transactions: 'all' as never } })).rejects.toThrow(/allow.*transactions/);
    await expect(createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'u', allow: { flows: { steps: ['teleport'] } } })).rejects.toThrow(/flows/);
  });
});

// ─── Flows ───────────────────────────────────────────────────────────────────────────────────

describe('given createFlow with a session', () => {
  const flow = async (allow: PaymentsGrant, body: unknown, options: Partial<PaymentsProxyOptions> = {}) => {
    const { proxy, sandbox } = inProcess(options);
    const response = await proxy(
      new Request('http://shop.test/api/payments/api/v2/flows', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'payments-session': await mint(allow) },
        body: JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, code: response.ok ? undefined : errorBody(text).code, message: response.ok ? '' : errorBody(text).message, upstream: sandbox.callsFor('createFlow') };
  };
  const payouts: PaymentsGrant = { flows: { userId: 'usr_owner', steps: ['manage-payouts', 'payout', 'redirect'], redirectUrls: ['https://shop.example/done'] } };

  it("should send the grant's user upstream whatever the browser sent, and refuse another user", async () => {
    const own = await flow(payouts, { steps: ['payout'] });
    expect(own.status).toBe(200);
    expect(own.upstream.map((call) => (call.body as { user_id?: string }).user_id)).toEqual(['usr_owner']);
    const same = await flow(payouts, { steps: ['payout'], user_id: 'usr_owner' });
    expect(same.status).toBe(200);
    const foreign = await flow(payouts, { steps: ['manage-payouts', 'payout'], user_id: 'usr_victim' });
    expect(foreign).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
    expect(foreign.message).toMatch(/usr_victim/);
  });

  it('should refuse a user id when the grant names no user', async () => {
    expect(await flow({ flows: { steps: ['payout'] } }, { steps: ['payout'], user_id: 'usr_victim' })).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
  });

  it('should refuse a step the grant does not list, and a redirect_url it does not list', async () => {
    expect(await flow(payouts, { steps: ['compliance'] })).toMatchObject({ status: 403, code: 'not_granted', upstream: [] });
    expect(await flow(payouts, { steps: [{ name: 'redirect', redirect_url: 'https://evil.example/phish' }] })).toMatchObject({ status: 403, upstream: [] });
    expect(await flow(payouts, { steps: [{ name: 'redirect', redirect_url: 'https://shop.example/done/' }] })).toMatchObject({ status: 403, upstream: [] });
    expect((await flow(payouts, { steps: [{ name: 'redirect', redirect_url: 'https://shop.example/done' }] })).status).toBe(200);
  });

  it('should not hand out a link outside flowOrigins (502 flow_link_refused), and hand out one inside', async () => {
    const grant: PaymentsGrant = { flows: { steps: ['compliance'] } };
    expect(await flow(grant, { steps: ['compliance'] }, { flowOrigins: ['https://hosted.example'] })).toMatchObject({ status: 502, code: 'flow_link_refused' });
    expect((await flow(grant, { steps: ['compliance'] }, { flowOrigins: ['https://hosted.test'] })).status).toBe(200);
  });

  it('should not hand out a plain-http link off loopback, even one flowOrigins lists', async () => {
    const sandbox = createSandbox({ origin: 'http://hosted.test' });
    const proxy = createPaymentsProxy({ baseUrl: 'http://up.test', legacyBaseUrl: 'http://up.test', credentials: sandbox.credentials, fetch: sandbox.fetch, flowOrigins: ['http://hosted.test'], sessions: { secret: SECRET, audience: AUDIENCE } });
    const response = await proxy(
      new Request('http://shop.test/api/payments/api/v2/flows', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'payments-session': await mint({ flows: { steps: ['compliance'] } }) },
        body: JSON.stringify({ steps: ['compliance'] }),
      }),
    );
    expect(response.status).toBe(502);
    expect(errorBody(await response.text()).code).toBe('flow_link_refused');
  });
});

// ─── Closed by default, authorize and idempotency ────────────────────────────────────────────

describe('given a proxy with neither sessions nor authorize', () => {
  it('should answer every request 500 proxy_misconfigured with zero upstream calls, saying once what to add', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { sandbox, ...options } = base();
      const proxy = createPaymentsProxy(options);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/sessions.*createPaymentsSession.*authorize/);
      for (const [name, call] of Object.entries(calls)) {
        const response = await proxy(
          new Request(`http://shop.test${call.path}`, {
            method: 'method' in call ? call.method : 'GET',
            headers: { 'content-type': 'application/json', 'idempotency-key': 'key-closed-0001' },
            body: 'body' in call ? call.body : undefined,
          }),
        );
        expect(response.status, name).toBe(500);
        expect(errorBody(await response.text()).code).toBe('proxy_misconfigured');
      }
      expect(sandbox.calls).toEqual([]);
      expect(() => checkPaymentsProxyOptions(options)).toThrow(/closed until you say who may use it/);
    } finally {
      logged.mockRestore();
    }
  });

  it('should open only when the merchant writes authorize: () => true themselves', () => {
    const { sandbox: _sandbox, ...options } = base();
    expect(() => checkPaymentsProxyOptions({ ...options, authorize: () => true })).not.toThrow();
    expect(() => checkPaymentsProxyOptions({ ...options, sessions: { secret: 'too short', audience: AUDIENCE } })).toThrow(/at least 32 bytes/);
    expect(() => checkPaymentsProxyOptions({ ...options, sessions: { secret: [], audience: AUDIENCE } })).toThrow(/at least one secret/);
  });
});

describe('given sessions and authorize together', () => {
  it('should run authorize after the session check, with context.session', async () => {
    const seen: unknown[] = [];
    const { read } = inProcess({
      authorize: ({ session }) => {
        seen.push(session);
        return session?.subject === 'user_1';
      },
    });
    expect((await read(await mint({ transactions: '*' }))).status).toBe(200);
    expect(await read(await mint({ transactions: '*' }, { subject: 'user_2' }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await read(undefined)).toEqual({ status: 401, code: 'session_required' });
    expect(seen).toEqual([
      { subject: 'user_1', allow: { transactions: '*' } },
      { subject: 'user_2', allow: { transactions: '*' } },
    ]);
  });
});

describe('given a confirm refused by the session check', () => {
  it('should leave no idempotency entry: the same key, once granted, goes upstream', async () => {
    const store = createMemoryIdempotencyStore();
    const { proxy, sandbox } = inProcess({ idempotencyStore: store });
    const confirm = async (allow: PaymentsGrant) =>
      (
        await proxy(
          new Request(`http://shop.test${calls.confirmPaymentIntent.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': 'key-refused-0001', 'payments-session': await mint(allow) },
            body: calls.confirmPaymentIntent.body,
          }),
        )
      ).status;
    expect(await confirm({ paymentIntents: ['pi_other'] })).toBe(403);
    expect(store.usage().entries).toBe(0);
    expect(await confirm({ paymentIntents: [intent] })).toBe(200);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
  });
});

describe("given two subjects who send the same Idempotency-Key for one intent", () => {
  it("should keep their confirms apart: neither replays the other's", async () => {
    const { proxy, sandbox } = inProcess();
    const confirm = async (subject: string) => {
      const response = await proxy(
        new Request(`http://shop.test${calls.confirmPaymentIntent.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'key-shared-0001', 'payments-session': await mint({ paymentIntents: [intent] }, { subject }) },
          body: calls.confirmPaymentIntent.body,
        }),
      );
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') };
    };
    expect(await confirm('user_1')).toEqual({ status: 200, replayed: null });
    expect(await confirm('user_2')).toEqual({ status: 200, replayed: null });
    expect(await confirm('user_1')).toEqual({ status: 200, replayed: 'true' });
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(2);
  });
});

// ─── The browser's fetcher against the real proxy ────────────────────────────────────────────

describe("given the kit's browser fetcher with getSession, in front of the real proxy, when the session expires", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('should fetch a new session once, repeat the confirm with the same key, and confirm exactly once', async () => {
    const { proxy, sandbox } = inProcess();
    const minted: string[] = [];
    const getSession = async () => {
      const { token } = await createPaymentsSession({ secret: SECRET, audience: AUDIENCE, subject: 'user_1', allow: { transactions: '*', paymentIntents: [intent] }, expiresIn: 60 });
      minted.push(token);
      return token;
    };
    const seen: { status: number; session: string | null; key: string | null }[] = [];
    const fetcher = createProxyFetcher({
      getSession,
      fetch: async (input, init) => {
        const request = new Request(new URL(input instanceof Request ? input.url : input, 'http://shop.test'), init);
        const response = await proxy(request);
        seen.push({ status: response.status, session: request.headers.get('payments-session'), key: request.headers.get('idempotency-key') });
        return response;
      },
    });

    await callOperation(fetcher, getTransaction, { params: { transaction_id: t.completed } });
    vi.setSystemTime(new Date('2026-11-25T12:01:30Z'));
    const confirmed = await callOperation(
      fetcher,
      confirmPaymentIntent,
      { params: { payment_intent_id: intent }, body: { payment_method_id: method } },
      { headers: { 'Idempotency-Key': 'key-refresh-0001' } },
    );

    expect(confirmed.status).toBe('succeeded');
    expect(minted).toHaveLength(2);
    expect(seen.map(({ status, key }) => [status, key])).toEqual([
      [200, null],
      [401, 'key-refresh-0001'],
      [200, 'key-refresh-0001'],
    ]);
    expect(seen.map((s) => s.session)).toEqual([minted[0], minted[0], minted[1]]);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    expect(sandbox.data.paymentIntents.get(intent)?.confirmations).toBe(1);
  });
});
