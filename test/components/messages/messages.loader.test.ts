import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  loadMessages,
  localeDirection,
  matchLocale,
  messagesAr,
  messagesByLocale,
  messagesDe,
  messagesEn,
  messagesEs,
  messagesFr,
  messagesHe,
  messagesIt,
  messagesJa,
  messagesLocaleFor,
  messagesLocales,
  messagesNl,
  messagesPl,
  messagesPtBR,
  messagesZhCN,
  pickMessages,
  type PaymentsMessages,
} from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- resolveLocale of components/shared/resolveLocale, which no entry exports
import { resolveLocale } from '../../../src/components/shared/resolveLocale.js';
import { mismatches, shown } from '../../support/tables.js';

const malformed = ['', ' ', '@@', 'x-invalid-', 'en-', '-en', 'en--US', '12', 'toString', 'constructor', '__proto__', 'en-US-u', '\u0000'];

describe('given a locale to find words for', () => {
  const served: [string | undefined, string][] = [
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-CA', 'en'],
    ['en-GB', 'en'],
    ['es', 'es'],
    ['es-419', 'es'],
    ['es-MX', 'es'],
    ['fr', 'fr'],
    ['fr-CH', 'fr'],
    ['fr-CA', 'fr'],
    ['de-AT', 'de'],
    ['de-CH-1996', 'de'],
    ['it-CH', 'it'],
    ['nl-BE', 'nl'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ja-JP-u-ca-japanese', 'ja'],
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['ar-u-nu-latn', 'ar'],
    // Chinese by script: every tag written in Han Simplified gets the zh-CN catalogue, and
    // Traditional Chinese (Taiwan, Hong Kong, Macau) never does — it reads as another script.
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['cmn', 'zh-CN'], // Intl canonicalizes Mandarin's own code to zh
    ['zh-TW', 'en'],
    ['zh-Hant', 'en'],
    ['zh-HK', 'en'],
    ['zh-MO', 'en'],
    ['zh-Hant-TW', 'en'],
    ['pl', 'pl'],
    ['pl-PL', 'pl'],
    ['he', 'he'],
    ['he-IL', 'he'],
    ['iw', 'he'], // the withdrawn code, which Intl canonicalizes to he
    ['iw-IL', 'he'],
    ['ko', 'en'],
    ['ja-Latn', 'en'], // another script of the language: not the Japanese catalogue
    [undefined, 'en'],
  ];

  it('should serve each locale of the table with its catalogue', () => {
    expect(mismatches(served, messagesLocaleFor)).toEqual([]);
  });

  it('should serve every malformed tag with English, without throwing', () => {
    const answers = (locale: string) => ({
      catalogue: messagesLocaleFor(locale),
      picked: pickMessages(locale, { fr: messagesFr }),
      direction: localeDirection(locale),
      // Intl still gets a locale it has: English, never the runtime's default.
      intl: resolveLocale(locale),
    });
    const english = { catalogue: 'en', picked: undefined, direction: 'ltr', intl: 'en' };
    expect(malformed.filter((locale) => JSON.stringify(answers(locale)) !== JSON.stringify(english)).map((locale) => `${shown(locale)}: ${JSON.stringify(answers(locale))}`)).toEqual([]);
  });

  it('should never throw, and always name a shipped catalogue, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{1,8}){0,3}$/)), (locale) => {
        expect(messagesLocales).toContain(messagesLocaleFor(locale));
        expect(['ltr', 'rtl']).toContain(localeDirection(locale));
        const picked = pickMessages(locale, { fr: messagesFr, ar: messagesAr });
        expect(picked === undefined || picked === messagesFr || picked === messagesAr).toBe(true);
      }),
    );
  });
});

