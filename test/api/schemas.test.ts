import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- createFlowBodySchema, flowSchema, integerSchema, legacyTransactionResponseSchema… of api/index, which no entry exports
import {
  PaymentsError,
  createFlowBodySchema,
  flowSchema,
  integerSchema,
  legacyTransactionResponseSchema,
  numberSchema,
  parseResponse,
  paymentIntentSchema,
  transactionSchema,
  volumeMetricSchema,
  volumeQuerySchema,
} from '../../src/api/index.js';
import { createSandbox, sandboxIds } from 'payments-kit/testing';

const sandbox = createSandbox();
const v2 = (id: string) => structuredClone(sandbox.data.transactions.get(id)!);
const legacy = (id: string) => ({ success: true, transaction: structuredClone(sandbox.data.legacyTransactions.get(id)!) });

function rejects(operation: Parameters<typeof parseResponse>[0], value: unknown): PaymentsError {
  try {
    parseResponse(operation, value);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentsError);
    return error as PaymentsError;
  }
  throw new Error('expected parseResponse to throw');
}

describe('given the seeded sandbox data', () => {
  it('should parse every v2 transaction, legacy transaction and payment intent', () => {
    for (const tx of sandbox.data.transactions.values()) expect(transactionSchema.safeParse(tx).success).toBe(true);
    for (const tx of sandbox.data.legacyTransactions.values()) {
      expect(legacyTransactionResponseSchema.safeParse({ success: true, transaction: tx }).success).toBe(true);
    }
    for (const { intent } of sandbox.data.paymentIntents.values()) expect(paymentIntentSchema.safeParse(intent).success).toBe(true);
  });
});

describe('given a v2 transaction (docs/api.md#read-a-transaction)', () => {
  it('should keep an unknown transfer status, type and platform as raw strings', () => {
    const tx = v2(sandboxIds.transactions.created);
    tx.transfer = { ...tx.transfer, status: 'held_for_review', type: 'sweep', external_data: { platform: 'sepa' } };
    tx.type = 'chargeback';
    const parsed = parseResponse('getTransaction', tx);
    expect(parsed.transfer?.status).toBe('held_for_review');
    expect(parsed.transfer?.type).toBe('sweep');
    expect(parsed.transfer?.external_data?.platform).toBe('sepa');
    expect(parsed.type).toBe('chargeback');
  });

  it('should accept unknown extra fields at every level', () => {
    const tx = { ...v2(sandboxIds.transactions.created), currency: 'usd', future: { x: 1 } };
    tx.transfer = { ...tx.transfer, fees: [1, 2] } as typeof tx.transfer;
    expect(parseResponse('getTransaction', tx).id).toBe(1001);
  });

  it('should normalise amounts sent as numeric strings to numbers', () => {
    const tx = v2(sandboxIds.transactions.created) as unknown as Record<string, unknown> & { transfer: Record<string, unknown> };
    tx.amount = '125000';
    tx.id = '1001';
    tx.transfer.amount = '-42';
    const parsed = parseResponse('getTransaction', tx);
    expect(parsed.amount).toBe(125000);
    expect(parsed.id).toBe(1001);
    expect(parsed.transfer?.amount).toBe(-42);
  });

  it('should read an answer with only its identity and amount, every other field absent or null', () => {
    expect(parseResponse('getTransaction', { id: 7, amount: 100 })).toEqual({ id: 7, amount: 100 });
    const nulls = { id: 7, amount: 100, created: null, source_name: null, destination_name: null, type: null, metadata: null, transfer_id: null, transfer: null };
    expect(parseResponse('getTransaction', nulls)).toEqual(nulls);
  });

  it('should fail with invalid_response naming the field when the identity or the amount is missing', () => {
    const { amount: _amount, ...noAmount } = v2(sandboxIds.transactions.created);
    const error = rejects('getTransaction', noAmount);
    expect(error.kind).toBe('invalid_response');
    expect(error.operation).toBe('getTransaction');
    expect(error.message).toContain('amount');
    const { id: _id, ...noId } = v2(sandboxIds.transactions.created);
    expect(rejects('getTransaction', noId).message).toContain('id');
  });

  it('should fail with invalid_response when a field has a type the API does not document', () => {
    const tx = v2(sandboxIds.transactions.created);
    expect(rejects('getTransaction', { ...tx, amount: 'twelve' }).message).toContain('amount');
    expect(rejects('getTransaction', { ...tx, transfer: 'tr_1' }).message).toContain('transfer');
    expect(rejects('getTransaction', { ...tx, metadata: 42 }).message).toContain('metadata');
    expect(rejects('getTransaction', 'not an object').kind).toBe('invalid_response');
  });
});

