/**
 * The languages the kit ships words for, by BCP 47 tag. Each has its catalogue in the module named
 * by the tag without its hyphen (`pt-BR`: `ptBR.ts`, exporting `ptBR`), exported from
 * `payments-kit/messages` as `messages` and that name capitalised (`messagesPtBR`), and built as a
 * file of its own under the tag (`dist/messages/pt-BR.js`).
 */
export const messagesLocales = ['en', 'es', 'fr', 'de', 'it', 'nl', 'pt-BR', 'ja', 'ar', 'zh-CN', 'pl', 'he'] as const;

/** A language the kit ships words for. */
export type MessagesLocale = (typeof messagesLocales)[number];
