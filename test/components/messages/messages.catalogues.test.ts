import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- formatPlural of components/shared/formatPlural, which no entry exports
import { formatPlural } from '../../../src/components/shared/formatPlural.js';
import { localeDirection, messagesAr, messagesByLocale, messagesDe, messagesEn, messagesEs, messagesFr, messagesHe, messagesIt, messagesJa, messagesLocales, messagesNl, messagesPl, messagesPtBR, messagesZhCN, type MessagesLocale, type PaymentsMessages, type PluralMessage } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- resolveMessages of components/shared/resolveMessages, which no entry exports
import { resolveMessages } from '../../../src/components/shared/resolveMessages.js';
import * as messagesEntry from 'payments-kit/messages';

// eslint-disable-next-line no-restricted-imports -- loadErrorCodeMessages of components/messages/errorCodes/loadErrorCodeMessages, which no entry exports
import { loadErrorCodeMessages } from '../../../src/components/messages/errorCodes/loadErrorCodeMessages.js';
import { errorCodesByLocale } from './errorCodeCatalogues.js';

// Completeness of every shipped catalogue against the English one, the reference: the same keys
// at every depth, the same {placeholders} in every string, and plural forms that are exactly the
// CLDR categories of the catalogue's language. Run again whenever an English key is added.

const catalogues: Readonly<Record<MessagesLocale, PaymentsMessages>> = messagesByLocale;
const translations = Object.entries(catalogues).filter(([locale]) => locale !== 'en') as [MessagesLocale, PaymentsMessages][];

type Tree = object;
const categoryNames = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/** A plural message: an object whose keys are CLDR categories, `other` among them. */
const isPlural = (value: unknown): value is PluralMessage =>
  typeof value === 'object' && value !== null && 'other' in value && Object.keys(value).every((key) => categoryNames.has(key));

/** Every leaf: strings, and plural messages taken whole (their forms differ by language on purpose). */
function leaves(tree: Tree, prefix = ''): [string, string | PluralMessage][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string | PluralMessage][] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'string' || isPlural(value)) return [[path, value]];
    if (typeof value === 'object' && value !== null) return leaves(value as Tree, `${path}.`);
    throw new Error(`${path} is neither a string, a plural message nor a record`);
  });
}
/** The texts of a leaf: the string, or each form of a plural message. */
const texts = (value: string | PluralMessage): string[] =>
  typeof value === 'string' ? [value] : Object.values(value).filter((form): form is string => typeof form === 'string');
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();
const english = new Map(leaves(messagesEn));
const pluralCategories = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

/** The integers 0–1000 that select `category` in `locale`. */
function numbersOf(locale: string, category: string): number[] {
  const rules = new Intl.PluralRules(locale);
  return Array.from({ length: 1001 }, (_, n) => n).filter((n) => rules.select(n) === category);
}

/** The name `payments-kit/messages` exports a catalogue under: `messages` and its tag without the hyphen (`messagesPtBR`). */
const exportName = (locale: MessagesLocale) => `messages${locale.charAt(0).toUpperCase()}${locale.slice(1).replace('-', '')}`;

/** The paths of `catalogue` missing from en, and those of en missing from it. */
function keysMissed(catalogue: PaymentsMessages): string[] {
  const paths = new Set(leaves(catalogue).map(([path]) => path));
  return [
    ...[...english.keys()].filter((path) => !paths.has(path)).map((path) => `missing ${path}`),
    ...[...paths].filter((path) => !english.has(path)).map((path) => `not in en: ${path}`),
  ];
}

/** The strings whose {placeholders} differ from those of the en string at the same path. */
const placeholdersMissed = (catalogue: PaymentsMessages): string[] =>
  leaves(catalogue).flatMap(([path, value]) => {
    const reference = english.get(path);
    if (typeof reference !== 'string') return [];
    if (typeof value !== 'string') return [`${path} is plural, en's is a string`];
    const [got, want] = [placeholders(value), placeholders(reference)];
    return got.join() === want.join() ? [] : [`${path}: {${got.join('}, {')}}, en has {${want.join('}, {')}}`];
  });

