import { messagesLocaleFor, type MessagesLocale } from '../loadMessages.js';
import type { ErrorCodeMessages } from '../types.js';

/**
 * One dynamic `import()` per language, each with a literal path, so that a bundler puts each
 * language's words for the error codes in a chunk of its own. Keyed by the locale list: a
 * language added there without its words here does not compile.
 */
const importers: { readonly [locale in MessagesLocale]: () => Promise<ErrorCodeMessages> } = {
  en: () => import('./en.js').then((module) => module.errorCodesEn),
  es: () => import('./es.js').then((module) => module.errorCodesEs),
  fr: () => import('./fr.js').then((module) => module.errorCodesFr),
  de: () => import('./de.js').then((module) => module.errorCodesDe),
  it: () => import('./it.js').then((module) => module.errorCodesIt),
  nl: () => import('./nl.js').then((module) => module.errorCodesNl),
  'pt-BR': () => import('./ptBR.js').then((module) => module.errorCodesPtBR),
  ja: () => import('./ja.js').then((module) => module.errorCodesJa),
  ar: () => import('./ar.js').then((module) => module.errorCodesAr),
  'zh-CN': () => import('./zhCN.js').then((module) => module.errorCodesZhCN),
  pl: () => import('./pl.js').then((module) => module.errorCodesPl),
  he: () => import('./he.js').then((module) => module.errorCodesHe),
};

/**
 * The words for the payments API's error codes in the language that serves `locale`
 * (`messagesLocaleFor`), for `useErrorCodeWords`, which imports this module when a view that can
 * meet those codes mounts. Rejects when the chunk fails to load.
 */
export function loadErrorCodeMessages(locale: string | undefined): Promise<ErrorCodeMessages> {
  return importers[messagesLocaleFor(locale)]();
}
