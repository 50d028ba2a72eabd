import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- buildPath, matchOperationPath, operationNames, operations… of api/index, which no entry exports
import {
  type OperationDefinition,
  PaymentsError,
  buildPath,
  isNotFoundError,
  isPaymentsError,
  isRetryableError,
  leavesOutcomeUnknown,
  matchOperationPath,
  operationNames,
  operations,
  parseRequestPart,
  parseSafeUrl,
  pathParamNames,
  paymentsErrorBodySchema,
} from '../../src/api/index.js';

describe('given the operations table', () => {
  it('should hold exactly the operations of docs/api.md with their paths as written', () => {
    expect(
      Object.fromEntries(operationNames.map((n) => [n, `${operations[n].method} ${operations[n].base} ${operations[n].path}`])),
    ).toEqual({
      getLegacyTransaction: 'GET legacy /api/api/transactions/get/transaction/{transaction_id}',
      getTransaction: 'GET v2 /api/v2/transactions/{transaction_id}',
      confirmPaymentIntent: 'POST v2 /api/v2/payment-intents/{payment_intent_id}/confirm',
      createFlow: 'POST v2 /api/v2/flows',
      getFlow: 'GET v2 /api/v2/flows/{flow_id}',
      getTransactionVolume: 'GET legacy /api/api/metrics/transaction/volume',
      listTransfers: 'GET v2 /api/v2/transfers',
      getTransfer: 'GET v2 /api/v2/transfers/{transfer_id}',
      listTransactions: 'GET v2 /api/v2/transactions',
    });
    expect(operations.confirmPaymentIntent.idempotent).toBe(true);
    expect(operationNames.filter((n) => (operations[n] as OperationDefinition).envelope === 'success')).toEqual(['getLegacyTransaction', 'getTransactionVolume']);
  });

  it('should match every built path back to its operation and parameters', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    fc.assert(
      fc.property(fc.constantFrom(...operationNames), token, fc.nat({ max: Number.MAX_SAFE_INTEGER }), (name, id, n) => {
        const operation: OperationDefinition = operations[name];
        const value = name === 'getLegacyTransaction' ? String(n) : id;
        const params: Record<string, string> = Object.fromEntries(pathParamNames(operation.path).map((p) => [p, value]));
        const matches = matchOperationPath(buildPath(operation.path, params), operations);
        expect(matches.map((m) => m.operation.name)).toEqual([name]);
        expect(matches[0]!.params).toEqual(params);
        if (operation.params) expect(parseRequestPart(name, 'params', operation.params, params)).toEqual(params);
      }),
    );
  });

  it('should match no operation for near misses', () => {
    for (const path of ['/api/v2/transactions/', '/api/v2/transfers/', '/api/v2/transfers/1/x', '/api/v2/transactions/1/', '/api/v2//transactions/1', '/API/v2/transactions/1', '/api/v3/transactions/1', '/api/v2/flows/', '/api/api/metrics/transaction/volume/x']) {
      expect(matchOperationPath(path, operations), path).toEqual([]);
    }
  });

  it('should refuse every path parameter holding anything but [A-Za-z0-9_-]', () => {
    const hostile = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2F', 'a/b', 'a\\b', 'a\u0000', ' 1', '1 ', '', 'x'.repeat(65), '1;drop', '?a=1', '#x', '//evil.example'),
      fc.string({ unit: 'binary', minLength: 1 }).filter((s) => !/^[A-Za-z0-9_-]+$/.test(s)),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        for (const name of ['getTransaction', 'confirmPaymentIntent', 'getLegacyTransaction', 'getTransfer', 'getFlow'] as const) {
          const schema = operations[name].params;
          const key = { confirmPaymentIntent: 'payment_intent_id', getTransfer: 'transfer_id', getFlow: 'flow_id' }[name as string] ?? 'transaction_id';
          expect(() => parseRequestPart(name, 'params', schema, { [key]: value })).toThrow(PaymentsError);
        }
      }),
    );
  });

  it('should refuse legacy ids that are not safe non-negative integers', () => {
    const schema = operations.getLegacyTransaction.params;
    for (const id of ['-1', '1.5', 'abc', '9007199254740992', '1e3', '00000000000000001']) {
      expect(schema.safeParse({ transaction_id: id }).success, id).toBe(false);
    }
    expect(schema.safeParse({ transaction_id: '9007199254740991' }).success).toBe(true);
  });

  it('should name the failing field in an invalid_request error', () => {
    try {
      parseRequestPart('confirmPaymentIntent', 'body', operations.confirmPaymentIntent.body, { payment_method_id: 7 });
      expect.unreachable();
    } catch (error) {
      expect(isPaymentsError(error)).toBe(true);
      expect((error as PaymentsError).kind).toBe('invalid_request');
      expect((error as PaymentsError).message).toMatch(/^body\.payment_method_id /);
    }
  });

  it('should say which length a field must have', () => {
    const { getTransaction, confirmPaymentIntent, createFlow } = operations;
    expect(() => parseRequestPart('getTransaction', 'params', getTransaction.params, { transaction_id: 'x'.repeat(65) })).toThrow(
      /^params\.transaction_id must be at most 64 characters$/,
    );
    expect(parseRequestPart('getTransaction', 'params', getTransaction.params, { transaction_id: 'x'.repeat(64) })).toEqual({ transaction_id: 'x'.repeat(64) });
    for (const payment_method_id of ['', 'p'.repeat(256)]) {
      expect(() => parseRequestPart('confirmPaymentIntent', 'body', confirmPaymentIntent.body, { payment_method_id })).toThrow(
        /^body\.payment_method_id must be 1–255 characters$/,
      );
    }
    expect(() => parseRequestPart('createFlow', 'body', createFlow.body, { steps: [] })).toThrow(/^body\.steps a flow needs at least one step$/);
    expect(() => parseRequestPart('createFlow', 'body', createFlow.body, { steps: ['payout'], metadata: { ['k'.repeat(41)]: 1 } })).toThrow(
      /^body\.metadata\./,
    );
  });
});

