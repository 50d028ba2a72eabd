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
