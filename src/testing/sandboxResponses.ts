import { PaymentsError } from '../api/index.js';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(status: number, code: string, message: string, operation?: string, headers?: Record<string, string>): Response {
  return json(new PaymentsError({ kind: 'http', status, code, message, operation }).toJSON(), status, headers);
}