describe('given PaymentsError', () => {
  it('should serialise to the one wire shape and back', () => {
    const error = new PaymentsError({ kind: 'http', status: 502, code: 'upstream_error', message: 'Bad gateway', operation: 'getTransaction', requestId: 'req_1' });
    const body = paymentsErrorBodySchema.parse(JSON.parse(JSON.stringify(error)));
    expect(body).toEqual({ error: { kind: 'http', status: 502, code: 'upstream_error', message: 'Bad gateway', operation: 'getTransaction', requestId: 'req_1' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PaymentsError');
  });

  it('should classify retryable and not-found errors', () => {
    const e = (kind: PaymentsError['kind'], status?: number) => new PaymentsError({ kind, status, message: '' });
    const inUse = new PaymentsError({ kind: 'http', status: 409, code: 'idempotency_key_in_use', message: '' });
    const conflict = new PaymentsError({ kind: 'http', status: 409, code: 'idempotency_conflict', message: '' });
    expect([e('network'), e('timeout'), e('http', 500), e('http', 503), e('http', 429), e('http', 425), e('http', 408), inUse].every(isRetryableError)).toBe(true);
    expect([e('http', 400), e('http', 404), e('http', 409), conflict, e('invalid_request'), e('invalid_response'), e('aborted')].some(isRetryableError)).toBe(false);
    expect(isNotFoundError(e('http', 404))).toBe(true);
    expect(isNotFoundError(e('http', 410))).toBe(false);
    expect(isRetryableError(new Error('plain'))).toBe(false);
  });

  it('should not count a refused session, grant or flow link as retryable: the same call is refused again', () => {
    const refused = (status: number, code: string) => new PaymentsError({ kind: 'http', status, code, message: '' });
    const refusals = [refused(401, 'session_expired'), refused(403, 'not_granted'), refused(403, 'cross_site_refused'), refused(502, 'flow_link_refused')];
    expect(refusals.filter(isRetryableError)).toEqual([]);
    expect(isRetryableError(refused(502, 'upstream_error'))).toBe(true);
  });

  it.each([
    [undefined, undefined, true],
    [500, 'internal_error', true],
    [502, 'upstream_error', true],
    [503, 'idempotency_store_unavailable', true],
    [503, 'idempotency_store_full', true],
    [504, 'upstream_timeout', true],
    [502, 'flow_link_refused', false],
    [408, 'upstream_retry_later', true],
    [425, 'upstream_retry_later', true],
    [429, 'rate_limited', true],
    [409, 'idempotency_key_in_use', true],
    [409, 'idempotency_conflict', false],
    [200, undefined, false],
    [402, 'upstream_rejected', false],
    [404, 'not_found', false],
    [403, 'not_granted', false],
  ])('should hold one rule for "outcome unknown": status %s, code %s → %s, for the proxy and the browser alike', (status, code, unknown) => {
    expect(leavesOutcomeUnknown(status, code)).toBe(unknown);
    if (status !== undefined && status >= 400) {
      expect(isRetryableError(new PaymentsError({ kind: 'http', status, code, message: '' }))).toBe(unknown);
    }
  });
});

describe('given a URL to embed or redirect to (parseSafeUrl)', () => {
  it('should accept https anywhere and http on loopback only', () => {
    expect(parseSafeUrl('https://flows.example/f/1?x=1')?.origin).toBe('https://flows.example');
    expect(parseSafeUrl('http://localhost:4010/hosted/flows/1')).not.toBeNull();
    expect(parseSafeUrl('http://127.0.0.1:4010/x')).not.toBeNull();
  });
  it.each([
    'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' https://flows.example', 'https://flows.example ', '\thttps://flows.example',
    'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://flows.example', 'http://localhost.evil.example',
    'https://user:pass@flows.example', 'https://flows.example@evil.example', '//evil.example', '/relative', 'https:\\\\evil.example',
    'ftp://flows.example', 'blob:https://flows.example/1', 'file:///etc/passwd', '',
  ])('should refuse %j', (value) => {
    expect(parseSafeUrl(value)).toBeNull();
  });
});
