import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { confirmPaymentIntent, getTransaction, getTransactionVolume, type Flow, type LegacyTransaction, type PaymentIntent, type PaymentsError, type Transaction, callOperation, createProxyFetcher, isSessionError, sessionErrorCodes, paymentsKeys, transactionQueryOptions, type ConfirmPaymentIntentVariables, type PaymentsFetcher, type TransactionVolume, useConfirmPaymentIntent, useCreateFlow, useTransaction, useTransactionVolume } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- PaymentsClientProviderProps of client/PaymentsClientProvider, which no entry exports
import type { PaymentsClientProviderProps } from '../../src/client/PaymentsClientProvider.js';

declare const fetcher: PaymentsFetcher;

describe('useTransaction', () => {
  it('should type v2 data as Transaction by default and with generation v2', () => {
    expectTypeOf(useTransaction('42')).toEqualTypeOf<UseQueryResult<Transaction, PaymentsError>>();
    expectTypeOf(useTransaction('42', { generation: 'v2' })).toEqualTypeOf<UseQueryResult<Transaction, PaymentsError>>();
  });

  it('should type legacy data as LegacyTransaction, unwrapped from the envelope', () => {
    expectTypeOf(useTransaction('7', { generation: 'legacy' })).toEqualTypeOf<
      UseQueryResult<LegacyTransaction, PaymentsError>
    >();
    expectTypeOf(useTransaction('7', { generation: 'legacy' }).data).toEqualTypeOf<LegacyTransaction | undefined>();
  });

  it('should type a generation only known at run time as either', () => {
    const generation = Math.random() > 0.5 ? ('v2' as const) : ('legacy' as const);
    expectTypeOf(useTransaction('7', { generation }).data).toEqualTypeOf<Transaction | LegacyTransaction | undefined>();
  });

  it('should refuse an unknown generation and a non-string id', () => {
    // @ts-expect-error: only 'v2' and 'legacy' exist (docs/api.md#base-addresses)
    useTransaction('7', { generation: 'v3' });
    // @ts-expect-error: ids are strings (they come from URLs)
    useTransaction(42);
  });
});

describe('useTransactionVolume', () => {
  it('should type data as { volume } in cents and errors as PaymentsError', () => {
    expectTypeOf(useTransactionVolume({ period: 'month', type: 'receive', tz: 'UTC' })).toEqualTypeOf<
      UseQueryResult<TransactionVolume, PaymentsError>
    >();
    expectTypeOf<TransactionVolume>().toEqualTypeOf<{ volume: number }>();
  });
});