describe('given a legacy transaction response (docs/api.md#read-a-transaction-legacy)', () => {
  it('should parse the envelope with a receipt and free-form notes', () => {
    const parsed = parseResponse('getLegacyTransaction', legacy(sandboxIds.legacyTransactions.receipt));
    expect(parsed.success).toBe(true);
    expect(parsed.transaction.receipt?.items).toHaveLength(3);
    expect(parsed.transaction.notes).toMatchObject({ order_id: 'A-1042' });
  });

  it('should accept an unknown type and decimal amounts sent as strings', () => {
    const body = legacy(sandboxIds.legacyTransactions.receipt) as { success: boolean; transaction: Record<string, unknown> };
    body.transaction.type = 'chargeback';
    body.transaction.amount = '56.47';
    const parsed = parseResponse('getLegacyTransaction', body);
    expect(parsed.transaction.type).toBe('chargeback');
    expect(parsed.transaction.amount).toBe(56.47);
  });

  it('should turn success: false into an http error with code success_false, not data', () => {
    const error = rejects('getLegacyTransaction', { success: false });
    expect(error.kind).toBe('http');
    expect(error.code).toBe('success_false');
    // The refusal is decided before the shape: whatever else it carries is not read.
    expect(rejects('getLegacyTransaction', { success: false, transaction: 'partial' }).code).toBe('success_false');
  });

  it('should reject success: true without a transaction, and a success flag that is not a boolean', () => {
    expect(rejects('getLegacyTransaction', { success: true }).kind).toBe('invalid_response');
    for (const success of ['false', 0, null, undefined]) {
      const error = rejects('getLegacyTransaction', { success, transaction: legacy(sandboxIds.legacyTransactions.receipt).transaction });
      expect(error.kind, String(success)).toBe('invalid_response');
      expect(error.message).toContain('response.success');
    }
  });

  it('should keep notes of any shape inside an object, and refuse notes that are not an object', () => {
    const body = legacy(sandboxIds.legacyTransactions.receipt);
    const notes = { order_id: 'A-1', nested: { tags: ['a', 'b'], n: 1 }, empty: null };
    expect(parseResponse('getLegacyTransaction', { ...body, transaction: { ...body.transaction, notes } }).transaction.notes).toEqual(notes);
    expect(parseResponse('getLegacyTransaction', { ...body, transaction: { ...body.transaction, notes: null } }).transaction.notes).toBeNull();
    for (const bad of [['a'], 'a note', 3]) {
      expect(rejects('getLegacyTransaction', { ...body, transaction: { ...body.transaction, notes: bad } }).message).toContain('notes');
    }
  });
});

describe("given the answers the API's documentation publishes (docs/api.md#reading-tolerantly)", () => {
  // Each is an answer as published in the API's guides and OpenAPI files: none may fail.
  it("should read the transactions overview's example: no type, no transfer, metadata {}", () => {
    const parsed = parseResponse('getTransaction', {
      id: 12341, amount: 10000, created: '2019-01-01T00:00:00.000Z', source_name: 'App', destination_name: 'User', metadata: {},
    });
    expect(parsed).toMatchObject({ id: 12341, amount: 10000, metadata: {} });
    expect(parsed.transfer).toBeUndefined();
  });

  it("should read the payouts guide's transaction: a decimal-string amount and metadata null", () => {
    const parsed = parseResponse('getTransaction', {
      amount: '1000.0000000000', created: '2024-07-11T21:17:33.950405', destination_name: 'enamored-education',
      id: 767354, metadata: null, source_name: 'TestWriteChoiceApp', type: 'balance',
    });
    expect(parsed.amount).toBe(1000);
    expect(parsed.metadata).toBeNull();
  });

  it("should read the payouts guide's transfer: external_data {}, metadata null, no payout_link_id, a string amount", () => {
    const transfer = {
      amount: '-1000', created: '2024-07-11T21:17:33.959976', external_data: {}, id: '847e70b4-e057-457e-aa89-ba0312f159c1',
      metadata: null, status: 'completed', status_history: [{ status: 'completed', timestamp: 'Thu, 11 Jul 2024 21:17:33 GMT' }],
      transactions: [{ amount: '1000.0000000000', id: 767354, metadata: null, type: 'balance' }], type: 'balance',
      user_id: 'f33919ae-6793-41bd-b512-1ad3c19f4ecb',
    };
    const parsed = parseResponse('getTransaction', { id: 767354, amount: '1000.0000000000', transfer_id: transfer.id, transfer });
    expect(parsed.transfer).toMatchObject({ amount: -1000, external_data: {}, metadata: null, status: 'completed' });
    expect(parsed.transfer?.payout_link_id).toBeUndefined();
  });

  it('should read metadata as a string, an object or null, at both levels', () => {
    for (const metadata of ['note', { order: 'A-1', nested: { n: 1 } }, null]) {
      const tx = { ...v2(sandboxIds.transactions.created), metadata };
      tx.transfer = { ...tx.transfer, metadata };
      const parsed = parseResponse('getTransaction', tx);
      expect(parsed.metadata).toEqual(metadata);
      expect(parsed.transfer?.metadata).toEqual(metadata);
    }
  });

  it('should keep a fraction of a cent exactly, and refuse a numeral no number holds exactly', () => {
    expect(parseResponse('getTransaction', { id: 1, amount: 12.5 }).amount).toBe(12.5);
    expect(parseResponse('getTransaction', { id: 1, amount: '0.125' }).amount).toBe(0.125);
    expect(rejects('getTransaction', { id: 1, amount: '0.30000000000000001' }).message).toContain('amount');
  });

  it("should read the legacy example: a UUID id, type wallet, no credit_transaction_id, an RFC 7231 date", () => {
    const transaction = {
      id: '5cfabe15-d452-4558-8e46-56d90ebe48f7', date: 'Mon, 21 Feb 2022 21:08:49 GMT', source_username: 'sha',
      destination_username: 'kartikye', amount: 700, completed: true, type: 'wallet',
      receipt: {
        items: [
          { name: 'Pikachu Digital Pet', unit_amount: 250, quantity: 1, description: 'A little Pikachu for your desktop' },
          { name: 'Charmander Digital Pet', unit_amount: 225, quantity: 2, description: 'A ferocius Charmander for your desktop' },
        ],
        breakdown: { items_total: 700, tax: 100, shipping: 0 },
      },
      notes: { internal_id: 'tr_213124' },
    };
    const parsed = parseResponse('getLegacyTransaction', { success: true, transaction });
    expect(parsed.transaction.id).toBe('5cfabe15-d452-4558-8e46-56d90ebe48f7');
    expect(parsed.transaction.credit_transaction_id).toBeUndefined();
    expect(parsed.transaction.type).toBe('wallet');
  });

  it('should read a legacy transaction with only its id and amount', () => {
    expect(parseResponse('getLegacyTransaction', { success: true, transaction: { id: 9, amount: 0 } }).transaction).toEqual({ id: 9, amount: 0 });
  });
});

