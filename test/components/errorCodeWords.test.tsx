// The words of the payments API's error codes (docs/api.md#errors) as they exist before any
// component shows them: the loader gives each language's words, and the lookup reads the
// language from the nearest `lang`. What the words say is checked by the catalogue and glossary
// tables (test/components/messages/).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorCodeWords, loadErrorCodeMessages } from '../../src/components/messages/errorCodes/loadErrorCodeMessages.js';
import { errorCodesDe } from '../../src/components/messages/errorCodes/de.js';
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
import { errorCodesFr } from '../../src/components/messages/errorCodes/fr.js';
import { errorCodesJa } from '../../src/components/messages/errorCodes/ja.js';
import { wordsWith } from '../../src/components/messages/errorCodeLookup.js';
import { messagesLocales } from '../../src/components/messages/locales.js';
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

describe('given the lookup errorCodeWords and an element', () => {
  it('should read the language from the nearest `lang`, a regional one included', async () => {
    render(
      <div lang="de">
        <div lang="fr-CA">
          <p data-testid="inner">error</p>
        </div>
        <p data-testid="outer">error</p>
      </div>,
    );
    await expect(errorCodeWords(screen.getByTestId('inner'), 'app-info-missing')).resolves.toEqual([
      errorCodesFr.errorTitles['app-info-missing'],
      errorCodesFr.errorDescriptions['app-info-missing'],
    ]);
    await expect(errorCodeWords(screen.getByTestId('outer'), 'app-info-missing')).resolves.toEqual([
      errorCodesDe.errorTitles['app-info-missing'],
      errorCodesDe.errorDescriptions['app-info-missing'],
    ]);
  });

  it('should read the element’s own `lang` first', async () => {
    render(
      <div lang="fr">
        <p lang="ja" data-testid="alert">
          error
        </p>
      </div>,
    );
    await expect(errorCodeWords(screen.getByTestId('alert'), 'user-info-missing-card')).resolves.toEqual([
      errorCodesJa.errorTitles['user-info-missing-card'],
      errorCodesJa.errorDescriptions['user-info-missing-card'],
    ]);
  });

  it('should give English when no element up the tree has a `lang`, or there is no element', async () => {
    render(<p data-testid="alert">error</p>);
    const english = [errorCodesEn.errorTitles['invalid-email'], errorCodesEn.errorDescriptions['invalid-email']];
    await expect(errorCodeWords(screen.getByTestId('alert'), 'invalid-email')).resolves.toEqual(english);
    await expect(errorCodeWords(null, 'invalid-email')).resolves.toEqual(english);
  });

  it('should give nothing for a code the kit has no words for', async () => {
    render(<p lang="fr" data-testid="alert">error</p>);
    await expect(errorCodeWords(screen.getByTestId('alert'), 'a-code-from-later')).resolves.toEqual([undefined, undefined]);
  });
});

describe('given wordsWith and a loader of its own', () => {
  it('should ask the loader for the nearest `lang` as written', async () => {
    const asked: (string | undefined)[] = [];
    const lookup = wordsWith((locale) => {
      asked.push(locale);
      return Promise.resolve(errorCodesEn);
    });
    render(
      <div lang="pt-PT">
        <p data-testid="alert">error</p>
      </div>,
    );
    await lookup(screen.getByTestId('alert'), 'invalid-ssn');
    await lookup(null, 'invalid-ssn');
    expect(asked).toEqual(['pt-PT', undefined]);
  });

  it('should reject when the loader does (a chunk that fails to load)', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const lookup = wordsWith(() => Promise.reject(failure));
    await expect(lookup(null, 'invalid-ssn')).rejects.toBe(failure);
  });
});
