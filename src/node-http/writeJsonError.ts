import type { ServerResponse } from 'node:http';
import { JSON_ANSWER_HEADERS, PaymentsError } from '../api/index.js';

/** The kit's error shape (docs/api.md#errors) as JSON text, for an answer the Node adapters give themselves. */
function errorJson(status: number, code: string, message: string): string {
  return JSON.stringify(new PaymentsError({ kind: status === 400 ? 'invalid_request' : 'http', status, code, message }).toJSON());
}

/**
 * Writes the kit's error shape with the JSON answer headers, for answers the Node adapters give
 * before or instead of a handler: a method fetch cannot carry, a handler that failed.
 */
export function writeJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = errorJson(status, code, message);
  res.writeHead(status, { ...JSON_ANSWER_HEADERS, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The same answer as raw HTTP/1.1 bytes that close the connection, for a socket node:http made no response for. */
export function jsonErrorBytes(status: number, reason: string, code: string, message: string): string {
  const body = errorJson(status, code, message);
  const head = Object.entries({ ...JSON_ANSWER_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`;
}
