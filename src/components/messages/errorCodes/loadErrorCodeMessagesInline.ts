import { messagesLocaleFor } from '../locales.js';
import { errorCodesEn } from './en.js';
import { wordsWith } from '../errorCodeLookup.js';

/**
 * `errorCodeWords` for a build of one file (vite.standalone.config.ts): it carries the English
 * words only, since every language inside would weigh more than all its other words. Another
 * language keeps the words of the error's status, or the host's own (`errorTitles` and
 * `errorDescriptions` by code).
 */
export const errorCodeWords = wordsWith((locale) => Promise.resolve(messagesLocaleFor(locale) === 'en' ? errorCodesEn : undefined));
