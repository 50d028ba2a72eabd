/**
 * The headers of every answer the proxy writes (docs/api.md#errors): JSON that no cache keeps
 * and no browser sniffs into something else. Part of the contract, so the proxy core, its Node
 * path and the Node adapters' own error answers all write the same ones.
 */
export const JSON_ANSWER_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The header by which the kit's proxy says it checked an answer against the operations table and
 * sends it as the schemas read it (amounts as numbers, tolerant fields settled), so the browser
 * need not check it again (docs/server.md#what-it-forwards-and-what-it-refuses). Its value is
 * the version of that reading: a page takes the answer unchecked only for a version it knows, and
 * checks any other answer itself, so a page and a proxy of different releases still agree.
 */
export const ANSWER_CHECKED_HEADER = 'payments-answer-checked';
/** The version of the proxy's reading of answers this release writes and trusts. */
export const ANSWER_CHECKED_VERSION = '1';

/** Whether an answer's headers say the kit's proxy checked it, with a reading this release knows. */
export function isCheckedAnswer(headers: Pick<Headers, 'get'>): boolean {
  return headers.get(ANSWER_CHECKED_HEADER) === ANSWER_CHECKED_VERSION;
}
