import { Pool } from 'undici';
import { callFailure } from '../server/createFetchUpstream.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  abortFailure,
  isIdentityEncoding,
  type UpstreamClient,
  type UpstreamResult,
} from '../server/UpstreamClient.js';

export interface UndiciUpstreamOptions {
  /**
   * Connections per upstream origin for reads, and as many again for confirms: two pools, so
   * slow or abandoned confirms never hold the connections other users' reads need. Default 64.
   */
  connections?: number;
  /** An idle pooled connection is closed after this many ms (sooner if the API says so). Default 4 000. */
  keepAliveTimeoutMs?: number;
  /** Larger answers are refused (502) and not read further. Default 1 MiB. */
  maxResponseBytes?: number;
  /** TLS options for https upstreams (a private CA, client certificates), as undici's `connect`. */
  connect?: Pool.Options['connect'];
}

/** The undici client of `payments-kit/server/node`, with a way to close its connections. */
export interface UndiciUpstream extends UpstreamClient {
  /** Closes every pooled connection once in-flight calls end. */
  close(): Promise<void>;
}

/**
 * The proxy's upstream client on Node: undici's `Pool` and `request`, about half the CPU per call
 * of Node's built-in `fetch`. Keep-alive pools per upstream origin, one for reads and one for
 * confirms; redirects are never followed (a 3xx is the `redirect` failure); nothing is added to
 * the request but `host`, `connection` and `content-length`; no decompression (a coded answer
 * is refused, as with `createFetchUpstream`); answers larger than `maxResponseBytes` are cut off
 * by undici itself; bodies are strict UTF-8.
 *
 * @example
 * createPaymentsProxy({ …, upstream: createUndiciUpstream({ connections: 128 }) })
 */
export function createUndiciUpstream(options: UndiciUpstreamOptions = {}): UndiciUpstream {
  const poolOptions: Pool.Options = {
    connections: options.connections ?? 64,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
    maxResponseSize: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    ...(options.connect === undefined ? {} : { connect: options.connect }),
  };
  const pools = new Map<string, Pool>();
  const poolFor = (origin: string, movesMoney: boolean): Pool => {
    const key = `${movesMoney ? 'w' : 'r'} ${origin}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = new Pool(origin, poolOptions);
      pools.set(key, pool);
    }
    return pool;
  };
  const utf8 = new TextDecoder('utf-8', { fatal: true });

  return {
    async request(request): Promise<UpstreamResult> {
      const { signal } = request;
      const url = new URL(request.url);
      let response;
      try {
        response = await poolFor(url.origin, request.movesMoney).request({
          path: url.pathname + url.search,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          signal,
        });
      } catch (error) {
        return callFailure(signal, error);
      }
      const { statusCode: status, headers, body } = response;
      const refuse = (failure: 'redirect' | 'unsupported'): UpstreamResult => {
        // Reads and drops a little of it (keeps the connection when small), else closes it.
        body.dump().catch(() => undefined);
        return { ok: false, failure, status };
      };
      if (status >= 300 && status < 400) return refuse('redirect');
      if (status < 200 || status > 599) return refuse('unsupported');
      if (!isIdentityEncoding(single(headers['content-encoding']))) return refuse('unsupported');
      let bytes: ArrayBuffer;
      try {
        bytes = await body.arrayBuffer();
      } catch (error) {
        if (signal.aborted) return abortFailure(signal, error);
        const tooLarge = (error as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
        return { ok: false, failure: tooLarge ? 'too_large' : 'network', status, cause: error };
      }
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch (error) {
        return { ok: false, failure: 'unsupported', status, cause: error };
      }
      return { ok: true, status, body: text, retryAfter: single(headers['retry-after']) };
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.close()));
    },
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
