/**
 * Every answer of the proxy is JSON that no cache keeps and no browser sniffs into something
 * else (issue: "Every response carries Cache-Control: no-store and X-Content-Type-Options").
 */
export function jsonResponse(status: number, body: string, headers?: Record<string, string>): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}
