// The proxy sends an answer as the operation's schema reads it (callUpstream); a page of an older
// release, which reads every answer again, must get the same value from that reading as the proxy
// did: reading is idempotent over the JSON the proxy writes, for every shape the sandbox seeds.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- operations, parseResponse of api/index, which no entry exports
import { operations, parseResponse, type OperationName } from '../../src/api/index.js';
// eslint-disable-next-line no-restricted-imports -- seedLegacyTransactions, seedPaymentIntents, seedTransactionAnswers of testing/fixtures, which no entry exports
import { seedLegacyTransactions, seedPaymentIntents, seedTransactionAnswers } from '../../src/testing/fixtures.js';
import { payoutsGuideTransfer, transfersOverviewTransfer } from 'payments-kit/testing';

const answers: [string, OperationName, unknown][] = [
  ...[...seedTransactionAnswers()].map(([id, answer]): [string, OperationName, unknown] => [`v2 transaction ${id}`, 'getTransaction', answer]),
  ...[...seedLegacyTransactions()].map(([id, transaction]): [string, OperationName, unknown] => [
    `legacy transaction ${id}`,
    'getLegacyTransaction',
    { success: true, transaction },
  ]),
  ...[...seedPaymentIntents()].map(([id, { intent }]): [string, OperationName, unknown] => [`payment intent ${id}`, 'confirmPaymentIntent', intent]),
  ['a volume as a decimal string', 'getTransactionVolume', { success: true, volume: '1000.0000000000' }],
  ['a volume as a number', 'getTransactionVolume', { success: true, volume: 12.5 }],
  [
    'a flow without completed_steps',
    'createFlow',
    { id: 'flow_1', link: 'https://my-sandbox.dots.dev/flow/1', metadata: null, steps: ['compliance', 'teleport'], user_id: null, extra: { kept: 1 } },
  ],
  [
    'a claimed flow with a step done, as read again',
    'getFlow',
    { id: 'flow_1', link: 'https://my-sandbox.dots.dev/flow/1', metadata: null, steps: ['compliance', 'payout'], completed_steps: ['compliance'], user_id: 'b5fd9a5e-8a61-4e0f-8d42-c27ce0c45fc3' },
  ],
  ['the payouts guide transfer', 'getTransfer', payoutsGuideTransfer],
  ['the transfers overview transfer', 'getTransfer', transfersOverviewTransfer],
  ['a page of both published transfers', 'listTransfers', { has_more: true, data: [payoutsGuideTransfer, transfersOverviewTransfer] }],
  ['a page of transactions, one with its transfer', 'listTransactions', { has_more: false, data: [{ ...payoutsGuideTransfer.transactions[0], transfer: payoutsGuideTransfer }] }],
];

describe('given every answer shape the sandbox seeds', () => {
  it.each(answers)('should read %s the same way again from the JSON the proxy writes', (_label, operation, answer) => {
    const wire: unknown = JSON.parse(JSON.stringify(parseResponse(operation, answer)));
    expect(JSON.parse(JSON.stringify(parseResponse(operation, wire)))).toEqual(wire);
  });

  it('should cover every operation of the table', () => {
    expect(new Set(answers.map(([, operation]) => operation))).toEqual(new Set(Object.keys(operations)));
  });
});
