import { en } from './en.js';
import { messagesLocales, type MessagesLocale } from './locales.js';
import { matchLocale } from './matchLocale.js';
import type { MessageOverrides, PaymentsMessages } from './types.js';

export { messagesLocales, type MessagesLocale };

/**
 * One dynamic `import()` per catalogue, each with a literal path, so that a bundler puts every
 * catalogue in a chunk of its own and a page downloads only the one it asks for. Keyed by the
 * locale list: a language added there without its importer here does not compile.
 */
const importers: { readonly [locale in Exclude<MessagesLocale, 'en'>]: () => Promise<PaymentsMessages> } = {
  es: () => import('./es.js').then((module) => module.es),
  fr: () => import('./fr.js').then((module) => module.fr),
  de: () => import('./de.js').then((module) => module.de),
  it: () => import('./it.js').then((module) => module.it),
  nl: () => import('./nl.js').then((module) => module.nl),
  'pt-BR': () => import('./ptBR.js').then((module) => module.ptBR),
  ja: () => import('./ja.js').then((module) => module.ja),
  ar: () => import('./ar.js').then((module) => module.ar),
  'zh-CN': () => import('./zhCN.js').then((module) => module.zhCN),
  pl: () => import('./pl.js').then((module) => module.pl),
  he: () => import('./he.js').then((module) => module.he),
};

/**
 * The shipped catalogue that serves `locale` (see `matchLocale`): `fr-CH` → `fr`, `pt` and
 * `pt-PT` → `pt-BR`, `en-CA` → `en`, `zh` and `zh-SG` → `zh-CN` (Simplified), `iw` → `he`; a
 * language or script without a catalogue (`ko`, Traditional Chinese `zh-TW`) or a malformed tag
 * (`''`, `'@@'`) → `en`. Never throws.
 */
export function messagesLocaleFor(locale: string | undefined): MessagesLocale {
  return (matchLocale(locale, messagesLocales) as MessagesLocale | undefined) ?? 'en';
}

/**
 * The words for `locale`, whole: imports only the catalogue that serves it (`messagesLocaleFor`),
 * English for a language the kit has no words for. Never rejects: a catalogue that fails to load
 * (the network dropped its chunk) gives English too, so the page still has every string. Pass
 * the same `locale` to the provider, so money and dates follow the tag asked for (`fr-CH`,
 * `zh-SG`) while the words come from the nearest catalogue.
 *
 * @example
 * const messages = await loadMessages(locale);
 * <PaymentsProvider locale={locale} messages={messages}>…</PaymentsProvider>
 */
export async function loadMessages(locale: string | undefined): Promise<PaymentsMessages> {
  const match = messagesLocaleFor(locale);
  if (match === 'en') return en;
  try {
    return await importers[match]();
  } catch {
    return en;
  }
}

/**
 * Synchronous choice among catalogues the host bundles itself: the entry of `catalogues` that
 * best serves `locale` (`matchLocale` over its keys), else its `en` entry, else undefined — which,
 * given as `messages`, leaves the components their own English words. Never throws.
 *
 * @example
 * const messages = pickMessages(locale, { fr: messagesFr, 'pt-BR': messagesPtBR, ar: messagesAr });
 * <PaymentsProvider locale={locale} messages={messages}>…</PaymentsProvider>
 */
export function pickMessages<M extends MessageOverrides>(
  locale: string | undefined,
  catalogues: Readonly<Partial<Record<string, M>>>,
): M | undefined {
  const key = matchLocale(locale, Object.keys(catalogues)) ?? 'en';
  return Object.hasOwn(catalogues, key) ? catalogues[key] : undefined;
}
