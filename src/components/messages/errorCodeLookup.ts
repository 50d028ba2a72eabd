import type { ErrorCodeMessages, UpstreamErrorCode } from './types.js';

/**
 * A lookup over a loader of the words: the title and the description of a code in the language
 * an element speaks (the `lang` of its nearest element that has one: a component's root carries
 * its `locale`); nothing for a code without words. Rejects when the loader does.
 */
export const wordsWith =
  (load: (locale: string | undefined) => Promise<ErrorCodeMessages>) =>
  (element: Element | null, code: string): Promise<(string | undefined)[]> =>
    load(element?.closest('[lang]')?.getAttribute('lang') ?? undefined).then((words) => [
      words.errorTitles[code as UpstreamErrorCode],
      words.errorDescriptions[code as UpstreamErrorCode],
    ]);
