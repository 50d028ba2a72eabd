import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- paymentIntentStatuses, paymentsErrorKinds, flowSteps, knownLegacyTransactionTypes… of api/index, which no entry exports
import {
  paymentIntentStatuses,
  paymentsErrorKinds,
  flowSteps,
  knownLegacyTransactionTypes,
  knownTransactionTypes,
  knownTransferPlatforms,
  knownTransferStatuses,
  knownTransferTypes,
  knownVolumePeriods,
  knownVolumeTypes,
} from '../../../src/api/index.js';
// eslint-disable-next-line no-restricted-imports -- formatMessage, formatNumber of components/shared/formatMessage, which no entry exports
import { formatMessage, formatNumber } from '../../../src/components/shared/formatMessage.js';
// eslint-disable-next-line no-restricted-imports -- formatPlural of components/shared/formatPlural, which no entry exports
import { formatPlural } from '../../../src/components/shared/formatPlural.js';
import { messagesEn as en, messagesEs as es } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- resolveMessages of components/shared/resolveMessages, which no entry exports
import { resolveMessages } from '../../../src/components/shared/resolveMessages.js';
// The button's words before an answer are a part of these, loaded first (defaultMessages.ts).
// eslint-disable-next-line no-restricted-imports -- answerMessages of components/ConfirmIntentButton/answerMessages, which no entry exports
import { answerMessages as confirmIntentButtonMessages } from '../../../src/components/ConfirmIntentButton/answerMessages.js';
// eslint-disable-next-line no-restricted-imports -- defaultMessages of components/FlowLauncher/defaultMessages, which no entry exports
import { defaultMessages as flowLauncherMessages } from '../../../src/components/FlowLauncher/defaultMessages.js';
// eslint-disable-next-line no-restricted-imports -- defaultMessages of components/TransactionDetail/defaultMessages, which no entry exports
import { defaultMessages as transactionDetailMessages } from '../../../src/components/TransactionDetail/defaultMessages.js';
// eslint-disable-next-line no-restricted-imports -- defaultMessages of components/VolumeCard/defaultMessages, which no entry exports
import { defaultMessages as volumeCardMessages } from '../../../src/components/VolumeCard/defaultMessages.js';
// eslint-disable-next-line no-restricted-imports -- sharedEn of components/messages/en/shared, which no entry exports
import { sharedEn } from '../../../src/components/messages/en/shared.js';
// eslint-disable-next-line no-restricted-imports -- sharedValuesEn of components/messages/en/sharedValues, which no entry exports
import { sharedValuesEn } from '../../../src/components/messages/en/sharedValues.js';
// eslint-disable-next-line no-restricted-imports -- platformNames of components/shared/platformNames, which no entry exports
import { platformNames } from '../../../src/components/shared/platformNames.js';

type Tree = Readonly<Record<string, unknown>>;
const isPlural = (value: unknown): boolean => typeof value === 'object' && value !== null && 'other' in value;

/** Every key path, except inside plural messages (their categories differ by language on purpose). */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    return typeof value === 'object' && value !== null && !isPlural(value) ? keyPaths(value as Tree, `${path}.`) : [path];
  });
}
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as Tree, `${prefix}${key}.`),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('given the shipped catalogues', () => {
  it('should give es exactly the keys of en', () => {
    expect(keyPaths(es).sort()).toEqual(keyPaths(en).sort());
  });

  it('should keep the placeholders of every en message in its es translation', () => {
    const esLeaves = new Map(leaves(es).map(([path, text]) => [path.replace(/\.(zero|one|two|few|many|other)$/, ''), text]));
    for (const [path, text] of leaves(en)) {
      // A form for one number only may spell it out ("Last 24 hours"): the `other` forms are compared.
      if (/\.(zero|one|two|few|many)$/.test(path)) continue;
      const key = path.replace(/\.(zero|one|two|few|many|other)$/, '');
      expect(placeholders(esLeaves.get(key) ?? ''), path).toEqual(placeholders(text));
    }
  });

  it('should split en into the shared words and one part per component, with no key in two parts', () => {
    const own = [transactionDetailMessages, confirmIntentButtonMessages, flowLauncherMessages, volumeCardMessages].map(
      (words) => Object.keys(words).filter((key) => !Object.hasOwn(sharedEn, key)),
    );
    for (const words of [transactionDetailMessages, confirmIntentButtonMessages, volumeCardMessages]) {
      for (const key of Object.keys(sharedEn)) expect(words, key).toHaveProperty(key);
    }
    // FlowLauncher shows no amount, yes/no field or status: it carries none of their words.
    for (const key of Object.keys(sharedEn)) expect(Object.hasOwn(flowLauncherMessages, key), key).toBe(!Object.hasOwn(sharedValuesEn, key));
    const all = [...Object.keys(sharedEn), ...own.flat()];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(Object.keys(en).sort());
  });

  it('should have no empty message', () => {
    for (const [path, text] of [...leaves(en), ...leaves(es)]) expect(text.trim(), path).not.toBe('');
  });

  it('should name every error kind, payment intent status, flow step, volume period and type', () => {
    for (const catalogue of [en, es]) {
      expect(Object.keys(catalogue.errorTitles).sort()).toEqual([...paymentsErrorKinds].sort());
      expect(Object.keys(catalogue.errorDescriptions).sort()).toEqual([...paymentsErrorKinds].sort());
      expect(Object.keys(catalogue.paymentIntentStatuses).sort()).toEqual([...paymentIntentStatuses].sort());
      expect(Object.keys(catalogue.flowSteps).sort()).toEqual([...flowSteps].sort());
      expect(Object.keys(catalogue.volumePeriods).sort()).toEqual([...knownVolumePeriods].sort());
      expect(Object.keys(catalogue.volumeTypes).sort()).toEqual([...knownVolumeTypes].sort());
    }
  });

  it('should name every documented transfer status, transfer type and transaction type, and each platform once', () => {
    for (const catalogue of [en, es]) {
      expect(Object.keys(catalogue.transferStatuses).sort()).toEqual([...knownTransferStatuses].sort());
      expect(Object.keys(catalogue.transferTypes).sort()).toEqual([...knownTransferTypes].sort());
      expect(Object.keys(catalogue.transactionTypes).sort()).toEqual([...knownTransactionTypes, ...knownLegacyTransactionTypes].sort());
      // A platform is a brand (named in code, the same in every language) or has a word in the catalogue: never both.
      expect([...Object.keys(platformNames), ...Object.keys(catalogue.transferPlatforms)].sort()).toEqual([...knownTransferPlatforms].sort());
    }
  });
});

