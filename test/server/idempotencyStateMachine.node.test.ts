// The confirm's idempotency state machine (createIdempotencyGate, docs/server.md#confirm-is-idempotent)
// over real loopback HTTP (the entries of test/matrix.ts), with the sandbox as upstream (its fault injection
// scripts each upstream answer; its call log counts what reached upstream):
// - an outcome-unknown answer (408, 409, 425, 429, 5xx, timeout, network drop) stores nothing: the
//   retry with the same key goes upstream again, and its definitive answer is then replayed;
// - a definitive answer (2xx, another 4xx) is stored and replayed, never sent upstream twice;
// - the key with another body is refused 409 `idempotency_conflict`;
// - a store that fails closes the confirm (503, nothing upstream) and leaves reads alone;
// - what a shared store reports (`in_flight`, `completed`, `conflict`) is answered as documented.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsError } from 'payments-kit';
import { createFetchUpstream, type IdempotencyClaim, type IdempotencyStore, type UpstreamClient } from 'payments-kit/server';
// eslint-disable-next-line no-restricted-imports -- sharedUpstream of server-node/sharedUpstream, which no entry exports
import { sharedUpstream } from '../../src/server-node/sharedUpstream.js';
import { sandboxIds, type SandboxFault } from 'payments-kit/testing';
import { coreEntries, errorBody, rawRequest, startStack, type RawResponse, type Stack } from './harness.js';

const TIMEOUT_MS = 1500;
const intentId = sandboxIds.paymentIntents.succeeded;
const visa = { payment_method_id: sandboxIds.paymentMethod };

