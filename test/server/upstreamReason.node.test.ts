// What the payments API says when it refuses a call reaches the browser (docs/api.md#errors):
// the proxy passes its `error_code` and `message` on as `upstreamCode` and `upstreamMessage`,
// beside its own code, in the one error shape — invisible characters stripped, credentials
// redacted, bounded — over real loopback HTTP, on both entries, with the sandbox as upstream.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPSTREAM_CODE, MAX_UPSTREAM_MESSAGE } from '../../src/api/upstreamReason.js';
import { sandboxIds, type SandboxFault } from '../../src/testing/index.js';
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

    it('should pass on the reason of a 404 and of a 5xx with an error body', async () => {
      const missing = await readWith(refusal(404, { message: 'Transaction not found' }));
      expect(missing.error).toMatchObject({ status: 404, code: 'not_found', upstreamMessage: 'Transaction not found' });
      const down = await readWith(refusal(503, { message: 'A service was unavailable', error_code: 'service-unavailable' }));
      expect(down.answer.status).toBe(502);
      expect(down.error).toMatchObject({ code: 'upstream_error', upstreamCode: 'service-unavailable', upstreamMessage: 'A service was unavailable' });
    });

    it('should pass on no reason for an error answer that has none', async () => {
      const { error } = await readWith({ kind: 'status', status: 422, body: '<html>nope</html>' });
      expect(error).toMatchObject({ status: 422, code: 'upstream_rejected' });
      expect(error.upstreamCode).toBeUndefined();
      expect(error.upstreamMessage).toBeUndefined();
    });
  });

  describe('given hostile error answers', () => {
    it('should redact the credentials in every form from the message and the code', async () => {
      const { apiKey } = stack.sandbox.credentials;
      for (const [name, form] of Object.entries(forms)) {
        const { answer, error } = await readWith(refusal(400, { message: `Key ${form} refused`, error_code: `bad-${form}` }));
        withoutLeaks(answer.body);
        expect(error.upstreamMessage, name).toMatch(/^Key .*\[redacted\].* refused$/);
        expect(error.upstreamCode, name).toMatch(/^bad-.*\[redacted\]/);
      }
      // An invisible character inside the key does not hide it from the redaction.
      const hidden = `${apiKey.slice(0, 4)}\u200b${apiKey.slice(4)}`;
      const { answer, error } = await readWith(refusal(400, { message: `key ${hidden}`, error_code: 'invalid-input' }));
      withoutLeaks(answer.body);
      expect(error.upstreamMessage).toBe('key [redacted]');
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
      stack.sandbox.inject(
        { kind: 'status', status: 200, body: { success: false, message: `Not\u0000 enough\u202e funds ${apiKey} ${'x'.repeat(1_000)}`, error_code: 'invalid-input\r\n', extra: apiKey } },
        { operation: 'getTransactionVolume', times: 1 },
      );
      const answer = await rawRequest(stack.server.url, { path: '/api/payments/api/api/metrics/transaction/volume?tz=UTC' });
      expect(answer.status).toBe(200);
      withoutLeaks(answer.body);
      const body = JSON.parse(answer.body) as { success: boolean; message: string; error_code: string };
      expect(Object.keys(body).sort()).toEqual(['error_code', 'message', 'success']);
      expect(body.success).toBe(false);
      expect(body.error_code).toBe('invalid-input');
      expect(body.message).toHaveLength(MAX_UPSTREAM_MESSAGE);
      expect(body.message).toMatch(/^Not enough funds \S+ x+…$/);
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
