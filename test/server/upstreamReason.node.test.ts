// What the payments API says when it refuses a call reaches the browser (docs/api.md#errors):
// the proxy passes its `error_code` and `message` on as `upstreamCode` and `upstreamMessage`,
// beside its own code, in the one error shape — invisible characters stripped, credentials
// redacted, bounded — over real loopback HTTP, on both entries, with the sandbox as upstream.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsError } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- api/upstreamReason, the module this file tests
import { MAX_UPSTREAM_CODE, MAX_UPSTREAM_MESSAGE } from '../../src/api/upstreamReason.js';
import { sandboxIds, type SandboxFault } from 'payments-kit/testing';
import { entries, errorBody, rawRequest, startStack, type RawResponse, type Stack } from './harness.js';
import { credentialForms, jsonStrings, leakedForms } from './hostileUpstream.js';

const intentId = sandboxIds.paymentIntents.succeeded;
const readPath = `/api/payments/api/v2/transactions/${sandboxIds.transactions.completed}`;

function confirm(stack: Stack, key: string): Promise<RawResponse> {
  return rawRequest(stack.server.url, {
    method: 'POST',
    path: `/api/payments/api/v2/payment-intents/${intentId}/confirm`,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ payment_method_id: sandboxIds.paymentMethod }),
  });
}

const read = (stack: Stack) => rawRequest(stack.server.url, { path: readPath });

/** A refusal with this body, as the API documents its error answers. */
const refusal = (status: number, body: Record<string, unknown>): SandboxFault => ({ kind: 'status', status, body: { success: false, ...body } });