describe('given a component\'s defaults and overrides', () => {
  it('should return the defaults themselves when there is nothing to override', () => {
    expect(resolveMessages(en)).toBe(en);
    expect(resolveMessages(transactionDetailMessages, undefined)).toBe(transactionDetailMessages);
  });

  it('should take a whole catalogue as overrides, keeping only the component\'s keys', () => {
    expect(resolveMessages(en, es)).toEqual(es);
    const words = resolveMessages(volumeCardMessages, es);
    expect(Object.keys(words).sort()).toEqual(Object.keys(volumeCardMessages).sort());
    expect(words.volumeTitle).toBe(es.volumeTitle);
    expect(words.retry).toBe(es.retry);
    expect('transactionTitle' in words).toBe(false);
  });

  it('should merge overrides over the locale, entry by entry inside records', () => {
    const messages = resolveMessages(resolveMessages(en, es), {
      retry: 'Otra vez',
      paymentIntentStatuses: { succeeded: 'Pagado' },
      transferTransactionsCount: { one: 'una transacción' },
    });
    expect(messages.retry).toBe('Otra vez');
    expect(messages.loading).toBe(es.loading);
    expect(messages.paymentIntentStatuses.succeeded).toBe('Pagado');
    expect(messages.paymentIntentStatuses.failed).toBe(es.paymentIntentStatuses.failed);
    expect(messages.transferTransactionsCount).toEqual({ ...es.transferTransactionsCount, one: 'una transacción' });
    expect(es.retry).toBe('Reintentar'); // the shipped catalogue is not mutated
  });

  it('should ignore unknown keys and non-string values from untyped callers', () => {
    const overrides = JSON.parse('{"nope":"x","retry":42,"loading":"Wait","__proto__":{"polluted":"yes"},"errorTitles":{"http":7}}') as object;
    const messages = resolveMessages(en, overrides);
    expect(messages.retry).toBe(en.retry);
    expect(messages.loading).toBe('Wait');
    expect(messages.errorTitles.http).toBe(en.errorTitles.http);
    expect('nope' in messages).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('given a template with placeholders', () => {
  it('should interpolate the values', () => {
    expect(formatMessage(en.flowProgress, { done: '2', total: '7' })).toBe('Step 2 of 7');
    expect(formatMessage(es.confirmPrompt, { amount: '12,50 US$' })).toBe('¿Confirmar el pago de 12,50 US$?');
    expect(formatMessage('{a}{a}{b}', { a: 'x', b: '' })).toBe('xx');
  });

  it('should leave unknown or missing placeholders visible', () => {
    // Typed as plain strings, like catalogue entries: a literal would have to name every placeholder.
    const greeting: string = 'Hello {name}, {unknown}';
    const inherited: string = '{constructor} {toString}';
    expect(formatMessage(greeting, { name: 'Ana' })).toBe('Hello Ana, {unknown}');
    expect(formatMessage(inherited, {})).toBe('{constructor} {toString}');
    expect(formatMessage('no braces {', {})).toBe('no braces {');
  });

  it('should write a number for the locale with formatNumber, malformed tags as English', () => {
    expect(formatNumber(12, 'ar-EG')).toBe('١٢');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatNumber(1234, '@@')).toBe('1,234');
    expect(formatMessage(en.flowProgress, { done: formatNumber(1, 'ar-EG'), total: formatNumber(3, 'ar-EG') })).toBe('Step ١ of ٣');
  });

  it('should not re-read a value as a template', () => {
    expect(formatMessage('{a} {b}', { a: '{b}', b: 'B' })).toBe('{b} B');
  });

  it('should choose plural forms with Intl.PluralRules', () => {
    expect(formatPlural(en.transferTransactionsCount, 0, 'en')).toBe('0 transactions');
    expect(formatPlural(en.transferTransactionsCount, 1, 'en')).toBe('1 transaction');
    expect(formatPlural(en.transferTransactionsCount, 1234, 'en')).toBe('1,234 transactions');
    expect(formatPlural(es.transferTransactionsCount, 1, 'es')).toBe('1 transacción');
    expect(formatPlural(es.transferTransactionsCount, 2, 'es')).toBe('2 transacciones');
    expect(formatPlural(es.transferTransactionsCount, 1_000_000, 'es')).toBe('1.000.000 de transacciones');
    expect(formatPlural({ other: '{count} items' }, 1, 'en')).toBe('1 items');
  });
});
