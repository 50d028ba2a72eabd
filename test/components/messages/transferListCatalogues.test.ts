import { describe, expect, it } from 'vitest';
import * as listWords from 'payments-kit/transfers/messages';
import { loadTransferListMessages } from 'payments-kit/transfers/messages';
import { messagesLocales } from 'payments-kit/messages';

// The transfer list's own catalogues against its English one: the same keys, the same
// {placeholders} in every text, plural forms that are exactly the CLDR categories of the
// language (and, in any language, an exact 0's `zero`), and the loader giving each language its own. One test per language, naming every
// offending cell.

type Words = Record<string, string | Record<string, string>>;
const english = listWords.transferListMessagesEn as unknown as Words;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort().join(',');
const texts = (value: string | Record<string, string>) => (typeof value === 'string' ? [value] : Object.values(value));

/** What is wrong with `words` for `locale`, cell by cell. */
function faults(locale: string, words: Words): string[] {
  const found: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort().join(',');
  for (const key of new Set([...Object.keys(english), ...Object.keys(words)])) {
    const reference = english[key];
    const value = words[key];
    if (reference === undefined || value === undefined) {
      found.push(`${key}: ${reference === undefined ? 'not in English' : 'missing'}`);
      continue;
    }
    if (typeof reference !== typeof value) found.push(`${key}: ${typeof value}, English ${typeof reference}`);
    const wanted = placeholders(texts(reference).join(' '));
    for (const text of texts(value)) {
      if (text.trim() === '') found.push(`${key}: empty`);
      // A plural's `one` may say the count in words ("one transfer"): its other forms hold {count}.
      const missing = wanted.split(',').filter((name) => name !== '' && !text.includes(`{${name}}`) && name !== 'count');
      if (missing.length > 0 || placeholders(text).split(',').some((name) => name !== '' && !wanted.includes(name))) {
        found.push(`${key}: "${text}" has {${placeholders(text)}}, English {${wanted}}`);
      }
    }
    // A `zero` form may stand beside them in any language: the form of an exact 0 (formatPlural).
    const forms = typeof value === 'object' ? Object.keys(value).filter((form) => form !== 'zero' || categories.includes('zero')) : [];
    if (typeof value === 'object' && forms.sort().join(',') !== categories) {
      found.push(`${key}: plural forms ${forms.join(',')}, ${locale} needs ${categories}`);
    }
  }
  return found;
}

describe('given the transfer list’s catalogues', () => {
  it.each(messagesLocales.filter((locale) => locale !== 'en'))('should give %s every English key, its placeholders and its plural forms', async (locale) => {
    const words = (await loadTransferListMessages(locale)) as unknown as Words;
    expect(words).not.toBe(english);
    expect(faults(locale, words)).toEqual([]);
  });

  it('should hold {count} in every plural form but one said in words', async () => {
    const missing: string[] = [];
    for (const locale of messagesLocales) {
      const words = (await loadTransferListMessages(locale)) as unknown as Words;
      for (const [key, value] of Object.entries(words)) {
        if (typeof value !== 'object') continue;
        for (const [category, text] of Object.entries(value)) {
          if (!text.includes('{count}') && !['zero', 'one', 'two'].includes(category)) missing.push(`${locale} ${key}.${category}: "${text}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