/** Plural messages whose forms are not the language's categories, or lose a placeholder. */
function pluralsMissed(locale: string, catalogue: PaymentsMessages): string[] {
  const categories = [...pluralCategories(locale)].sort();
  return leaves(catalogue).flatMap(([path, value]) => {
    if (typeof value === 'string') return [];
    const reference = english.get(path);
    if (reference === undefined || typeof reference === 'string') return [`${path} is plural in ${locale} only`];
    // Exactly the categories Intl.PluralRules selects for the language (`other` always among them),
    // and in any language a `zero` beside them: an exact 0's form (formatPlural).
    const given = Object.keys(value).filter((form) => form !== 'zero' || categories.includes('zero')).sort();
    const failures = given.join() === categories.join() ? [] : [`${path}: forms ${given.join(', ')}, the language has ${categories.join(', ')}`];
    const wanted = placeholders(reference.other);
    for (const [category, form] of Object.entries(value) as [string, string][]) {
      const used = placeholders(form);
      if (!used.every((name) => wanted.includes(name))) failures.push(`${path}.${category}: "${form}" names a placeholder en's has not`);
      // A form chosen for one number only (Arabic zero, one, two) may spell it out; any other
      // form names every placeholder, or the reader would not see the count.
      else if (numbersOf(locale, category).length > 1 && used.join() !== wanted.join()) failures.push(`${path}.${category}: "${form}" leaves out a placeholder`);
    }
    return failures;
  });
}

/** Each text of a catalogue with its path (a plural form's path names its category). */
const textsOf = (catalogue: object): [string, string][] =>
  leaves(catalogue).flatMap(([path, value]) => (typeof value === 'string' ? [[path, value] as [string, string]] : texts(value).map((text) => [path, text] as [string, string])));

describe('given the shipped catalogues', () => {
  it('should ship one per language the loader knows, each the module its own name exports', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...messagesLocales].sort());
    const entry: Readonly<Record<string, unknown>> = messagesEntry;
    expect(messagesLocales.filter((locale) => entry[exportName(locale)] !== catalogues[locale]).map(exportName)).toEqual([]);
  });

  it.each(translations)('should give %s every key of en, at every depth, and no other', (_locale, catalogue) => {
    expect(keysMissed(catalogue)).toEqual([]);
  });

  it.each(translations)('should keep in %s the {placeholders} of every en string', (_locale, catalogue) => {
    expect(placeholdersMissed(catalogue)).toEqual([]);
  });

  it.each(Object.entries(catalogues))('should give in %s the plural forms its language has, each with its placeholders', (locale, catalogue) => {
    expect(pluralsMissed(locale, catalogue)).toEqual([]);
  });

  it.each(translations.filter(([locale]) => localeDirection(locale) === 'rtl'))(
    'should isolate in %s every value put into a sentence but plain numbers and its own words',
    (_locale, catalogue) => {
      // An amount, id, status or zone inside right-to-left words sits between an isolate
      // (U+2066 left to right, U+2067 right to left, U+2068 its own direction) and U+2069, or the
      // words around it reorder it ("US$" drawn "$US").
      const free = new Set(['count', 'done', 'total', 'title']);
      const bare = textsOf(catalogue).flatMap(([path, text]) =>
        [...text.matchAll(/\{(\w+)\}/g)]
          .filter((match) => !free.has(match[1]!))
          .filter((match) => !/^[\u2066-\u2068]\u2069$/.test(`${text.charAt(match.index - 1)}${text.charAt(match.index + match[0].length)}`))
          .map((match) => `${path}: {${match[1]!}}`),
      );
      expect(bare).toEqual([]);
    },
  );

  it.each(Object.entries(catalogues))('should have no empty or padded string in %s', (_locale, catalogue) => {
    // A separator is punctuation and its spacing by design (", ", Arabic "، ").
    const wrong = textsOf(catalogue).filter(([path, text]) => text.trim() === '' || (path !== 'flowStepDoneSeparator' && text !== text.trim()));
    expect(wrong.map(([path, text]) => `${path}: ${JSON.stringify(text)}`)).toEqual([]);
  });

  it.each(translations)('should translate %s: most of its strings differ from the English ones', (_locale, catalogue) => {
    const strings = leaves(catalogue).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const same = strings.filter(([path, text]) => english.get(path) === text).map(([path]) => path);
    // Some are the same in any language: "ACH", "{type} · {period}", "{title}: {amount}"…
    expect(same.length / strings.length, same.join(', ')).toBeLessThan(0.15);
  });

  it.each(translations)('should write in %s the transaction types a transfer shares first, in the transfer types\' order', (_locale, catalogue) => {
    // The same keys and words in the same order are one run gzip repeats for a few bytes; in
    // another order each pair is a reference of its own (the catalogues' size budget).
    const shared = Object.keys(catalogue.transferTypes).filter((type) => type in catalogue.transactionTypes);
    expect(Object.keys(catalogue.transactionTypes).slice(0, shared.length)).toEqual(shared);
  });

  it.each(translations)('should not spell %s with the ASCII apostrophe of untranslated copy', (_locale, catalogue) => {
    expect(textsOf(catalogue).filter(([, text]) => text.includes("'")).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });
});

