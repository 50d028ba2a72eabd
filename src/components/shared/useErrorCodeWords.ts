'use client';
import { useEffect, useState } from 'react';
import type { SharedMessages } from '../messages/types.js';
import { loadErrorCodeWords, loadedErrorCodeWords, mergeErrorCodeWords } from './errorCodeWords.js';

/**
 * `messages` with the kit's words for the payments API's error codes (docs/api.md#errors) in the
 * language of `locale` (the `lang` the component's root carries), for `ErrorState`: under the
 * host's own `errorTitles` and `errorDescriptions`, so a host's words for a code win. Call it in a
 * view that can meet those codes (a confirm's refusal), which starts loading them, one chunk per
 * language, when it mounts: long before an answer can need them.
 */
export function useErrorCodeWords<M extends Pick<SharedMessages, 'errorTitles' | 'errorDescriptions'>>(
  messages: M,
  locale: string,
  error: unknown,
): M {
  useEffect(() => void loadErrorCodeWords(locale), [locale]);
  return useShownErrorCodeWords(messages, locale, error);
}

/**
 * {@link useErrorCodeWords} for a view that loads the words itself (`loadErrorCodeWords`), as
 * FlowLauncher does with each flow's creation.
 *
 * An error keeps the words the page had when it first showed: words that come later (a slow
 * chunk, an error already there at mount before anything loaded them) leave it the status's
 * words, so its alert is announced once, and never again with other words. A chunk that fails to
 * load leaves the status's words too.
 */
export function useShownErrorCodeWords<M extends Pick<SharedMessages, 'errorTitles' | 'errorDescriptions'>>(
  messages: M,
  locale: string,
  error: unknown,
): M {
  const [shown, setShown] = useState([error, locale, loadedErrorCodeWords[locale]] as const);
  // Storing what an earlier render saw (react.dev's "adjusting state when a prop changes"): a new
  // error, or a new language, takes the words the page has now.
  if (shown[0] !== error || shown[1] !== locale) setShown([error, locale, loadedErrorCodeWords[locale]]);
  return mergeErrorCodeWords(messages, shown[2]);
}
