// The proxy's one interface to the payments API. Runtime-neutral: `payments-kit/server`
// implements it with `fetch` (createFetchUpstream), `payments-kit/server/node` with undici.
import type { StopSignal } from '../../api/index.js';

/** One upstream call, built by the proxy from validated pieces only. */
export interface UpstreamRequest {
  /** Absolute URL: the configured base, the operation's path, its own query parameters. */
  url: string;
  method: 'GET' | 'POST';
  /** Exactly the headers to send (lower-case names); the client adds only framing ones. */
  headers: Record<string, string>;
  /** JSON text re-serialised from the validated body, or none. */
  body: string | undefined;
  /**
   * Stops the call: the proxy's deadline (reason: a `TimeoutError` `DOMException`) or the
   * browser going away on a read (another reason). The client must give up at once when it aborts.
   * It has an `AbortSignal`'s `aborted`, `reason` and `abort` listeners, and is made far more
   * cheaply; `toAbortSignal(request.signal)` gives a real one where an API needs it (`fetch`).
   */
  signal: StopSignal;
  /**
   * Whether the call moves money (a confirm). A client may keep such calls apart from reads, so
   * slow or abandoned confirms never hold the connections other users' reads need.
   */
  movesMoney: boolean;
}

/**
 * Why an upstream call gave no usable answer: `timeout` (the deadline aborted it), `aborted`
 * (the browser went away), `network` (refused, reset, DNS, TLS, malformed HTTP), `too_large`
 * (over `maxResponseBytes`; reading stopped), `redirect` (a 3xx: never followed, it could lead
 * the credentials anywhere), `unsupported` (a 1xx, a content coding, bytes that are not UTF-8).
 */
export type UpstreamFailureKind = 'timeout' | 'aborted' | 'network' | 'too_large' | 'redirect' | 'unsupported';

/** What an upstream call gave: an answer with its body read, or a typed failure. */
export type UpstreamResult =
  | {
      ok: true;
      /** 200–599. */
      status: number;
      /** The body as UTF-8 text, read in full (at most the client's `maxResponseBytes`). */
      body: string;
      /** `Retry-After`, as sent, when present. */
      retryAfter: string | undefined;
    }
  | UpstreamFailure;

/** An upstream call that gave no usable answer. */
export interface UpstreamFailure {
  ok: false;
  failure: UpstreamFailureKind;
  /** The answer's status, when there was one (a redirect, an unsupported answer). */
  status?: number | undefined;
  /** The underlying error, for the proxy's `onError` (never sent to the browser). */
  cause?: unknown;
}

/**
 * Sends one request to the payments API and reads its answer. Never follows redirects, never
 * decompresses (it asks for `identity`), never rejects: every failure is an {@link UpstreamResult}
 * with `ok: false`.
 */
export interface UpstreamClient {
  request(request: UpstreamRequest): Promise<UpstreamResult>;
}

/** Every specified response is a small object; a megabyte is far beyond any of them. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/** The failure an aborted call reports: `timeout` when the deadline fired, else `aborted`. */
export function abortFailure(signal: StopSignal, cause: unknown): UpstreamFailure {
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return { ok: false, failure: timedOut ? 'timeout' : 'aborted', cause };
}

/** Whether a `Content-Encoding` value is the identity (absent or `identity`). */
export function isIdentityEncoding(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'identity';
}
