// The words for the payments API's error codes, one chunk per language, keyed by the locale list
// (src/components/messages/locales.ts): a language added there without its chunk here does not
// compile. Read by the catalogue and glossary tables, like the main catalogues.
import type { MessagesLocale } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- ErrorCodeMessages of components/messages/types, which no entry exports
import type { ErrorCodeMessages } from '../../../src/components/messages/types.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesAr of components/messages/errorCodes/ar, which no entry exports
import { errorCodesAr } from '../../../src/components/messages/errorCodes/ar.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesDe of components/messages/errorCodes/de, which no entry exports
import { errorCodesDe } from '../../../src/components/messages/errorCodes/de.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../../src/components/messages/errorCodes/en.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEs of components/messages/errorCodes/es, which no entry exports
import { errorCodesEs } from '../../../src/components/messages/errorCodes/es.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesFr of components/messages/errorCodes/fr, which no entry exports
import { errorCodesFr } from '../../../src/components/messages/errorCodes/fr.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesHe of components/messages/errorCodes/he, which no entry exports
import { errorCodesHe } from '../../../src/components/messages/errorCodes/he.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesIt of components/messages/errorCodes/it, which no entry exports
import { errorCodesIt } from '../../../src/components/messages/errorCodes/it.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesJa of components/messages/errorCodes/ja, which no entry exports
import { errorCodesJa } from '../../../src/components/messages/errorCodes/ja.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesNl of components/messages/errorCodes/nl, which no entry exports
import { errorCodesNl } from '../../../src/components/messages/errorCodes/nl.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesPl of components/messages/errorCodes/pl, which no entry exports
import { errorCodesPl } from '../../../src/components/messages/errorCodes/pl.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesPtBR of components/messages/errorCodes/ptBR, which no entry exports
import { errorCodesPtBR } from '../../../src/components/messages/errorCodes/ptBR.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesZhCN of components/messages/errorCodes/zhCN, which no entry exports
import { errorCodesZhCN } from '../../../src/components/messages/errorCodes/zhCN.js';

export const errorCodesByLocale: Readonly<Record<MessagesLocale, ErrorCodeMessages>> = {
  en: errorCodesEn,
  es: errorCodesEs,
  fr: errorCodesFr,
  de: errorCodesDe,
  it: errorCodesIt,
  nl: errorCodesNl,
  'pt-BR': errorCodesPtBR,
  ja: errorCodesJa,
  ar: errorCodesAr,
  'zh-CN': errorCodesZhCN,
  pl: errorCodesPl,
  he: errorCodesHe,
};
