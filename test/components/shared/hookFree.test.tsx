// The pieces a long list calls as functions, once per value (TransactionDetail's fields,
// TransferList's cells), must hold no hooks: called inside another component's render, a hook
// would join that component's own list of hooks, and a branch that skips it would break the
// component. Called here, outside any render, a hook throws (React has no dispatcher), so each
// branch of each piece is called once.
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- FormattedDate of components/shared/dates/FormattedDate, which no entry exports
import { FormattedDate } from '../../../src/components/shared/dates/FormattedDate.js';
// eslint-disable-next-line no-restricted-imports -- Money of components/shared/money/Money, which no entry exports
import { Money } from '../../../src/components/shared/money/Money.js';
// eslint-disable-next-line no-restricted-imports -- StatusBadge of components/shared/StatusBadge, which no entry exports
import { StatusBadge } from '../../../src/components/shared/StatusBadge.js';
// eslint-disable-next-line no-restricted-imports -- Identifier of components/TransactionDetail/Identifier, which no entry exports
import { Identifier } from '../../../src/components/TransactionDetail/Identifier.js';
// eslint-disable-next-line no-restricted-imports -- fieldValue of components/TransactionDetail/fieldValue, which no entry exports
import { fieldValue, type FieldValueInput } from '../../../src/components/TransactionDetail/fieldValue.js';
// eslint-disable-next-line no-restricted-imports -- transferCells of components/TransferList/transferCells, which no entry exports
import { transferCells } from '../../../src/components/TransferList/transferCells.js';
// eslint-disable-next-line no-restricted-imports -- TransferList's English words, which no entry exports whole
import { defaultMessages as transferListWords } from '../../../src/components/TransferList/defaultMessages.js';

const shown = (node: ReactNode) => isValidElement(node) || typeof node === 'string';

describe('given the pieces a list calls as functions', () => {
  it('should render every branch of Money, FormattedDate, Identifier and StatusBadge outside a render', () => {
    const nodes = [
      Money({ amount: 125_000, locale: 'en', messages: en }),
      Money({ amount: Number.NaN, locale: 'en', messages: en }),
      FormattedDate({ value: '2026-11-20T14:32:05Z', locale: 'en', timeZone: 'UTC' }),
      FormattedDate({ value: 'not a date', locale: 'en' }),
      FormattedDate({ value: '2026-11-20T14:32:05Z', locale: 'en', timeZone: 'Not/AZone' }),
      Identifier({ value: 'acct_1' }),
      Identifier({ value: '6b1f4a2e-0c3d-4e5f-8a9b-000000000001' }),
      StatusBadge({ kind: 'transfer', status: 'created', messages: en }),
      StatusBadge({ kind: 'transfer', status: 'awaiting_review', messages: en }),
      StatusBadge({ kind: 'transfer', status: undefined, messages: en }),
    ];
    expect(nodes.every(isValidElement)).toBe(true);
  });

  it("should render every kind of TransactionDetail's field values outside a render", () => {
    const values: FieldValueInput['value'][] = [
      { kind: 'missing' },
      { kind: 'money', amount: 1250, unit: 'minor' },
      { kind: 'date', value: '2026-11-20T14:32:05Z' },
      { kind: 'text', text: 'Acme Supplies' },
      { kind: 'code', text: 'invoice=INV-1001' },
      { kind: 'code', text: '' },
      { kind: 'id', value: 'acct_00063z9f2c41d8e7b5' },
      { kind: 'enum', value: 'ach', labels: 'transferPlatforms' },
      { kind: 'enum', value: 'not_a_type', labels: 'transferTypes' },
      { kind: 'status', status: 'completed' },
      { kind: 'boolean', value: true },
      { kind: 'count', count: 2, message: 'transferTransactionsCount' },
    ];
    const nodes = values.map((value) => fieldValue({ value, locale: 'en', timeZone: 'UTC', messages: en }));
    expect(nodes.filter((node) => !shown(node))).toEqual([]);
    expect(nodes).toHaveLength(values.length);
  });

  it("should make TransferList's cells outside a render, with and without a date and a type", () => {
    const transfer = { id: 't1', amount: 1250, status: 'completed', type: 'payout', created: '2026-11-20T14:32:05Z' } as const;
    for (const row of [transfer, { ...transfer, type: undefined, created: undefined }]) {
      const cells = transferCells(row, transferListWords, 'en', 'UTC');
      expect(cells.map(([, , value]) => shown(value))).toEqual([true, true, true, true]);
    }
  });
});
