import { ar } from './ar.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';
import { it } from './it.js';
import { ja } from './ja.js';
import type { MessagesLocale } from './locales.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './ptBR.js';
import type { PaymentsMessages } from './types.js';
import { zhCN } from './zhCN.js';

/**
 * Every shipped catalogue, by the locale it is for — all twelve in the bundle (the size is in
 * `.size-limit.mjs`), for an app that would rather not load them: `pickMessages(locale, messagesByLocale)`.
 * Import single catalogues (`messagesFr`) or `loadMessages` to carry fewer.
 */
// Keyed by the locale list (locales.ts): a language added there without its catalogue here does not compile.
export const messagesByLocale: Readonly<Record<MessagesLocale, PaymentsMessages>> = {
  en,
  es,
  fr,
  de,
  it,
  nl,
  'pt-BR': ptBR,
  ja,
  ar,
  'zh-CN': zhCN,
  pl,
  he,
};
