import type { ProxyIncoming } from './ProxyIncoming.js';
import { proxyError } from '../proxyError.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads a POST body as JSON, refusing before parsing (docs/server.md#what-it-forwards-and-what-it-refuses): a content type other
 * than JSON (415), more than `maxBytes` (413, checked on `Content-Length` first and then while
 * reading, since a chunked body has no length), bytes that are not UTF-8 or not JSON (400).
 */
export async function readJsonBody(incoming: ProxyIncoming, maxBytes: number, operation: string): Promise<unknown> {
  if (!isJsonContentType(incoming.header('content-type'))) {
    throw proxyError(415, 'unsupported_media_type', `${operation} takes a JSON body: send Content-Type: application/json.`, operation);
  }
  const tooLarge = () =>
    proxyError(413, 'body_too_large', `The body of ${operation} is larger than ${maxBytes} bytes.`, operation);
  const declared = incoming.header('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw tooLarge();

  let bytes: Uint8Array | undefined;
  try {
    // Stops reading past `maxBytes`: the rest of the body is not wanted (the node adapters
    // discard it after the answer, up to a limit, so the connection stays usable).
    bytes = await incoming.readBody(maxBytes);
  } catch (error) {
    throw proxyError(400, 'invalid_request', `The body of ${operation} could not be read.`, operation, error);
  }
  if (bytes === undefined) throw tooLarge();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    throw proxyError(400, 'invalid_request', `The body of ${operation} is not UTF-8 text.`, operation, error);
  }
  if (text.trim() === '') {
    throw proxyError(400, 'invalid_request', `${operation} needs a JSON body; the body is empty.`, operation);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw proxyError(400, 'invalid_request', `The body of ${operation} is not valid JSON.`, operation, error);
  }
}

/** `application/json`, optionally with `charset=utf-8` (JSON between systems is UTF-8). */
function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const [type, ...params] = value.split(';');
  if (type?.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const [name, rawValue = ''] = param.split('=');
    if (name?.trim().toLowerCase() !== 'charset') return true;
    return rawValue.trim().replace(/^"|"$/g, '').toLowerCase() === 'utf-8';
  });
}
