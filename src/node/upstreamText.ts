// The proxy's "read an upstream answer as text" step, as an interface an upstream client may
// offer beside its `fetch` (createNodeFetch does). No node built-ins here: the server layer
// imports this module, and `payments-kit/server` must stay importable on edge runtimes.

/**
 * Key under which a `fetch` function may carry an `UpstreamText` (`Symbol.for`, so a second
 * copy of the kit in a bundle still recognises it).
 */
export const UPSTREAM_TEXT: unique symbol = Symbol.for('payments-kit.upstreamText');

/**
 * What stops a call early: an `AbortSignal`, or any object with the same members (the proxy's
 * Node fast path passes a lighter one, tied to the browser's connection, instead of an
 * `AbortController` per request).
 */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface UpstreamTextRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's signal (the browser went away): the promise rejects with its reason. */
  signal: StopSignal | undefined;
  /** Deadline for the whole exchange, body included: past it the promise rejects with `UpstreamTimeout`. */
  timeoutMs: number;
  /** A body larger than this is not read to its end: the answer is `tooLarge`. */
  maxBytes: number;
}

/** The rejection of an `UpstreamText` call whose deadline passed. */
export class UpstreamTimeout extends Error {
  override readonly name = 'UpstreamTimeout';
}

/**
 * - `text`: the body, as strict UTF-8, read in full (a 2xx or 4xx);
 * - `tooLarge`: the body passed `maxBytes` (reading stopped, the connection was dropped);
 * - neither: the body was not read (a 1xx, 3xx or 5xx answer, which the proxy refuses anyway).
 * A redirect is never followed; a runtime that hides it (an opaque redirect) reports status 0.
 */
export interface UpstreamTextResult {
  status: number;
  text?: string;
  tooLarge?: true;
}

/**
 * Sends one request and reads its answer as `UpstreamTextResult`. Rejects on network failure
 * (a `TypeError`), past the deadline (`UpstreamTimeout`) or when the signal aborts.
 */
export type UpstreamText = (request: UpstreamTextRequest) => Promise<UpstreamTextResult>;

/** Whether the proxy reads the body of an answer with this status (2xx and 4xx only). */
export function readsBody(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500);
}

/** The `UpstreamText` a fetch function carries, if any. */
export function upstreamTextOf(fetch: typeof globalThis.fetch): UpstreamText | undefined {
  const candidate = (fetch as typeof globalThis.fetch & { [UPSTREAM_TEXT]?: unknown })[UPSTREAM_TEXT];
  return typeof candidate === 'function' ? (candidate as UpstreamText) : undefined;
}
