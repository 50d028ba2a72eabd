// Shared by the server tests: the sandbox served on 127.0.0.1 as the upstream, the proxy served
// in front of it, and a raw node:http client that sends a request target byte for byte (fetch
// would normalise `..`, `%2e` and `\` before they ever reached the proxy).
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
// eslint-disable-next-line no-restricted-imports -- paymentsErrorBodySchema of api/index, which no entry exports
import { paymentsErrorBodySchema } from '../../src/api/index.js';
import { serve, type RunningServer, createPaymentsProxy as createNodePaymentsProxy } from 'payments-kit/server/node';
import { createPaymentsProxy, type PaymentsProxy, type PaymentsProxyOptions } from 'payments-kit/server';
import { createSandbox, type Sandbox } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { serverEntries } from '../matrix.js';

/**
 * Opens a proxy to every caller. The proxy is closed by default; tests of its other rules open
 * it explicitly (payment sessions and origins have tests of their own: sessions.node.test.ts).
 */
export const allowAll = (): boolean => true;

export interface Stack {
  sandbox: Sandbox;
  upstream: SandboxServer;
  proxy: PaymentsProxy;
  server: RunningServer;
  /** The proxy's origin followed by its base path, e.g. `http://127.0.0.1:4321/api/payments`. */
  base: string;
  close: () => Promise<void>;
}

/**
 * Which `createPaymentsProxy` serves the stack (through the kit's one `serve`):
 * - `fetch`: payments-kit/server's, a fetch handler the plain adapter serves with `Request` and
 *   `Response` (as on edge runtimes), its default upstream client `createFetchUpstream()`;
 * - `node`: payments-kit/server/node's, which carries its Node path (no `Request`, `Response` or
 *   web streams), its default upstream client a shared `createUndiciUpstream()`.
 */
export type Entry = 'fetch' | 'node';

const entryNames: Record<Entry, string> = {
  fetch: 'payments-kit/server (fetch handler)',
  node: 'payments-kit/server/node (Node path)',
};

/** The entries a transport's behaviour runs on: both (test/matrix.ts). */
export const entries: [string, Entry][] = serverEntries.transport.map((entry) => [entryNames[entry], entry]);

/** The entries a behaviour of the proxy's core runs on: the one its transport cannot change (test/matrix.ts). */
export const coreEntries: [string, Entry][] = serverEntries.core.map((entry) => [entryNames[entry], entry]);

/** The sandbox on real loopback HTTP, and the proxy on real loopback HTTP in front of it. */
export async function startStack(options: Partial<PaymentsProxyOptions> = {}, entry: Entry = 'fetch'): Promise<Stack> {
  const sandbox = createSandbox();
  const upstream = await startSandboxServer({ sandbox });
  const create = entry === 'node' ? createNodePaymentsProxy : createPaymentsProxy;
  const proxy = create({
    baseUrl: upstream.url,
    legacyBaseUrl: upstream.url,
    credentials: sandbox.credentials,
    authorize: allowAll,
    // The sandbox's flow links point at itself, an origin the proxy refuses unless listed.
    flowOrigins: [upstream.url],
    ...options,
  });
  const server = await serve(proxy);
  return {
    sandbox,
    upstream,
    proxy,
    server,
    base: `${server.url}/api/payments`,
    close: async () => {
      await server.close();
      await upstream.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Sent as is: the request target of the request line. */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request over node:http with the exact request target and headers given. */
export function rawRequest(origin: string, init: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  const headers = { ...init.headers };
  // node frames a DELETE or OPTIONS body only when told its length (else the bytes would be
  // read as the next request).
  if (init.body !== undefined && headers['transfer-encoding'] === undefined && headers['content-length'] === undefined) {
    headers['content-length'] = Buffer.byteLength(init.body);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, method: init.method ?? 'GET', path: init.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Parses a proxy error body, failing the test when it is not the one shape. */
export function errorBody(text: string) {
  return paymentsErrorBodySchema.parse(JSON.parse(text)).error;
}

/** Headers the proxy sends upstream (docs/server.md), plus HTTP's framing ones. */
export const proxyUpstreamHeaders = ['accept', 'accept-encoding', 'authorization', 'content-type', 'idempotency-key', 'host', 'connection', 'content-length', 'transfer-encoding'];

/** What each entry's default client sends besides: Node's `fetch` adds its own three. */
export const upstreamHeadersOf = (entry: Entry): Set<string> =>
  new Set(entry === 'fetch' ? [...proxyUpstreamHeaders, 'user-agent', 'accept-language', 'sec-fetch-mode'] : proxyUpstreamHeaders);

/** Headers the proxy may send upstream on either entry: none come from the browser. */
export const allowedUpstreamHeaders = upstreamHeadersOf('fetch');