describe.each(entries)('given %s in front of the sandbox', (_name, entry) => {
  let stack: Stack;
  let forms: Record<string, string>;
  beforeAll(async () => {
    stack = await startStack({}, entry);
    forms = credentialForms(stack.sandbox.credentials.clientId, stack.sandbox.credentials.apiKey);
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
  });

  const readWith = async (fault: SandboxFault) => {
    stack.sandbox.inject(fault, { operation: 'getTransaction', times: 1 });
    const answer = await read(stack);
    return { answer, error: errorBody(answer.body) };
  };
  const withoutLeaks = (body: string) => {
    expect(leakedForms(body, forms), 'credential forms in the raw body').toEqual([]);
    expect(jsonStrings(body).flatMap((text) => leakedForms(text, forms)), 'credential forms in the decoded JSON').toEqual([]);
  };

  describe('given the documented error answers', () => {
    it('should answer a confirm refused for insufficient funds with the API code and words, kind http, and replay them', async () => {
      stack.sandbox.inject({ kind: 'api-error', error: 'insufficient-funds' }, { operation: 'confirmPaymentIntent', times: 1 });
      const first = await confirm(stack, 'key-insufficient-funds');
      expect(first.status).toBe(400);
      expect(errorBody(first.body)).toEqual({
        kind: 'http',
        status: 400,
        code: 'upstream_rejected',
        operation: 'confirmPaymentIntent',
        message: 'Not enough funds in wallet',
        upstreamCode: 'transaction-insufficient-funds',
        upstreamMessage: 'Not enough funds in wallet',
      });

      // A definitive answer: stored, and the replay carries the API's reason too.
      const replay = await confirm(stack, 'key-insufficient-funds');
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.status).toBe(400);
      expect(errorBody(replay.body)).toMatchObject({ upstreamCode: 'transaction-insufficient-funds', upstreamMessage: 'Not enough funds in wallet' });
      expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should answer resource-busy as "retry later", store nothing, and send the retry with the same key upstream', async () => {
      stack.sandbox.inject({ kind: 'api-error', error: 'busy' }, { operation: 'confirmPaymentIntent', times: 1 });
      const first = await confirm(stack, 'key-resource-busy');
      expect(first.status).toBe(400);
      expect(errorBody(first.body)).toMatchObject({
        kind: 'http',
        code: 'upstream_retry_later',
        upstreamCode: 'resource-busy',
        upstreamMessage: 'This is unavailable because one or more previous requests are still being processed.',
      });
      const retry = await confirm(stack, 'key-resource-busy');
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(stack.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(2);
    });

    it('should answer invalid-input as the API refusing the details (kind http), not as a request it never sent', async () => {
      const { answer, error } = await readWith({ kind: 'api-error', error: 'invalid-input' });
      expect(answer.status).toBe(400);
      expect(error).toMatchObject({ kind: 'http', code: 'upstream_rejected', upstreamCode: 'invalid-input', upstreamMessage: 'Missing parameter' });
    });

    it('should answer a 403 { success: false, message } with its message and no code', async () => {
      const { answer, error } = await readWith({ kind: 'api-error', error: 'unauthorized' });
      expect(answer.status).toBe(403);
      expect(error).toMatchObject({ kind: 'http', code: 'upstream_rejected', upstreamMessage: 'Resource not found or unauthorized' });
      expect(error.upstreamCode).toBeUndefined();
    });

    it('should pass on the reason of neither a 404 (it reads the same as one the proxy answers for another user\'s resource) nor a 5xx', async () => {
      const missing = await readWith(refusal(404, { message: 'Transaction not found', error_code: 'not-found' }));
      expect(missing.error).toMatchObject({ status: 404, code: 'not_found' });
      expect(missing.error.upstreamCode).toBeUndefined();
      expect(missing.error.upstreamMessage).toBeUndefined();
      const down = await readWith(refusal(503, { message: 'A service was unavailable', error_code: 'service-unavailable' }));
      expect(down.answer.status).toBe(502);
      expect(down.error).toMatchObject({ code: 'upstream_error' });
      expect(down.error.upstreamCode).toBeUndefined();
      expect(down.error.upstreamMessage).toBeUndefined();
    });

    it('should pass on no reason for an error answer that has none', async () => {
      const { error } = await readWith({ kind: 'status', status: 422, body: '<html>nope</html>' });
      expect(error).toMatchObject({ status: 422, code: 'upstream_rejected' });
      expect(error.upstreamCode).toBeUndefined();
      expect(error.upstreamMessage).toBeUndefined();
    });
  });

  describe('given hostile error answers', () => {
    it('should leave out a message holding the credentials in any form, and redact them from the code', async () => {
      const { apiKey } = stack.sandbox.credentials;
      for (const [name, form] of Object.entries(forms)) {
        const { answer, error } = await readWith(refusal(400, { message: `Key ${form} refused`, error_code: `bad-${form}` }));
        withoutLeaks(answer.body);
        expect(error.upstreamMessage, name).toBeUndefined();
        expect(error.upstreamCode, name).toMatch(/^bad-.*\[redacted\]/);
      }
      // An invisible character inside the key does not hide it from the check.
      const hidden = `${apiKey.slice(0, 4)}\u200b${apiKey.slice(4)}`;
      const { answer, error } = await readWith(refusal(400, { message: `key ${hidden}`, error_code: 'invalid-input' }));
      withoutLeaks(answer.body);
      expect(error).toMatchObject({ upstreamCode: 'invalid-input' });
      expect(error.upstreamMessage).toBeUndefined();
    });

    it('should strip control and invisible formatting characters', async () => {
      const { error } = await readWith(
        refusal(400, { message: 'Not\u0000 enough\u001b funds\r\n in\u202e wallet\u2028\u0085', error_code: 'transaction-\u200binsufficient-funds\u0007' }),
      );
      expect(error.upstreamMessage).toBe('Not enough funds in wallet');
      expect(error.upstreamCode).toBe('transaction-insufficient-funds');
    });

    it('should bound a huge message and a huge code', async () => {
      const { answer, error } = await readWith(refusal(400, { message: 'x'.repeat(200_000), error_code: 'c'.repeat(10_000) }));
      expect(error.upstreamMessage).toHaveLength(MAX_UPSTREAM_MESSAGE);
      expect(error.upstreamMessage?.endsWith('…')).toBe(true);
      expect(error.upstreamCode).toHaveLength(MAX_UPSTREAM_CODE);
      expect(answer.body.length).toBeLessThan(2_000);
    });

    it('should never cut a character in half', async () => {
      const { error } = await readWith(refusal(400, { message: `${'x'.repeat(MAX_UPSTREAM_MESSAGE - 2)}😀😀` }));
      expect(error.upstreamMessage).toBe(`${'x'.repeat(MAX_UPSTREAM_MESSAGE - 2)}…`);
    });

    it('should clean the reason of a legacy success: false as it cleans an error answer’s', async () => {
      const { apiKey } = stack.sandbox.credentials;
      const volumeRefusedWith = async (body: Record<string, unknown>) => {
        stack.sandbox.inject({ kind: 'status', status: 200, body: { success: false, ...body } }, { operation: 'getTransactionVolume', times: 1 });
        const answer = await rawRequest(stack.server.url, { path: '/api/payments/api/api/metrics/transaction/volume?tz=UTC' });
        expect(answer.status).toBe(200);
        withoutLeaks(answer.body);
        return JSON.parse(answer.body) as Record<string, unknown>;
      };
      const body = await volumeRefusedWith({ message: `Not\u0000 enough\u202e funds ${'x'.repeat(1_000)}`, error_code: 'invalid-input\r\n', extra: apiKey });
      expect(Object.keys(body).sort()).toEqual(['error_code', 'message', 'success']);
      expect(body.success).toBe(false);
      expect(body.error_code).toBe('invalid-input');
      expect(body.message).toHaveLength(MAX_UPSTREAM_MESSAGE);
      expect(body.message).toMatch(/^Not enough funds x+…$/);
      // A message holding the credentials, an address or markup is left out, as a 4xx's is.
      for (const message of [`Not enough funds ${apiKey}`, 'See http://10.0.0.7/ledger', '<b>Refused</b>']) {
        expect(await volumeRefusedWith({ message, error_code: 'invalid-input' }), message).toEqual({ success: false, error_code: 'invalid-input' });
      }
    });

    it.each([
      ['an object', { nested: 'invalid-input' }, undefined],
      ['an array', ['invalid-input'], undefined],
      ['a boolean', true, undefined],
      ['null', null, undefined],
      ['a fraction', 2.5, undefined],
      ['an integer (docs/v1.yaml types one `error_code` as an integer)', 21, '21'],
      ['an empty string', '', undefined],
    ])('should take an error_code that is %s as %j', async (_label, code, expected) => {
      const { error } = await readWith(refusal(400, { message: 42, error_code: code }));
      expect(error.upstreamCode).toBe(expected);
      // A message that is not a string is left out too.
      expect(error.upstreamMessage).toBeUndefined();
    });
  });
});

