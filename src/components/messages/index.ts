// payments-kit/messages: the shipped catalogues, one module each, and the locale helpers.
// Import a catalogue by name (`messagesFr`) and a bundler keeps that one only; or let
// `loadMessages(locale)` fetch the one a page needs as its own chunk.
export { en as messagesEn } from './en.js';
export { es as messagesEs } from './es.js';
export { fr as messagesFr } from './fr.js';
export { de as messagesDe } from './de.js';
export { it as messagesIt } from './it.js';
export { nl as messagesNl } from './nl.js';
export { ptBR as messagesPtBR } from './ptBR.js';
export { ja as messagesJa } from './ja.js';
export { ar as messagesAr } from './ar.js';
export { zhCN as messagesZhCN } from './zhCN.js';
export { pl as messagesPl } from './pl.js';
export { he as messagesHe } from './he.js';
export { messagesByLocale } from './all.js';
export { loadMessages, pickMessages, messagesLocaleFor } from './loadMessages.js';
export { messagesLocales, type MessagesLocale } from './locales.js';
export { localeDirection, matchLocale } from './matchLocale.js';
export type { MessageOverrides, PaymentsMessages, PluralMessage } from './types.js';
