/**
 * Key of the text a proxy `Response` was built from. `Symbol.for`, so the node adapter
 * (`toNodeHandler`) reads it without importing this module: it writes that text in one
 * `end()` with a `Content-Length` instead of pumping the body stream (Node 20's web streams
 * cost tens of µs per response). The `Response` itself stays a standard one, body included.
 */
export const RESPONSE_TEXT: unique symbol = Symbol.for('payments-kit.responseText');

/**
 * The headers of every answer of the proxy: JSON that no cache keeps and no browser sniffs into
 * something else (issue: "Every response carries Cache-Control: no-store and
 * X-Content-Type-Options"). The Node path writes the same ones.
 */
export const JSON_ANSWER_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** A proxy answer as a `Response`, with {@link JSON_ANSWER_HEADERS} and `headers`. */
export function jsonResponse(status: number, body: string, headers?: Record<string, string>): Response {
  const response = new Response(body, { status, headers: { ...JSON_ANSWER_HEADERS, ...headers } });
  Object.defineProperty(response, RESPONSE_TEXT, { value: body });
  return response;
}
