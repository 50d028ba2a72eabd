'use client';
import { useEffect, useState } from 'react';
import type { ErrorCodeMessages, SharedMessages } from '../messages/types.js';

/**
 * `messages` with the kit's words for the payments API's error codes (docs/api.md#errors) in the
 * language of `locale` (the `lang` the component's root carries), for `ErrorState`: under the
 * host's own `errorTitles` and `errorDescriptions`, so a host's words for a code win. Call it in a
 * view that can meet those codes (a confirm's refusal), which starts loading them, one chunk per
 * language, when it mounts: long before an answer can need them.
 *
 * An error keeps the words there were when it first showed: words that come later (a slow chunk,
 * an error already there at mount) leave it the status's words, so its alert is announced once,
 * and never again with other words. A chunk that fails to load leaves the status's words too.
 */
export function useErrorCodeWords<M extends Pick<SharedMessages, 'errorTitles' | 'errorDescriptions'>>(
  messages: M,
  locale: string,
  error: unknown,
): M {
  // By language: a chunk that comes after the language changed again waits for its turn.
  const [loaded, setLoaded] = useState<Partial<Record<string, ErrorCodeMessages>>>({});
  const [shown, setShown] = useState([error, locale, loaded[locale]] as const);
  // Storing what an earlier render saw (react.dev's "adjusting state when a prop changes"): a new
  // error, or a new language, takes the words there are now.
  if (shown[0] !== error || shown[1] !== locale) setShown([error, locale, loaded[locale]]);
  useEffect(() => {
    import('../messages/errorCodes/loadErrorCodeMessages.js')
      .then((module) => module.loadErrorCodeMessages(locale))
      .then(
        (words) => {
          setLoaded((all) => ({ ...all, [locale]: words }));
        },
        () => undefined,
      );
  }, [locale]);
  const own = shown[2];
  return own
    ? {
        ...messages,
        errorTitles: { ...own.errorTitles, ...messages.errorTitles },
        errorDescriptions: { ...own.errorDescriptions, ...messages.errorDescriptions },
      }
    : messages;
}
