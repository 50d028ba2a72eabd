// The words for the payments API's error codes, one chunk per language, keyed by the locale list
// (src/components/messages/locales.ts): a language added there without its chunk here does not
// compile. Read by the catalogue and glossary tables, like the main catalogues.
import type { MessagesLocale } from 'payments-kit/messages';
import type { ErrorCodeMessages } from '../../../src/components/messages/types.js';
import { errorCodesAr } from '../../../src/components/messages/errorCodes/ar.js';
import { errorCodesDe } from '../../../src/components/messages/errorCodes/de.js';
import { errorCodesEn } from '../../../src/components/messages/errorCodes/en.js';
import { errorCodesEs } from '../../../src/components/messages/errorCodes/es.js';
import { errorCodesFr } from '../../../src/components/messages/errorCodes/fr.js';
import { errorCodesHe } from '../../../src/components/messages/errorCodes/he.js';
import { errorCodesIt } from '../../../src/components/messages/errorCodes/it.js';
import { errorCodesJa } from '../../../src/components/messages/errorCodes/ja.js';
import { errorCodesNl } from '../../../src/components/messages/errorCodes/nl.js';
import { errorCodesPl } from '../../../src/components/messages/errorCodes/pl.js';
import { errorCodesPtBR } from '../../../src/components/messages/errorCodes/ptBR.js';
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
