/**
 * The answers a fetcher received from the kit's proxy with its "checked" header
 * (`ANSWER_CHECKED_HEADER`, a version this release knows): `callOperation` hands them on without
 * checking them again. Only `createProxyFetcher` adds to it; an answer a host's fetcher builds or
 * changes is not in it, and is checked in the browser.
 */
export const checkedAnswers = new WeakSet<object>();