describe('given a payment intent (docs/api.md#confirm-a-payment-intent)', () => {
  const intent = { id: 'pi_1', amount: 4999, currency: 'usd' };
  it('should accept the required fields alone, and null optional fields', () => {
    expect(parseResponse('confirmPaymentIntent', intent)).toMatchObject(intent);
    expect(parseResponse('confirmPaymentIntent', { ...intent, status: null, metadata: null }).status).toBeNull();
  });
  it('should keep an unknown status and currency', () => {
    const parsed = parseResponse('confirmPaymentIntent', { ...intent, status: 'pending_review', currency: 'eur' });
    expect(parsed.status).toBe('pending_review');
    expect(parsed.currency).toBe('eur');
  });
  it('should keep metadata of any shape inside an object, and refuse metadata that is not one', () => {
    const metadata = { order: { id: 'A-1', lines: [1, 2] }, note: null };
    expect(parseResponse('confirmPaymentIntent', { ...intent, metadata }).metadata).toEqual(metadata);
    expect(rejects('confirmPaymentIntent', { ...intent, metadata: ['a'] }).message).toContain('metadata');
  });
  it('should reject a missing amount or currency', () => {
    expect(rejects('confirmPaymentIntent', { id: 'pi_1', currency: 'usd' }).message).toContain('amount');
    expect(rejects('confirmPaymentIntent', { id: 'pi_1', amount: 1 }).message).toContain('currency');
  });
});

describe('given a flow (docs/api.md#create-a-flow)', () => {
  const flow = { id: 'flow_1', created: '2026-11-22T00:00:00Z', link: 'https://flows.example/f/1', metadata: {}, steps: ['compliance'], completed_steps: [], user_id: null };
  it('should parse a flow and keep unknown step values', () => {
    expect(flowSchema.safeParse(flow).success).toBe(true);
    const parsed = parseResponse('createFlow', { ...flow, steps: ['compliance', 'tax-forms'], completed_steps: ['tax-forms'] });
    expect(parsed.steps).toEqual(['compliance', 'tax-forms']);
  });
  it('should reject a flow without link or with a non-string user id', () => {
    const { link: _l, ...noLink } = flow;
    expect(rejects('createFlow', noLink).message).toContain('link');
    expect(rejects('createFlow', { ...flow, user_id: 7 }).message).toContain('user_id');
  });
});

