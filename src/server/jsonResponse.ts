/**
 * Key of the text a proxy `Response` was built from. `Symbol.for`, so the node adapter
 * (`toNodeHandler`) reads it without importing this module: it writes that text in one
 * `end()` with a `Content-Length` instead of pumping the body stream (Node 20's web streams
 * cost tens of µs per response). The `Response` itself stays a standard one, body included.
 */
export const RESPONSE_TEXT: unique symbol = Symbol.for('payments-kit.responseText');

/**
 * Every answer of the proxy is JSON that no cache keeps and no browser sniffs into something
 * else (issue: "Every response carries Cache-Control: no-store and X-Content-Type-Options").
 */
export function jsonResponse(status: number, body: string, headers?: Record<string, string>): Response {
  const response = new Response(body, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
  Object.defineProperty(response, RESPONSE_TEXT, { value: body });
  return response;
}
