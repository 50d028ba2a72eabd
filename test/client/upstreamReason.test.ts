// The payments API's own reason for a refusal (`error_code`, `message`) reaches the caller's
// `PaymentsError` as `upstreamCode` / `upstreamMessage` (docs/api.md#errors): from the proxy's
// error body, from an API-shaped body, and from a legacy `success: false` envelope.
import { describe, expect, it } from 'vitest';
import { PaymentsError, confirmPaymentIntent, getTransactionVolume, isRetryableError, leavesOutcomeUnknown, callOperation, createProxyFetcher } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- api/upstreamReason, the module this file tests
import { upstreamReason } from '../../src/api/upstreamReason.js';
// eslint-disable-next-line no-restricted-imports -- toPaymentsError of client/toPaymentsError, which no entry exports
import { toPaymentsError } from '../../src/client/toPaymentsError.js';
import { sandboxIds } from 'payments-kit/testing';
import { setUpSandbox } from '../sandboxHarness.js';
import { rejection } from './rejection.js';

const insufficientFunds = { upstreamCode: 'transaction-insufficient-funds', upstreamMessage: 'Not enough funds in wallet' };

describe('given the proxy fetcher in front of the sandbox (MSW)', () => {
  const { sandbox } = setUpSandbox();
  // The default deadline: nothing here hangs, and a confirm through MSW can take seconds on a busy machine.
  const fetcher = createProxyFetcher();
  const confirm = () =>
    callOperation(
      fetcher,
      confirmPaymentIntent,
      { params: { payment_intent_id: sandboxIds.paymentIntents.succeeded }, body: { payment_method_id: sandboxIds.paymentMethod } },
      { headers: { 'Idempotency-Key': 'key-upstream-reason-1' } },
    );
  const readVolume = () => callOperation(fetcher, getTransactionVolume, { query: { tz: 'UTC' } });

  it('should carry the reason of the proxy’s error body', async () => {
    const body = new PaymentsError({ kind: 'http', status: 400, code: 'upstream_rejected', message: 'refused', ...insufficientFunds }).toJSON();
    sandbox.inject({ kind: 'status', status: 400, body }, { times: 1 });
    const error = await rejection(confirm());
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'upstream_rejected', ...insufficientFunds });
    expect(error.toJSON().error).toMatchObject(insufficientFunds);
  });

  it('should read an answer in the API’s own error shape (a server that passes it on)', async () => {
    sandbox.inject({ kind: 'api-error', error: 'insufficient-funds' }, { times: 1 });
    const error = await rejection(confirm());
    expect(error).toMatchObject({ kind: 'http', status: 400, ...insufficientFunds });
    expect(isRetryableError(error)).toBe(false);
  });

  it('should count resource-busy as "not now", retryable with the same key', async () => {
    sandbox.inject({ kind: 'api-error', error: 'busy' }, { times: 1 });
    const error = await rejection(confirm());
    expect(error).toMatchObject({ kind: 'http', status: 400, upstreamCode: 'resource-busy' });
    expect(isRetryableError(error)).toBe(true);
  });

  it('should carry the reason of a legacy success: false (cleaned by the proxy: test/server/upstreamReason.node.test.ts)', async () => {
    sandbox.inject({ kind: 'status', status: 200, body: { success: false, message: 'Not enough funds in wallet', error_code: 'transaction-insufficient-funds' } }, { times: 1 });
    const error = await rejection(readVolume());
    expect(error).toMatchObject({ kind: 'http', code: 'success_false', ...insufficientFunds });
  });

  it('should keep the reason when a thrown error is re-wrapped for its operation', () => {
    const wrapped = toPaymentsError(new PaymentsError({ kind: 'http', status: 403, message: 'refused', upstreamMessage: 'Resource not found or unauthorized' }), 'getTransaction');
    expect(wrapped).toMatchObject({ operation: 'getTransaction', upstreamMessage: 'Resource not found or unauthorized' });
  });
});

describe('given the contract’s rule for "not now" (leavesOutcomeUnknown)', () => {
  it.each([
    [400, 'upstream_retry_later', undefined, true],
    [400, undefined, 'resource-busy', true],
    [400, undefined, 'service-unavailable', true],
    [400, 'upstream_rejected', 'transaction-insufficient-funds', false],
    [400, 'upstream_rejected', 'invalid-input', false],
    [403, 'upstream_rejected', undefined, false],
  ])('should answer status %s, code %s, upstream code %s → %s', (status, code, upstreamCode, unknown) => {
    expect(leavesOutcomeUnknown(status, code, upstreamCode)).toBe(unknown);
  });

  it('should leave out what is not a string code or message', () => {
    expect(upstreamReason({ error_code: { a: 1 }, message: ['x'] })).toEqual({ upstreamCode: undefined, upstreamMessage: undefined });
    expect(upstreamReason('refused')).toEqual({});
    expect(upstreamReason({ error_code: 402, message: 'Payment required' })).toEqual({ upstreamCode: '402', upstreamMessage: 'Payment required' });
  });
});