describe('given a create-flow request body (docs/api.md#create-a-flow)', () => {
  it('should accept both step forms', () => {
    const body = { steps: ['compliance', { name: 'id-verification' }, { name: 'redirect', redirect_url: 'https://shop.example/done' }], user_id: 'usr_1', metadata: { plan: 'pro', seats: 3 } };
    expect(createFlowBodySchema.parse(body)).toEqual(body);
  });
  it('should drop unknown fields', () => {
    expect(createFlowBodySchema.parse({ steps: ['payout'], admin: true })).toEqual({ steps: ['payout'] });
  });
  it.each([
    ['no steps', { steps: [] }],
    ['an unknown step', { steps: ['tax-forms'] }],
    ['a redirect object without a URL', { steps: [{ name: 'redirect' }] }],
    ['a javascript: redirect URL', { steps: [{ name: 'redirect', redirect_url: 'javascript:alert(1)' }] }],
    ['a plain-http redirect off localhost', { steps: [{ name: 'redirect', redirect_url: 'http://shop.example/done' }] }],
    ['nested metadata', { steps: ['payout'], metadata: { a: { b: 1 } } }],
  ])('should reject %s', (_label, body) => {
    expect(createFlowBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('given the volume metric (docs/api.md#transaction-volume)', () => {
  it('should parse success with a volume, and normalise a numeric string', () => {
    expect(parseResponse('getTransactionVolume', { success: true, volume: '1234.5' })).toEqual({ success: true, volume: 1234.5 });
    expect(volumeMetricSchema.safeParse({ success: true }).success).toBe(false);
  });
  it('should turn success: false into an error', () => {
    expect(rejects('getTransactionVolume', { success: false }).code).toBe('success_false');
  });
  it('should accept a three-letter tz in any case and refuse anything else', () => {
    expect(volumeQuerySchema.parse({ tz: 'est' })).toEqual({ tz: 'EST' });
    for (const tz of ['', 'UT', 'UTCX', 'Europe/Paris', 'U C', 'ÜTC', '123']) {
      expect(volumeQuerySchema.safeParse({ tz }).success).toBe(false);
    }
  });
});

describe('given amount normalisation (property-based)', () => {
  it('should map every safe integer and its numeral string to the same number', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(integerSchema.parse(n)).toBe(n);
        expect(integerSchema.parse(String(n))).toBe(n);
      }),
    );
  });

  it('should refuse integers beyond Number.MAX_SAFE_INTEGER instead of rounding them', () => {
    const unsafe = fc.oneof(
      fc.bigInt({ min: BigInt(Number.MAX_SAFE_INTEGER) + 1n, max: 10n ** 30n }),
      fc.bigInt({ min: -(10n ** 30n), max: BigInt(Number.MIN_SAFE_INTEGER) - 1n }),
    );
    fc.assert(
      fc.property(unsafe, (n) => {
        expect(integerSchema.safeParse(n.toString()).success).toBe(false);
        expect(integerSchema.safeParse(Number(n)).success).toBe(false);
      }),
    );
  });

  it('should refuse every string that is not a plain integer numeral', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/^-?\d+$/.test(s)), (s) => {
        expect(integerSchema.safeParse(s).success).toBe(false);
      }),
    );
  });

  it('should say what it expected: a number or a numeral, or an amount in range', () => {
    const message = (schema: typeof integerSchema, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(integerSchema, '12.5')).toBe('expected an integer numeral');
    expect(message(integerSchema, true)).toBe('expected a number or an integer numeral');
    expect(message(integerSchema, 12.5)).toBe('expected an integer amount within ±Number.MAX_SAFE_INTEGER');
    expect(message(numberSchema, '1e3')).toBe('expected a decimal numeral');
    expect(message(numberSchema, null)).toBe('expected a number or a decimal numeral');
    expect(message(numberSchema, Number.NaN)).toBe('expected an exact amount within ±Number.MAX_SAFE_INTEGER');
    expect(rejects('getTransaction', { ...v2(sandboxIds.transactions.created), amount: [100] }).message).toBe(
      'The payments API answered getTransaction with an unexpected shape: response.amount expected a number or a decimal numeral',
    );
    expect(message(numberSchema, '0.30000000000000001')).toBe('expected an exact amount within ±Number.MAX_SAFE_INTEGER');
  });

  it('should refuse every value that is neither a number nor a string', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'number' && typeof value !== 'string'),
        (value) => {
          expect(integerSchema.safeParse(value).success).toBe(false);
          expect(numberSchema.safeParse(value).success).toBe(false);
        },
      ),
    );
  });

  it('should map decimal numerals to the number they denote and refuse non-numerals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(numberSchema.parse(text)).toBe(Number(text));
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        expect(numberSchema.parse(n)).toBe(n);
      }),
    );
    for (const bad of ['', ' 1', '1 ', '1e3', '0x10', 'NaN', 'Infinity', '1.', '.5', '1,5', '+1']) {
      expect(numberSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(numberSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(numberSchema.safeParse(Number.NaN).success).toBe(false);
  });
});
