// The words of the payments API's error codes (docs/api.md#errors): the loader gives each
// language's words. What they say is checked by the catalogue and glossary tables
// (test/components/messages/); how ConfirmIntentButton shows them, by
// test/components/ConfirmIntentButton.errorCodes.test.tsx.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- loadErrorCodeMessages of components/messages/errorCodes/loadErrorCodeMessages, which no entry exports
import { loadErrorCodeMessages } from '../../src/components/messages/errorCodes/loadErrorCodeMessages.js';
// eslint-disable-next-line no-restricted-imports -- loadErrorCodeMessages of components/messages/errorCodes/loadErrorCodeMessagesInline, which no entry exports
import { loadErrorCodeMessages as loadInline } from '../../src/components/messages/errorCodes/loadErrorCodeMessagesInline.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesFr of components/messages/errorCodes/fr, which no entry exports
import { errorCodesFr } from '../../src/components/messages/errorCodes/fr.js';
import { messagesLocales } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- UpstreamErrorCode of components/messages/types, which no entry exports
import type { UpstreamErrorCode } from '../../src/components/messages/types.js';
import { errorCodesByLocale } from './messages/errorCodeCatalogues.js';

/** Every code with words of its own, as English (the reference) lists them. */
const codes = Object.keys(errorCodesEn.errorTitles) as UpstreamErrorCode[];

describe('given loadErrorCodeMessages and a language of the locale list', () => {
  it.each(messagesLocales)('should give the %s words: a title and a description for every code', async (locale) => {
    const words = await loadErrorCodeMessages(locale);
    expect(words).toBe(errorCodesByLocale[locale]);
    expect(codes.filter((code) => !words.errorTitles[code] || !words.errorDescriptions[code])).toEqual([]);
  });
});

describe('given loadErrorCodeMessages and a locale with no words of its own', () => {
  it('should give a regional locale its language’s words (fr-CA: French)', async () => {
    await expect(loadErrorCodeMessages('fr-CA')).resolves.toBe(errorCodesFr);
  });

  it.each([['ko'], ['zh-TW'], ['@@'], [''], [undefined]])('should give English to %j', async (locale) => {
    await expect(loadErrorCodeMessages(locale)).resolves.toBe(errorCodesEn);
  });
});

describe('given the one-file build’s loader (loadErrorCodeMessagesInline)', () => {
  it.each([['en'], ['en-GB'], ['ko'], [undefined]])('should give the English words to %j, as the chunked loader does', async (locale) => {
    await expect(loadInline(locale)).resolves.toBe(errorCodesEn);
  });

  it.each([['ar'], ['fr-CA'], ['pt']])('should reject %j, so its errors keep the status’s words', async (locale) => {
    await expect(loadInline(locale)).rejects.toThrow(/English only/);
  });
});
