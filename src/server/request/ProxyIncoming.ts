import type { StopSignal } from '../../api/index.js';

/**
 * One request as the proxy reads it, whatever carried it: a fetch `Request` (`payments-kit/server`)
 * or node:http's request and response (the Node path of `payments-kit/server/node`). Both give
 * the same values, so every rule applies the same way to both.
 */
export interface ProxyIncoming {
  readonly method: string;
  /** The request's absolute URL; only its path (still percent-encoded) and query are read. */
  readonly url: URL;
  /** A request header, every value of it joined by ", " (as `Headers.get`), or null. */
  header(name: string): string | null;
  /**
   * The body, at most `maxBytes`: resolves `undefined` when it is larger (reading stops there),
   * rejects when it cannot be read.
   */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>;
  /** Aborts when the browser goes away. */
  readonly signal: StopSignal;
  /** The request as a fetch `Request`, for the hooks (on the Node path, built on first use). */
  readonly request: Request;
  /** The connection's remote address, where the transport knows it (node:http does). */
  readonly clientAddress?: string | undefined;
}
