import { messagesLocaleFor } from '../loadMessages.js';
import type { ErrorCodeMessages } from '../types.js';
import { errorCodesEn } from './en.js';

/**
 * `loadErrorCodeMessages` for a build of one file (vite.standalone.config.ts), which has no chunks
 * to load: the English words only, inside it, since the twelve languages would weigh more than
 * the rest of its words. Another language rejects, so its errors keep the words of their status,
 * or the host's own words for the code (`errorTitles` and `errorDescriptions` by code).
 */
export function loadErrorCodeMessages(locale: string | undefined): Promise<ErrorCodeMessages> {
  return messagesLocaleFor(locale) === 'en'
    ? Promise.resolve(errorCodesEn)
    : Promise.reject(new Error(`The one-file build carries the error codes' words in English only, not for ${String(locale)}.`));
}
