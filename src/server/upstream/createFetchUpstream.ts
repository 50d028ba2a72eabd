import { toAbortSignal, type StopSignal } from '../../api/index.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  abortFailure,
  isIdentityEncoding,
  type UpstreamClient,
  type UpstreamFailure,
  type UpstreamResult,
} from './UpstreamClient.js';
import { readStream } from '../request/readStream.js';

export interface FetchUpstreamOptions {
  /** The `fetch` to call. Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Larger answers are refused (502) and not read further. Default `1024 * 1024` bytes. */
  maxResponseBytes?: number;
}

/**
 * The proxy's upstream client on `fetch`: the default of `payments-kit/server`, for edge runtimes
 * and any runtime with a standard `fetch`.
 *
 * `redirect: 'manual'` (a 3xx, or a runtime's opaque redirect, is the `redirect` failure), the
 * answer's body read within the signal even when the given `fetch` does not tie its body to it,
 * at most `maxResponseBytes`, as strict UTF-8. `fetch` may decompress by itself; an answer that
 * came with a content coding is refused all the same (the proxy asks for `identity`), so both
 * clients answer alike.
 */
export function createFetchUpstream(options: FetchUpstreamOptions = {}): UpstreamClient {
  const fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    async request(request) {
      const { signal } = request;
      let response: Response;
      try {
        response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
          signal: toAbortSignal(signal),
        });
      } catch (error) {
        return callFailure(signal, error);
      }
      const status = response.type === 'opaqueredirect' ? 0 : response.status;
      const refuse = (failure: 'redirect' | 'unsupported'): UpstreamResult => {
        response.body?.cancel().catch(() => undefined);
        return { ok: false, failure, status };
      };
      if (status === 0 || (status >= 300 && status < 400)) return refuse('redirect');
      if (status < 200 || status > 599) return refuse('unsupported');
      if (!isIdentityEncoding(response.headers.get('content-encoding'))) return refuse('unsupported');
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        response.body?.cancel().catch(() => undefined);
        return { ok: false, failure: 'too_large', status };
      }
      const read = await readText(response, maxBytes, signal);
      if (typeof read !== 'string') return { ...read, status };
      return { ok: true, status, body: read, retryAfter: response.headers.get('retry-after') ?? undefined };
    },
  };
}

/**
 * Why a call gave no answer to read: the signal's reason (`timeout`, `aborted`); `unsupported`
 * when the answer was a 1xx that undici (inside Node's `fetch` too) refuses as a socket error — a
 * 101 to a request that asked for no upgrade ("bad upgrade"), a 100 to one that sent no
 * `Expect` ("bad response") — so that it maps as every 1xx does (502 `upstream_invalid_response`);
 * else `network`.
 */
export function callFailure(signal: StopSignal, error: unknown): UpstreamFailure {
  if (signal.aborted) return abortFailure(signal, error);
  // Node's `fetch` throws `TypeError('fetch failed')` with undici's error as its cause.
  const inner: unknown = error instanceof TypeError && error.cause !== undefined ? error.cause : error;
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  const informational = code === 'UND_ERR_SOCKET' && (message === 'bad upgrade' || message === 'bad response');
  return { ok: false, failure: informational ? 'unsupported' : 'network', cause: error };
}

/** The body as strict UTF-8, at most `maxBytes`, given up as soon as `signal` aborts. */
async function readText(response: Response, maxBytes: number, signal: StopSignal): Promise<string | UpstreamFailure> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readStream(response.body, maxBytes, signal);
  } catch (error) {
    return signal.aborted ? abortFailure(signal, error) : { ok: false, failure: 'network', cause: error };
  }
  if (!bytes) return { ok: false, failure: 'too_large' };
  try {
    return utf8.decode(bytes);
  } catch (error) {
    return { ok: false, failure: 'unsupported', cause: error }; // not UTF-8
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