describe('given the catalogue loader', () => {
  const loaded: [string, PaymentsMessages][] = [
    ['en-CA', messagesEn],
    ['es-AR', messagesEs],
    ['fr-CH', messagesFr],
    ['de', messagesDe],
    ['it', messagesIt],
    ['nl-NL', messagesNl],
    ['pt-PT', messagesPtBR],
    ['ja-JP', messagesJa],
    ['ar-SA', messagesAr],
    ['zh', messagesZhCN],
    ['zh-SG', messagesZhCN],
    ['zh-TW', messagesEn],
    ['pl-PL', messagesPl],
    ['he-IL', messagesHe],
    ['iw', messagesHe],
    ['ko', messagesEn],
    ['@@', messagesEn],
    ['', messagesEn],
  ];

  it('should load for each locale of the table the very module a static import gives', async () => {
    const answers = new Map(await Promise.all(loaded.map(async ([locale]) => [locale, await loadMessages(locale)] as const)));
    // A catalogue is named by its locale in the failure, not printed whole.
    const nameOf = (value: string | PaymentsMessages) => (typeof value === 'string' ? shown(value) : (messagesLocales.find((locale) => messagesByLocale[locale] === value) ?? 'another object'));
    expect(mismatches(loaded, (locale) => answers.get(locale)!, nameOf)).toEqual([]);
  });
});

describe('given catalogues the host bundles itself', () => {
  const bundled = { fr: messagesFr, 'pt-BR': messagesPtBR, ar: messagesAr };

  it('should pick the catalogue that serves the locale', () => {
    expect(pickMessages('fr-CH', bundled)).toBe(messagesFr);
    expect(pickMessages('pt', bundled)).toBe(messagesPtBR);
    expect(pickMessages('ar-EG', bundled)).toBe(messagesAr);
  });

  it('should leave the components their English words when none does, or take the host’s en', () => {
    expect(pickMessages('ko', bundled)).toBeUndefined();
    expect(pickMessages('de', bundled)).toBeUndefined();
    expect(pickMessages('ko', { ...bundled, en: messagesEn })).toBe(messagesEn);
  });

  it('should take the host’s own partial catalogues, and never an inherited property', () => {
    const mine = { 'fr-CA': { retry: 'Essayer de nouveau' }, fr: { retry: 'Réessayer' } };
    expect(pickMessages('fr-CA', mine)).toBe(mine['fr-CA']);
    expect(pickMessages('fr-BE', mine)).toBe(mine.fr);
    expect(pickMessages('en', Object.create({ en: messagesEn }) as Record<string, never>)).toBeUndefined();
  });
});

describe('given a set of locales to match against', () => {
  const matches: [[string, string[]], string | undefined][] = [
    ['es-AR', ['es-ES', 'es-MX', 'es'], 'es'],
    ['es-AR', ['es-ES', 'es-MX'], 'es-ES'],
    ['en-GB', ['en', 'en-GB'], 'en-GB'],
    ['en-AU', ['en', 'en-GB'], 'en'],
    ['pt', ['pt-PT', 'pt-BR'], 'pt-BR'],
    ['zh-TW', ['zh'], undefined],
    ['zh-TW', ['zh', 'zh-Hant'], 'zh-Hant'],
    ['sr-Latn', ['sr'], undefined],
    ['iw', ['he'], 'he'],
    ['fr', ['@@', 'fr-CA'], 'fr-CA'],
  ].map(([requested, available, expected]) => [[requested, available], expected] as [[string, string[]], string | undefined]);

  it('should serve each requested locale of the table from the available ones with the best match', () => {
    expect(mismatches(matches, ([requested, available]) => matchLocale(requested, available))).toEqual([]);
  });
});

describe('given a locale to lay out', () => {
  it('should write each locale of the table in its direction', () => {
    const rightToLeft = ['ar', 'ar-EG', 'ar-u-nu-latn', 'he', 'he-IL', 'iw', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'pa-Arab', 'az-Arab', 'ar_SA'];
    const leftToRight = ['en', 'ja', 'zh-Hant', 'zh-CN', 'pl', 'pt-BR', 'ar-Latn', 'az', 'pa', 'tr', undefined];
    const directions = [...rightToLeft.map((locale) => [locale, 'rtl'] as const), ...leftToRight.map((locale) => [locale, 'ltr'] as const)];
    expect(mismatches(directions, localeDirection)).toEqual([]);
  });
});
