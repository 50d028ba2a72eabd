import { JSON_ANSWER_HEADERS } from '../api/index.js';

/** A proxy answer as a `Response`, with the JSON answer headers and `headers`. */
export function jsonResponse(status: number, body: string, headers?: Record<string, string>): Response {
  // A 204 (a CORS preflight's answer) may carry no body, not even an empty one.
  return new Response(status === 204 ? null : body, { status, headers: { ...JSON_ANSWER_HEADERS, ...headers } });
}
