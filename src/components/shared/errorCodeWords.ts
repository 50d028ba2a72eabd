import type { ErrorCodeMessages, SharedMessages } from '../messages/types.js';

type WithCodeWords = Pick<SharedMessages, 'errorTitles' | 'errorDescriptions'>;

/**
 * `messages` with the kit's words for the payments API's error codes (docs/api.md#errors) under
 * the host's own `errorTitles` and `errorDescriptions`, so a host's words for a code win, field
 * by field. Without `own`, `messages` as they are.
 */
export const mergeErrorCodeWords = <M extends WithCodeWords>(messages: M, own: ErrorCodeMessages | undefined): M =>
  own
    ? {
        ...messages,
        errorTitles: { ...own.errorTitles, ...messages.errorTitles },
        errorDescriptions: { ...own.errorDescriptions, ...messages.errorDescriptions },
      }
    : messages;

/**
 * The words {@link loadErrorCodeWords} has loaded, by locale, for the page: words, not anyone's
 * data, so they outlive a user change.
 */
export const loadedErrorCodeWords: Partial<Record<string, ErrorCodeMessages>> = {};

/**
 * Loads the words for the language of `locale`, one chunk per language, into
 * {@link loadedErrorCodeWords}. Always resolves, to the words or, when their chunk failed to load,
 * to `undefined`: the status's words stay, and the next call tries again.
 */
export const loadErrorCodeWords = (locale: string): Promise<ErrorCodeMessages | undefined> =>
  import('../messages/errorCodes/loadErrorCodeMessages.js')
    .then((module) => module.loadErrorCodeMessages(locale))
    .then(
      (words) => (loadedErrorCodeWords[locale] = words),
      () => undefined,
    );