function confirm(stack: Stack, key: string, body: unknown = visa, id: string = intentId): Promise<RawResponse> {
  return rawRequest(stack.server.url, {
    method: 'POST',
    path: `/api/payments/api/v2/payment-intents/${id}/confirm`,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

const confirmCalls = (stack: Stack) => stack.sandbox.callsFor('confirmPaymentIntent');

/** Outcome unknown: the proxy's answer to one such upstream answer, then nothing stored. */
const unknownOutcomes: [string, SandboxFault, number, string, string | undefined][] = [
  ['429 with Retry-After: 2', { kind: 'status', status: 429, headers: { 'retry-after': '2' } }, 429, 'upstream_retry_later', '2'],
  ['408', { kind: 'status', status: 408 }, 408, 'upstream_retry_later', undefined],
  ['425', { kind: 'status', status: 425 }, 425, 'upstream_retry_later', undefined],
  ['409 (still in progress upstream)', { kind: 'status', status: 409 }, 409, 'idempotency_key_in_use', '1'],
  ['500', { kind: 'status', status: 500 }, 502, 'upstream_error', undefined],
  ['503', { kind: 'status', status: 503, body: { message: 'maintenance' } }, 502, 'upstream_error', undefined],
  ['no answer within timeoutMs', { kind: 'hang' }, 504, 'upstream_timeout', undefined],
  ['a dropped connection', { kind: 'network' }, 502, 'upstream_error', undefined],
];

/** Definitive refusals: stored and replayed like a 2xx. */
const definitiveRefusals: [string, SandboxFault, string][] = [
  ['402 with a message', { kind: 'status', status: 402, body: { message: 'card declined' } }, 'card declined'],
  ['422 with a message', { kind: 'status', status: 422, body: { error: { message: 'payment method expired' } } }, 'payment method expired'],
  ['400 without one', { kind: 'status', status: 400, body: {} }, 'The payments API refused confirmPaymentIntent (status 400).'],
];

describe.each(coreEntries)('given %s in front of the sandbox, its memory store', (_name, entry) => {
  let stack: Stack;
  const reported: PaymentsError[] = [];
  beforeAll(async () => {
    stack = await startStack({ timeoutMs: TIMEOUT_MS, onError: (error) => reported.push(error) }, entry);
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
    reported.length = 0;
  });

  it.each(unknownOutcomes)(
    'should answer upstream %s as outcome unknown, store nothing, send the retry upstream and replay its 200',
    async (label, fault, status, code, retryAfter) => {
      const key = `key-unknown-${label.replace(/[^A-Za-z0-9]+/g, '-')}`;
      stack.sandbox.inject(fault, { operation: 'confirmPaymentIntent', times: 1 });

      const first = await confirm(stack, key);
      expect(first.status).toBe(status);
      expect(errorBody(first.body)).toMatchObject({ status, code, operation: 'confirmPaymentIntent' });
      expect(first.headers['retry-after']).toBe(retryAfter);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(confirmCalls(stack)).toHaveLength(1);

      // Nothing was stored: the same key goes upstream again, and gets the real answer.
      const retry = await confirm(stack, key);
      expect(retry.status).toBe(200);
      expect(JSON.parse(retry.body)).toMatchObject({ id: intentId, status: 'succeeded' });
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(confirmCalls(stack)).toHaveLength(2);

      // That one was definitive: replayed, no third upstream call.
      const replay = await confirm(stack, key);
      expect(replay.status).toBe(200);
      expect(replay.body).toBe(retry.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(confirmCalls(stack)).toHaveLength(2);
      // Both upstream calls carried the browser's key, for the API to deduplicate.
      expect(confirmCalls(stack).map((call) => call.headers['idempotency-key'])).toEqual([key, key]);
      expect(stack.sandbox.data.paymentIntents.get(intentId)?.confirmations).toBe(1);
    },
  );

  it('should never answer an upstream 409 with a refusal code, whatever it says', async () => {
    stack.sandbox.inject({ kind: 'status', status: 409, body: { message: 'Idempotency-Key reused with another body' } }, { operation: 'confirmPaymentIntent', times: 2 });
    const first = await confirm(stack, 'key-upstream-409-a');
    const second = await confirm(stack, 'key-upstream-409-a');
    for (const answer of [first, second]) {
      expect(answer.status).toBe(409);
      expect(errorBody(answer.body).code).toBe('idempotency_key_in_use');
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Each went upstream: a 409 is not an outcome.
    expect(confirmCalls(stack)).toHaveLength(2);
  });

  it.each(definitiveRefusals)('should store an upstream %s and replay it without calling upstream again', async (_label, fault, message) => {
    const status = fault.kind === 'status' ? fault.status : 0;
    stack.sandbox.inject(fault, { operation: 'confirmPaymentIntent', times: 1 });
    const key = `key-definitive-${status}`;
    const first = await confirm(stack, key);
    expect(first.status).toBe(status);
    expect(errorBody(first.body)).toMatchObject({ status, code: 'upstream_rejected', message });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The fault is spent: were the retry sent upstream, it would succeed.
    const replay = await confirm(stack, key);
    expect(replay.status).toBe(status);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(confirmCalls(stack)).toHaveLength(1);
  });

  it('should store a 404 for a missing intent and replay it', async () => {
    const first = await confirm(stack, 'key-missing-intent', visa, sandboxIds.missing.paymentIntent);
    const replay = await confirm(stack, 'key-missing-intent', visa, sandboxIds.missing.paymentIntent);
    expect([first.status, replay.status]).toEqual([404, 404]);
    expect(errorBody(first.body).code).toBe('not_found');
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(confirmCalls(stack)).toHaveLength(1);
  });

  it('should refuse the key with another body 409 idempotency_conflict, after a 200 and after a stored refusal', async () => {
    const done = await confirm(stack, 'key-conflict-after-200');
    expect(done.status).toBe(200);
    stack.sandbox.inject({ kind: 'status', status: 402, body: { message: 'card declined' } }, { operation: 'confirmPaymentIntent', times: 1 });
    const refused = await confirm(stack, 'key-conflict-after-402');
    expect(refused.status).toBe(402);

    for (const key of ['key-conflict-after-200', 'key-conflict-after-402']) {
      const other = await confirm(stack, key, { payment_method_id: 'pm_other_card' });
      expect(other.status).toBe(409);
      expect(errorBody(other.body)).toMatchObject({ code: 'idempotency_conflict', operation: 'confirmPaymentIntent' });
      expect(other.headers['retry-after']).toBeUndefined();
    }
    expect(confirmCalls(stack)).toHaveLength(2);
  });

  it('should keep keys apart per payment intent', async () => {
    const a = await confirm(stack, 'key-per-intent-0001', visa, sandboxIds.paymentIntents.succeeded);
    const b = await confirm(stack, 'key-per-intent-0001', visa, sandboxIds.paymentIntents.failed);
    expect(JSON.parse(a.body)).toMatchObject({ id: sandboxIds.paymentIntents.succeeded });
    expect(JSON.parse(b.body)).toMatchObject({ id: sandboxIds.paymentIntents.failed });
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(confirmCalls(stack)).toHaveLength(2);
  });

  describe('given a confirm still in flight upstream', () => {
    // The entry's own upstream client, holding each confirm's answer until the test lets it go:
    // a latency ends on the wall clock, which a busy machine can outrun before the requests sent
    // meanwhile are answered. The deadline is generous, for the hold is the test's, not upstream's.
    let held: Stack;
    let release: () => void = () => undefined;
    let answered = 0;
    /** Confirm answers upstream gave that are being held. */
    let waiting = 0;
    /** Confirms that have come as far as the gate: the proxy asks for the scope, hashes the body, then joins. */
    let scoped = 0;
    beforeAll(async () => {
      const client: UpstreamClient = entry === 'node' ? sharedUpstream() : createFetchUpstream();
      const holding: UpstreamClient = {
        async request(request) {
          const result = await client.request(request);
          if (request.movesMoney) {
            await new Promise<void>((resolve) => {
              release = resolve;
              waiting += 1;
            });
          }
          answered += 1;
          return result;
        },
      };
      const idempotencyScope = () => {
        scoped += 1;
        return ''; // the scope a proxy without sessions or this hook gives
      };
      held = await startStack({ timeoutMs: 30_000, upstream: holding, idempotencyScope }, entry);
    });
    afterAll(async () => {
      await held.close();
    });
    afterEach(() => {
      held.sandbox.reset();
      answered = 0;
      waiting = 0;
      scoped = 0;
      release = () => undefined;
    });

    it('should refuse the key with another body at once, and let the same body wait for the one call', async () => {
      const key = 'key-in-flight-0001';
      let settled = false;
      const first = confirm(held, key).finally(() => (settled = true));
      await expect.poll(() => waiting).toBe(1);

      const other = await confirm(held, key, { payment_method_id: 'pm_other_card' });
      // Refused while the first was still waiting for upstream: the refusal did not wait for it.
      expect(settled).toBe(false);
      expect(other.status).toBe(409);
      expect(errorBody(other.body).code).toBe('idempotency_conflict');

      const joining = confirm(held, key);
      await expect.poll(() => scoped).toBe(3);
      release();
      const [original, joined] = await Promise.all([first, joining]);
      expect([original.status, joined.status]).toEqual([200, 200]);
      expect(joined.body).toBe(original.body);
      expect(original.headers['idempotent-replayed']).toBeUndefined();
      expect(confirmCalls(held)).toHaveLength(1);
      expect(answered).toBe(1);
    });

    it('should mark the answer a request joined as replayed (it did not make the call)', async () => {
      const key = 'key-in-flight-0002';
      let settled = false;
      const first = confirm(held, key).finally(() => (settled = true));
      await expect.poll(() => waiting).toBe(1);
      // Sent while the first is still waiting for upstream: it joins that call.
      const joining = confirm(held, key);
      await expect.poll(() => scoped).toBe(2);
      expect(settled).toBe(false);
      release();
      const joined = await joining;
      expect((await first).headers['idempotent-replayed']).toBeUndefined();
      expect(joined.headers['idempotent-replayed']).toBe('true');
      expect(confirmCalls(held)).toHaveLength(1);
    });
  });
});

/** A store whose every method fails: synchronously, or with a rejected promise. */
const failingStores: [string, IdempotencyStore][] = [
  [
    'throws',
    {
      claim: () => {
        throw new Error('store down (ECONNREFUSED 10.0.0.5:6379)');
      },
      complete: () => {
        throw new Error('store down');
      },
      release: () => {
        throw new Error('store down');
      },
    },
  ],
  [
    'rejects',
    {
      claim: () => Promise.reject(new Error('store down (ECONNREFUSED 10.0.0.5:6379)')),
      complete: () => Promise.reject(new Error('store down')),
      release: () => Promise.reject(new Error('store down')),
    },
  ],
];

describe.each(coreEntries)('given %s and an idempotency store that fails', (_name, entry) => {
  describe.each(failingStores)('given a store that %s', (_how, store) => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ timeoutMs: TIMEOUT_MS, idempotencyStore: store }, entry);
    });
    afterAll(async () => {
      await stack.close();
    });

    it('should answer confirms 503 idempotency_store_unavailable with zero upstream calls, and reads as usual', async () => {
      const answers = await Promise.all([confirm(stack, 'key-store-down-0001'), confirm(stack, 'key-store-down-0001'), confirm(stack, 'key-store-down-0002')]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(errorBody(answer.body)).toMatchObject({ code: 'idempotency_store_unavailable', operation: 'confirmPaymentIntent' });
        expect(answer.body).not.toContain('ECONNREFUSED');
      }
      expect(confirmCalls(stack)).toEqual([]);

      const read = await rawRequest(stack.server.url, { path: `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}` });
      expect(read.status).toBe(200);
      expect(stack.sandbox.callsFor('getTransaction')).toHaveLength(1);
    });
  });
});

