import * as z from 'zod/mini';
import type { Transaction } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- the schema the kit reads a transaction with, which no entry exports
import { transactionSchema } from '../../src/api/index.js';
// eslint-disable-next-line no-restricted-imports -- the sandbox's answers, which no entry exports
import { seedTransactionAnswers } from '../../src/testing/fixtures.js';

/** The sandbox's v2 transactions as the kit reads them (its answers through `transactionSchema`). */
export function seedTransactions(): Map<string, Transaction> {
  return new Map([...seedTransactionAnswers()].map(([id, answer]) => [id, z.parse(transactionSchema, answer)]));
}
