import { PaymentsError } from '../api/index.js';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(status: number, code: string, message: string, operation?: string, headers?: Record<string, string>): Response {
  return json(new PaymentsError({ kind: 'http', status, code, message, operation }).toJSON(), status, headers);
}

/**
 * Error answers as the payments API documents them (docs/api.md#errors), for the fault
 * `api-error`: the body `{ success: false, message, error_code }` of a refused call, with its
 * documented codes and words, and the 403 `{ success: false, message }`. The API documents
 * `error_code` on its 400 answer only, so the busy answer is a 400 too.
 */
export const apiErrors = {
  'insufficient-funds': {
    status: 400,
    body: { success: false, message: 'Not enough funds in wallet', error_code: 'transaction-insufficient-funds' },
  },
  busy: {
    status: 400,
    body: {
      success: false,
      message: 'This is unavailable because one or more previous requests are still being processed.',
      error_code: 'resource-busy',
    },
  },
  'invalid-input': { status: 400, body: { success: false, message: 'Missing parameter', error_code: 'invalid-input' } },
  unauthorized: { status: 403, body: { success: false, message: 'Resource not found or unauthorized' } },
} as const;

/** Which documented error answer the fault `api-error` gives. */
export type ApiErrorName = keyof typeof apiErrors;