describe('useConfirmPaymentIntent', () => {
  it('should type the mutation with the confirm variables', () => {
    expectTypeOf(useConfirmPaymentIntent()).toEqualTypeOf<
      UseMutationResult<PaymentIntent, PaymentsError, ConfirmPaymentIntentVariables>
    >();
  });

  it('should require all three variables', () => {
    const { mutate } = useConfirmPaymentIntent();
    mutate({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1', idempotencyKey: 'key-12345678' });
    // @ts-expect-error: idempotencyKey is required — money moves at most once per user action
    mutate({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1' });
    // @ts-expect-error: paymentMethodId is required (docs/api.md#confirm-a-payment-intent)
    mutate({ paymentIntentId: 'pi_1', idempotencyKey: 'key-12345678' });
    // @ts-expect-error: paymentIntentId is required (docs/api.md#confirm-a-payment-intent)
    mutate({ paymentMethodId: 'pm_1', idempotencyKey: 'key-12345678' });
    // @ts-expect-error: variables are required
    mutate();
  });
});

describe('useCreateFlow', () => {
  it('should take the create-flow body and resolve with a Flow', () => {
    const flow = useCreateFlow();
    expectTypeOf(flow.data).toEqualTypeOf<Flow | undefined>();
    flow.mutate({ steps: ['compliance', { name: 'redirect', redirect_url: 'https://example.com' }] });
    // @ts-expect-error: steps is required (docs/api.md#create-a-flow)
    flow.mutate({ user_id: 'usr_1' });
    // @ts-expect-error: unknown step names are refused in a request (docs/api.md#create-a-flow)
    flow.mutate({ steps: ['teleport'] });
  });
});

describe('paymentsKeys', () => {
  it("should be readonly tuples starting with 'payments-kit'", () => {
    expectTypeOf(paymentsKeys.all).toEqualTypeOf<readonly ['payments-kit']>();
    expectTypeOf(paymentsKeys.transactions()).toEqualTypeOf<readonly ['payments-kit', 'transaction']>();
    expectTypeOf(paymentsKeys.volumes()).toEqualTypeOf<readonly ['payments-kit', 'volume']>();
    expectTypeOf(paymentsKeys.transaction('legacy', '7')).toEqualTypeOf<
      readonly ['payments-kit', 'transaction', 'legacy', string]
    >();
    expectTypeOf(paymentsKeys.volume({ tz: 'UTC' })[0]).toEqualTypeOf<'payments-kit'>();
    const key = paymentsKeys.transaction('v2', '42');
    // @ts-expect-error: keys are readonly
    key[3] = '43';
  });

  it('should tag the query options key with the data type', () => {
    const options = transactionQueryOptions(fetcher, '7', 'legacy');
    expectTypeOf(options.queryKey[0]).toEqualTypeOf<'payments-kit'>();
  });
});

describe('callOperation', () => {
  it('should require the parts each operation has, and type the answer', () => {
    expectTypeOf(callOperation(fetcher, getTransaction, { params: { transaction_id: '1' } })).resolves.toEqualTypeOf<Transaction>();
    expectTypeOf(callOperation(fetcher, getTransactionVolume, {})).resolves.toEqualTypeOf<{ success: true; volume: number }>();
    // @ts-expect-error: the path parameter is required
    void callOperation(fetcher, getTransaction, {});
    // @ts-expect-error: confirm needs a body
    void callOperation(fetcher, confirmPaymentIntent, { params: { payment_intent_id: 'pi_1' } });
  });
});

describe('live refresh options', () => {
  it('should take liveStatus on useTransaction and refreshIntervalMs on useTransactionVolume', () => {
    useTransaction('42', { liveStatus: false });
    useTransaction('42', { liveStatus: { initialIntervalMs: 5_000, maxIntervalMs: 60_000, maxMs: 600_000, isFinal: (status) => status === 'paid' } });
    expectTypeOf(useTransaction('7', { generation: 'legacy', liveStatus: false }).data).toEqualTypeOf<LegacyTransaction | undefined>();
    useTransactionVolume({ period: 'day' }, { refreshIntervalMs: 60_000 });
    // @ts-expect-error: an interval is a number of milliseconds
    useTransactionVolume({ period: 'day' }, { refreshIntervalMs: '1m' });
    // @ts-expect-error: isFinal takes the status and answers a boolean
    useTransaction('42', { liveStatus: { isFinal: () => 'yes' } });
  });

  it('should key the confirms of one payment intent under the key of every confirm', () => {
    expectTypeOf(paymentsKeys.confirmPaymentIntent()).toEqualTypeOf<readonly ['payments-kit', 'confirmPaymentIntent']>();
    expectTypeOf(paymentsKeys.confirmPaymentIntent('pi_1')).toEqualTypeOf<readonly ['payments-kit', 'confirmPaymentIntent', string]>();
  });
});

describe('payment sessions', () => {
  it('should take a token or an async getter on the fetcher and the provider, and nothing else', () => {
    createProxyFetcher({ session: 'tok' });
    createProxyFetcher({ getSession: () => Promise.resolve('tok') });
    // @ts-expect-error getSession returns a promise of the token
    createProxyFetcher({ getSession: () => 'tok' });
    // @ts-expect-error the token is a string
    createProxyFetcher({ session: 42 });
    expectTypeOf<PaymentsClientProviderProps['getSession']>().toEqualTypeOf<(() => Promise<string>) | undefined>();
    expectTypeOf<PaymentsClientProviderProps['session']>().toEqualTypeOf<string | undefined>();
  });

  it('should narrow with isSessionError and list the codes as literals', () => {
    const error: unknown = new Error('x');
    if (isSessionError(error)) expectTypeOf(error).toEqualTypeOf<PaymentsError>();
    expectTypeOf(sessionErrorCodes).toEqualTypeOf<readonly ['session_required', 'session_invalid', 'session_expired']>();
  });
});