/** A shared store as another instance left it: `claim` answers what the test sets. */
function scriptedStore() {
  /** Each step as `step idempotency-key [token] [status]`. */
  const steps: string[] = [];
  // The proxy scopes the browser's key: JSON of [operation, intent id, key, scope].
  const keyOf = (scoped: string) => (JSON.parse(scoped) as string[])[2] ?? '';
  let next: IdempotencyClaim = { state: 'acquired', token: 't1' };
  const store: IdempotencyStore = {
    claim: (key) => {
      steps.push(`claim ${keyOf(key)}`);
      return Promise.resolve(next);
    },
    complete: (key, token, record) => {
      steps.push(`complete ${keyOf(key)} ${token} ${record.status}`);
    },
    release: (key, token) => {
      steps.push(`release ${keyOf(key)} ${token}`);
    },
  };
  return {
    store,
    steps,
    set: (claim: IdempotencyClaim) => {
      next = claim;
    },
  };
}

describe.each(coreEntries)('given %s and a shared store', (_name, entry) => {
  const shared = scriptedStore();
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ timeoutMs: TIMEOUT_MS, idempotencyStore: shared.store }, entry);
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => {
    stack.sandbox.reset();
    shared.steps.length = 0;
  });

  it('should answer a key in flight on another instance 409 idempotency_key_in_use with Retry-After, with no upstream call', async () => {
    shared.set({ state: 'in_flight' });
    const answer = await confirm(stack, 'key-elsewhere-0001');
    expect(answer.status).toBe(409);
    expect(errorBody(answer.body)).toMatchObject({ code: 'idempotency_key_in_use', operation: 'confirmPaymentIntent' });
    expect(answer.headers['retry-after']).toBe('1');
    expect(confirmCalls(stack)).toEqual([]);
    expect(shared.steps).toEqual(['claim key-elsewhere-0001']);
  });

  it('should replay what another instance completed, and refuse what it holds for another body', async () => {
    shared.set({ state: 'completed', record: { fingerprint: 'f', status: 402, body: '{"stored":"elsewhere"}' } });
    const replay = await confirm(stack, 'key-elsewhere-0002');
    expect(replay.status).toBe(402);
    expect(replay.body).toBe('{"stored":"elsewhere"}');
    expect(replay.headers['idempotent-replayed']).toBe('true');

    shared.set({ state: 'conflict' });
    const conflict = await confirm(stack, 'key-elsewhere-0002');
    expect(conflict.status).toBe(409);
    expect(errorBody(conflict.body).code).toBe('idempotency_conflict');
    expect(confirmCalls(stack)).toEqual([]);
  });

  it('should complete a definitive answer and release an unknown one, each with its claim token', async () => {
    shared.set({ state: 'acquired', token: 'tok-ok' });
    expect((await confirm(stack, 'key-elsewhere-0003')).status).toBe(200);
    stack.sandbox.inject({ kind: 'status', status: 429 }, { operation: 'confirmPaymentIntent', times: 1 });
    shared.set({ state: 'acquired', token: 'tok-429' });
    expect((await confirm(stack, 'key-elsewhere-0004')).status).toBe(429);
    expect(shared.steps).toEqual([
      'claim key-elsewhere-0003',
      'complete key-elsewhere-0003 tok-ok 200',
      'claim key-elsewhere-0004',
      'release key-elsewhere-0004 tok-429',
    ]);
    expect(confirmCalls(stack)).toHaveLength(2);
  });
});