// What a failing payments API writes into its error answers is about its own insides: a 5xx's
// message may hold a database URL with its password, internal addresses and file paths. The
// browser gets none of it; the merchant's `onError` (server-side logs) gets it as `error.cause`.
const internals = {
  password: 'Hunter2-ledger-db-pass',
  databaseUrl: 'postgres://ledger:Hunter2-ledger-db-pass@10.20.30.40:5432/ledger',
  address: 'ledger-db.internal:5432',
  path: '/srv/payments-api/app/models/ledger.rb:118',
};
const crash = `PG::ConnectionBad: could not connect to ${internals.databaseUrl} (${internals.address}) at ${internals.path}`;

describe.each(entries)('given %s in front of an API whose error answers carry its internals', (_name, entry) => {
  let stack: Stack;
  const logged: PaymentsError[] = [];
  beforeAll(async () => {
    stack = await startStack({ onError: (error) => logged.push(error) }, entry);
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
    logged.length = 0;
  });

  const readWith = async (fault: SandboxFault) => {
    stack.sandbox.inject(fault, { operation: 'getTransaction', times: 1 });
    const answer = await read(stack);
    return { answer, error: errorBody(answer.body) };
  };

  it('should give the browser nothing of a 5xx message holding a database URL with its password, an internal address and a file path', async () => {
    for (const status of [500, 502, 503]) {
      const { answer, error } = await readWith(refusal(status, { message: crash, error_code: 'internal-error' }));
      expect(answer.status).toBe(502);
      expect(error).toEqual({
        kind: 'http',
        status: 502,
        code: 'upstream_error',
        operation: 'getTransaction',
        message: `The payments API failed to answer getTransaction (status ${status}).`,
      });
      for (const detail of [...Object.values(internals), 'postgres', '10.20.30.40', 'internal-error']) expect(answer.body, detail).not.toContain(detail);
    }
  });

  it("should give the merchant's onError what the API said with a 5xx, as error.cause", async () => {
    await readWith(refusal(500, { message: crash, error_code: 'internal-error' }));
    expect(logged).toHaveLength(1);
    const [error] = logged as [PaymentsError];
    expect(error).toMatchObject({ status: 502, code: 'upstream_error', upstreamCode: undefined, upstreamMessage: undefined });
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause).toMatchObject({ status: 500, upstreamCode: 'internal-error', upstreamMessage: crash });
    expect((error.cause as Error).message).toContain(internals.path);
  });

  it.each([
    ['a URL', 403, 'Forbidden: see https://auth.internal.example:8443/policies/42', 'auth.internal.example'],
    ['a URL without a host name', 400, 'Read file:///etc/payments/keys.json failed', 'keys.json'],
    ['an internal address', 400, 'Upstream 10.1.2.3 refused the call', '10.1.2.3'],
    ['an IPv6 address', 400, 'Upstream [fd00::17] refused the call', 'fd00::17'],
    ['a host and port', 409, 'Cannot reach ledger-db.internal:5432 now', 'ledger-db.internal'],
    ['localhost', 400, 'Ledger service on localhost did not answer', 'localhost'],
    ['a file path', 422, 'Error in /srv/payments-api/app/models/ledger.rb', '/srv/payments-api'],
    ['a Windows path', 422, 'Error in C:\\inetpub\\payments\\web.config', 'inetpub'],
    ['markup', 402, '<img src=x onerror=alert(1)>Declined', 'onerror'],
    ['a user and password', 400, 'Login ledger:Hunter2@ledger-db refused', 'Hunter2'],
    ['a password', 400, 'Connection failed (password=Hunter2)', 'Hunter2'],
    ['a bearer token', 403, 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x expired', 'eyJhbGciOiJIUzI1NiJ9'],
  ])('should leave out a 4xx message holding %s, and say it in its own words', async (_label, status, message, detail) => {
    const { answer, error } = await readWith(refusal(status, { message, error_code: 'invalid-input' }));
    expect(answer.status).toBe(status);
    expect(error).toMatchObject({ kind: 'http', code: 'upstream_rejected', upstreamCode: 'invalid-input', message: `The payments API refused getTransaction (status ${status}).` });
    expect(error.upstreamMessage).toBeUndefined();
    expect(answer.body).not.toContain(detail);
    // The merchant's logs still get it.
    expect(logged.at(-1)?.cause).toMatchObject({ status, upstreamMessage: message });
  });

  it('should leave out an error_code holding a URL or markup', async () => {
    for (const code of ['https://errors.internal.example/ledger', '<b>bad</b>']) {
      const { answer, error } = await readWith(refusal(400, { message: 'Missing parameter', error_code: code }));
      expect(error).toMatchObject({ upstreamMessage: 'Missing parameter' });
      expect(error.upstreamCode, code).toBeUndefined();
      expect(answer.body).not.toContain(code);
    }
  });

  it.each([
    ['Not enough funds in wallet'],
    ['Resource not found or unauthorized'],
    ['Try again after 12:30 UTC.'],
    ['Amount must be at least 1.00 and at most 10,000.00 (USD).'],
    ['The field body.amount is invalid: it must be a positive integer'],
    ['Flows need a user_id or phone number: see the docs'],
  ])('should still pass on a plain 4xx sentence: %s', async (message) => {
    const { error } = await readWith(refusal(400, { message, error_code: 'invalid-input' }));
    expect(error).toMatchObject({ message, upstreamMessage: message, upstreamCode: 'invalid-input' });
  });
});
