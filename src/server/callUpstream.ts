import { isEnvelopeRefusal, type OperationDefinition } from '../api/index.js';
import {
  UpstreamTimeout,
  readsBody,
  upstreamTextOf,
  type UpstreamText,
  type UpstreamTextRequest,
  type UpstreamTextResult,
} from '../node/upstreamText.js';
import { proxyError } from './proxyError.js';

/** What the proxy sends back for an upstream answer it accepted: a status and JSON text. */
export interface UpstreamResult {
  status: number;
  body: string;
}

/**
 * The proxy's upstream client as a text step: the one a `fetch` carries (createNodeFetch does:
 * no Response, no web stream, no AbortController in between), else one over that `fetch`.
 */
export function upstreamTextFor(fetch: typeof globalThis.fetch): UpstreamText {
  return upstreamTextOf(fetch) ?? viaFetch(fetch);
}

/**
 * Calls the payments API once and maps its answer onto the table: a redirect is not
 * followed (502), a timeout aborts the call (504), a network failure or a body that is not
 * JSON is a 502, a 4xx keeps its status, a 5xx becomes 502. A 2xx body must also match the
 * operation's response schema (see `createProxyCore` on why); it is forwarded as received.
 *
 * `secrets` are strings an upstream message must never carry to the browser (the credentials);
 * `request.maxBytes` bounds the upstream body (larger is refused, 502, not buffered without end).
 */
export async function callUpstream(
  send: UpstreamText,
  operation: OperationDefinition,
  request: UpstreamTextRequest,
  secrets: readonly string[],
): Promise<UpstreamResult> {
  const name = operation.name;
  let answer: UpstreamTextResult;
  try {
    answer = await send(request);
  } catch (error) {
    throw error instanceof UpstreamTimeout
      ? proxyError(504, 'upstream_timeout', `The payments API did not answer ${name} within ${request.timeoutMs} ms.`, name, error)
      : proxyError(502, 'upstream_error', `The payments API could not be reached for ${name}.`, name, error);
  }
  const { status, text } = answer;
  // Browsers and some runtimes give a `manual` redirect as an opaque response of status 0.
  if ((status >= 300 && status < 400) || status < 200) {
    throw proxyError(502, 'upstream_redirect', `The payments API answered ${name} with a redirect, which the proxy does not follow.`, name);
  }
  if (status >= 500) {
    throw proxyError(502, 'upstream_error', `The payments API failed to answer ${name} (status ${status}).`, name);
  }
  if (answer.tooLarge || text === undefined) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with a body larger than ${request.maxBytes} bytes.`, name);
  }
  if (status >= 400) {
    const message = upstreamMessage(text, secrets);
    throw proxyError(
      status,
      status === 404 ? 'not_found' : 'upstream_rejected',
      message ?? `The payments API refused ${name} (status ${status}).`,
      name,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with a body that is not JSON.`, name, error);
  }
  // The legacy envelope's refusal (`{ success: false }`) is a well-formed answer: it goes to the
  // browser as sent, and the client turns it into an error there.
  if (isEnvelopeRefusal(operation, value)) return { status, body: text };
  const checked = operation.response.safeParse(value);
  if (!checked.success) {
    throw proxyError(502, 'upstream_invalid_response', `The payments API answered ${name} with an unexpected shape.`, name, checked.error);
  }
  return { status, body: text };
}

/**
 * The text step over any `fetch`. Redirects are not followed (issue: "Do not follow upstream
 * redirects (502)": a redirect could lead the credentials-bearing request anywhere).
 */
function viaFetch(fetch: typeof globalThis.fetch): UpstreamText {
  return async (request) => {
    // One controller aborted by the deadline or by the caller's signal. (Not `AbortSignal.any`:
    // on Node 20 it costs ~30 µs a call and keeps a weak reference per call on the source.)
    const controller = new AbortController();
    const { signal } = controller;
    const deadline = { passed: false };
    const timer = setTimeout(() => {
      deadline.passed = true;
      controller.abort(new UpstreamTimeout(`No answer within ${request.timeoutMs} ms.`));
    }, request.timeoutMs);
    const outer = request.signal;
    const relay = () => {
      controller.abort(outer?.reason);
    };
    if (outer?.aborted) relay();
    else outer?.addEventListener('abort', relay, { once: true });
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
      });
      // An opaque redirect has status 0: reported as such, and refused by the caller.
      const status = response.type === 'opaqueredirect' ? 0 : response.status;
      if (!readsBody(status)) {
        discard(response);
        return { status };
      }
      try {
        return { status, text: await readText(response, request.maxBytes, signal) };
      } catch (error) {
        if (error instanceof ResponseTooLarge) return { status, tooLarge: true };
        throw error;
      }
    } catch (error) {
      if (deadline.passed) throw new UpstreamTimeout(`No answer within ${request.timeoutMs} ms.`, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', relay);
    }
  };
}

class ResponseTooLarge extends Error {}

/**
 * Reads the body within the deadline even when the injected `fetch` does not tie its body
 * stream to the signal: each read races the abort.
 */
async function readText(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => {
      reject(new Error('upstream body aborted'));
    };
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new ResponseTooLarge();
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * Upstream's own words for a 4xx, only when they are a short plain sentence: no control
 * characters, no markup, no URL, none of the credentials (the brief allows "a short plain string").
 */
function upstreamMessage(text: string, secrets: readonly string[]): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const candidate = pickMessage(value);
  if (candidate === undefined) return undefined;
  if (!/^[\x20-\x7E]{1,200}$/.test(candidate)) return undefined;
  if (/[<>{}]|:\/\/|\bbasic\s/i.test(candidate)) return undefined;
  if (secrets.some((secret) => candidate.includes(secret))) return undefined;
  return candidate;
}

function pickMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.error === 'object' && record.error !== null) {
    const inner = (record.error as Record<string, unknown>).message;
    if (typeof inner === 'string') return inner;
  }
  return undefined;
}