describe('given the plural forms of each catalogue', () => {
  const count = (catalogue: PaymentsMessages, n: number, locale: string) => formatPlural(catalogue.transferTransactionsCount, n, locale);

  it('should read every Arabic form with its own number', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => count(messagesAr, n, 'ar-u-nu-latn'))).toEqual([
      'لا توجد معاملات',
      'معاملة واحدة',
      'معاملتان',
      '3 معاملات',
      '10 معاملات',
      '11 معاملة',
      '99 معاملة',
      '100 معاملة',
      '102 معاملة',
    ]);
  });

  it('should name the last N days in every Arabic form (30 is many: يومًا)', () => {
    const days = (n: number) => formatPlural(messagesAr.volumePeriods['30d'], n, 'ar-u-nu-latn');
    expect([1, 2, 3, 10, 11, 30, 99, 100].map(days)).toEqual([
      'آخر أربع وعشرين ساعة',
      'آخر يومين',
      'آخر 3 أيام',
      'آخر 10 أيام',
      'آخر 11 يومًا',
      'آخر 30 يومًا',
      'آخر 99 يومًا',
      'آخر 100 يوم',
    ]);
  });

  it.each([
    ['en', messagesEn, ['Last 24 hours', 'Last 30 days']],
    ['fr', messagesFr, ['1 jour glissant', '30 derniers jours']],
    ['pt-BR', messagesPtBR, ['Último 1 dia', 'Últimos 30 dias']],
    ['ja', messagesJa, ['過去 1 日間', '過去 30 日間']],
  ] as const)('should name the last day and the last 30 days in %s by their plural forms', (locale, catalogue, expected) => {
    expect([1, 30].map((n) => formatPlural(catalogue.volumePeriods['30d'], n, locale))).toEqual(expected);
  });

  it.each([
    ['zh-CN', messagesZhCN, ['近 1 天', '近 2 天', '近 30 天']],
    ['pl', messagesPl, ['Ostatnie 24 godziny', 'Ostatnie 2 dni', 'Ostatnie 30 dni']],
    ['he', messagesHe, ['היממה האחרונה', 'היומיים האחרונים', '30 הימים האחרונים']],
  ] as const)('should name the last 1, 2 and 30 days in %s by its own plural forms', (locale, catalogue, expected) => {
    expect([1, 2, 30].map((n) => formatPlural(catalogue.volumePeriods['30d'], n, locale))).toEqual(expected);
  });

  it('should follow the four Polish forms: one, few (2–4, 22–24), many (5–21, 25) and other (fractions)', () => {
    expect([1, 2, 5, 22, 25, 1.5].map((n) => count(messagesPl, n, 'pl'))).toEqual(
      ['1 transakcja', '2 transakcje', '5 transakcji', '22 transakcje', '25 transakcji', '1,5 transakcji'],
    );
    expect([2, 22].map((n) => formatPlural(messagesPl.volumePeriods['30d'], n, 'pl'))).toEqual(['Ostatnie 2 dni', 'Ostatnie 22 dni']);
  });

  it('should use the one form Japanese has, with the count written for the locale', () => {
    expect(count(messagesJa, 1, 'ja')).toBe('1 件');
    expect(count(messagesJa, 1234, 'ja')).toBe('1,234 件');
  });

  it.each([
    ['fr', messagesFr, ['0 transaction', '1 transaction', '2 transactions', '1\u202f000\u202f000 de transactions']],
    // Intl files 0 under `one`; Portuguese says none: the catalogue's `zero`.
    ['pt-BR', messagesPtBR, ['Nenhuma transação', '1 transação', '2 transações', '1.000.000 de transações']],
    ['it', messagesIt, ['0 transazioni', '1 transazione', '2 transazioni', '1.000.000 di transazioni']],
    ['es', messagesEs, ['0 transacciones', '1 transacción', '2 transacciones', '1.000.000 de transacciones']],
    ['de', messagesDe, ['0 Transaktionen', '1 Transaktion', '2 Transaktionen', '1.000.000 Transaktionen']],
    ['nl', messagesNl, ['0 transacties', '1 transactie', '2 transacties', '1.000.000 transacties']],
    ['zh-CN', messagesZhCN, ['0 笔交易', '1 笔交易', '2 笔交易', '1,000,000 笔交易']],
    ['he', messagesHe, ['0 עסקאות', 'עסקה אחת', 'שתי עסקאות', '1,000,000 עסקאות']],
  ] as const)('should follow the rules of %s (0 and 1 are singular in French; Portuguese says none for 0)', (locale, catalogue, expected) => {
    expect([0, 1, 2, 1_000_000].map((n) => count(catalogue, n, locale))).toEqual(expected);
  });

  it('should read English words with English rules under a locale without their forms', () => {
    // zh and ja have only `other`: English words under them (a host's own) still say "1 transaction",
    // with the count written for the locale.
    expect(count(messagesEn, 1, 'zh')).toBe('1 transaction');
    expect(count(messagesEn, 2, 'ja')).toBe('2 transactions');
    expect(count(messagesEn, 1_000_000, 'zh')).toBe('1,000,000 transactions');
    // Where the locale has every form the message gives, its own rules apply.
    expect(count(messagesEn, 1, 'en-GB')).toBe('1 transaction');
    expect(count(messagesJa, 1, 'ja')).toBe('1 件');
  });
});

