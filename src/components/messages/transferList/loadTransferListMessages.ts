import { messagesLocales, type MessagesLocale } from '../locales.js';
import { matchLocale } from '../matchLocale.js';
import { transferListEn } from './en.js';
import type { TransferListMessages } from './types.js';

/**
 * One dynamic `import()` per language, each with a literal path, so that a bundler puts each
 * catalogue of the list's words in a chunk of its own and a page downloads only the one it needs.
 */
const importers: { readonly [locale in Exclude<MessagesLocale, 'en'>]: () => Promise<TransferListMessages> } = {
  es: () => import('./es.js').then((module) => module.transferListEs),
  fr: () => import('./fr.js').then((module) => module.transferListFr),
  de: () => import('./de.js').then((module) => module.transferListDe),
  it: () => import('./it.js').then((module) => module.transferListIt),
  nl: () => import('./nl.js').then((module) => module.transferListNl),
  'pt-BR': () => import('./ptBR.js').then((module) => module.transferListPtBR),
  ja: () => import('./ja.js').then((module) => module.transferListJa),
  ar: () => import('./ar.js').then((module) => module.transferListAr),
  'zh-CN': () => import('./zhCN.js').then((module) => module.transferListZhCN),
  pl: () => import('./pl.js').then((module) => module.transferListPl),
  he: () => import('./he.js').then((module) => module.transferListHe),
};

/**
 * `TransferList`'s own words for `locale`, matched as `loadMessages` matches the kit's catalogues
 * (`fr-CH` → French, a language without a catalogue → English). Never rejects: a chunk that fails
 * to load gives English. Give the result to the list with the main catalogue's words:
 *
 * @example
 * const [messages, listWords] = await Promise.all([loadMessages(locale), loadTransferListMessages(locale)]);
 * <PaymentsProvider locale={locale} messages={messages}><TransferList messages={listWords} /></PaymentsProvider>
 */
export async function loadTransferListMessages(locale: string | undefined): Promise<TransferListMessages> {
  // Matched here rather than with `messagesLocaleFor`, whose module imports every main catalogue.
  const match = (matchLocale(locale, messagesLocales) as MessagesLocale | undefined) ?? 'en';
  if (match === 'en') return transferListEn;
  try {
    return await importers[match]();
  } catch {
    return transferListEn;
  }
}
