import { JSON_ANSWER_HEADERS } from '../api/index.js';

/** A proxy answer as a `Response`, with the JSON answer headers and `headers`. */
export function jsonResponse(status: number, body: string, headers?: Record<string, string>): Response {
  return new Response(body, { status, headers: { ...JSON_ANSWER_HEADERS, ...headers } });
}