describe('given a catalogue merged over the English defaults', () => {
  it.each(translations)('should leave no English word in %s, plural forms included', (_locale, catalogue) => {
    // A plural message with its `other` form is whole in its language: Japanese `{ other }` must
    // not keep the English `one` ("1 transaction" under a Japanese heading).
    expect(resolveMessages(messagesEn, catalogue)).toEqual(catalogue);
  });

  it('should still merge a partial plural override form by form', () => {
    const merged = resolveMessages(resolveMessages(messagesEn, messagesJa), { transferTransactionsCount: { one: '1 件だけ' } });
    expect(merged.transferTransactionsCount).toEqual({ other: '{count} 件', one: '1 件だけ' });
  });

  it('should show Japanese counts in Japanese once merged', () => {
    const merged = resolveMessages(messagesEn, messagesJa);
    expect(formatPlural(merged.transferTransactionsCount, 1, 'ja')).toBe('1 件');
  });
});

describe('given the words for the payments API\'s error codes, one chunk per language', () => {
  // The same rules as the catalogues', over the error codes' words, one module per language (docs/api.md#errors).
  const chunks = Object.entries(errorCodesByLocale) as [MessagesLocale, object][];
  const translatedChunks = chunks.filter(([locale]) => locale !== 'en');
  const englishCodes = new Map(leaves(errorCodesByLocale.en));
  /** The paths of `chunk` missing from en's chunk, and those of en's missing from it. */
  const codesMissed = (chunk: object): string[] => {
    const paths = new Set(leaves(chunk).map(([path]) => path));
    return [
      ...[...englishCodes.keys()].filter((path) => !paths.has(path)).map((path) => `missing ${path}`),
      ...[...paths].filter((path) => !englishCodes.has(path)).map((path) => `not in en: ${path}`),
    ];
  };

  it('should have a chunk for every language of the locale list, each served by the loader', async () => {
    expect(Object.keys(errorCodesByLocale).sort()).toEqual([...messagesLocales].sort());
    const served = await Promise.all(messagesLocales.map(async (locale) => [locale, await loadErrorCodeMessages(locale)] as const));
    expect(served.filter(([locale, words]) => words !== errorCodesByLocale[locale]).map(([locale]) => locale)).toEqual([]);
  });

  it('should give English words to every code, title and description, distinct from code to code', () => {
    const titles = Object.values(errorCodesByLocale.en.errorTitles);
    expect(titles.length).toBe(18);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(translatedChunks)('should give %s every code of en, title and description, and no other', (_locale, chunk) => {
    expect(codesMissed(chunk)).toEqual([]);
  });

  it.each(translatedChunks)('should keep in %s the {placeholders} of every en string (none)', (_locale, chunk) => {
    const placed = leaves(chunk).filter(([, text]) => typeof text !== 'string' || placeholders(text).length > 0);
    expect(placed.map(([path]) => path)).toEqual([]);
  });

  it.each(chunks)('should have no empty or padded string in %s', (_locale, chunk) => {
    expect(textsOf(chunk).filter(([, text]) => text.trim() === '' || text !== text.trim()).map(([path]) => path)).toEqual([]);
  });

  it.each(translatedChunks)('should translate %s: the strings differ from the English ones', (_locale, chunk) => {
    expect(textsOf(chunk).filter(([path, text]) => englishCodes.get(path) === text).map(([path]) => path)).toEqual([]);
  });

  it.each(chunks)('should not spell %s with the ASCII apostrophe of untranslated copy', (_locale, chunk) => {
    expect(textsOf(chunk).filter(([, text]) => text.includes("'")).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it.each(chunks.filter(([locale]) => localeDirection(locale) === 'rtl'))(
    'should open every string of %s with a right-to-left letter, so that a brand (Cash App) never sets its direction',
    (_locale, chunk) => {
      // No value is put into these words (no placeholder to isolate); a string that began with a
      // Latin brand would read left to right wherever its direction is taken from its first letter.
      expect(textsOf(chunk).filter(([, text]) => !/^[\p{sc=Arabic}\p{sc=Hebrew}]/u.test(text)).map(([path]) => path)).toEqual([]);
    },
  );
});
