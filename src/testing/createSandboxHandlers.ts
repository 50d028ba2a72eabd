import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Sandbox } from './createSandbox.js';

export interface SandboxHandlersOptions {
  /**
   * Where the browser-side fetcher sends requests: the path the merchant's proxy is mounted at.
   * Default `/api/payments` (the default of `createProxyFetcher`). Requests to
   * `…{basePath}/api/v2/…` and `…{basePath}/api/api/…` are answered by the sandbox.
   */
  basePath?: string;
  /** Sees every request as the browser sent it, before anything is changed (for assertions). */
  onRequest?: (request: Request) => void;
}

// Headers a proxy must never pass upstream (the real one is payments-kit/server).
const DROPPED = new Set(['authorization', 'cookie', 'proxy-authorization', 'host', 'connection']);

/**
 * MSW handlers that stand in for the merchant's proxy in front of a sandbox: they take the
 * browser's request to `{basePath}/…`, drop its cookies and credentials, add the sandbox's own
 * Basic credentials and answer from `sandbox.handle`. Statuses pass through unchanged (the real
 * proxy also maps upstream 5xx to 502), and an injected `network` fault becomes a network error.
 *
 * @example
 * const sandbox = createSandbox();
 * const server = setupServer(...createSandboxHandlers(sandbox)); // msw/node
 * const worker = setupWorker(...createSandboxHandlers(sandbox)); // msw/browser
 */
export function createSandboxHandlers(sandbox: Sandbox, options: SandboxHandlersOptions = {}): HttpHandler[] {
  const basePath = (options.basePath ?? '/api/payments').replace(/\/+$/, '');
  return [
    http.all(`*${basePath}/api/*`, async ({ request }) => {
      options.onRequest?.(request);
      const url = new URL(request.url);
      const at = url.pathname.indexOf(`${basePath}/api/`);
      const upstreamUrl = new URL(url.pathname.slice(at + basePath.length) + url.search, url.origin);
      const headers = new Headers();
      request.headers.forEach((value, name) => {
        if (!DROPPED.has(name) && !name.startsWith('x-forwarded-')) headers.set(name, value);
      });
      headers.set('authorization', sandbox.authorization);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const upstream = new Request(upstreamUrl, {
        method: request.method,
        headers,
        signal: request.signal,
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      });
      try {
        return await sandbox.handle(upstream);
      } catch (error) {
        // A network fault, or a hang the caller gave up on: both look like a dropped connection.
        if (error instanceof TypeError || request.signal.aborted) return HttpResponse.error();
        throw error;
      }
    }),
  ];
}
