import { Pool, type Dispatcher } from 'undici';
import { callFailure } from '../server/upstream/createFetchUpstream.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  abortFailure,
  isIdentityEncoding,
  type UpstreamClient,
  type UpstreamRequest,
  type UpstreamResult,
} from '../server/upstream/UpstreamClient.js';

export interface UndiciUpstreamOptions {
  /**
   * Connections per upstream origin for reads, and as many again for confirms: two pools, so
   * slow or abandoned confirms never hold the connections other users' reads need. Default 64.
   */
  connections?: number;
  /** An idle pooled connection is closed after this many ms (sooner if the API says so). Default 4 000. */
  keepAliveTimeoutMs?: number;
  /** Larger answers are refused (502) and not read further. Default `1024 * 1024` bytes. */
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
 * The proxy's upstream client on Node: undici's `Pool` and `dispatch`, a fraction of the CPU per
 * call of Node's built-in `fetch`. Keep-alive pools per upstream origin, one for reads and one for
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
  return {
    request(request): Promise<UpstreamResult> {
      const url = new URL(request.url);
      return dispatchOnce(poolFor(url.origin, request.movesMoney), request, url.pathname + url.search);
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.close()));
    },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One call through undici's `dispatch`, its body kept as the chunks arrive: `Pool.request`
 * without the stream, promise and listeners it builds around each answer.
 */
function dispatchOnce(pool: Pool, request: UpstreamRequest, path: string): Promise<UpstreamResult> {
  const { signal } = request;
  if (signal.aborted) return Promise.resolve(abortFailure(signal, signal.reason));
  return new Promise((resolve) => {
    let controller: Dispatcher.DispatchController | undefined;
    let done = false;
    let status = 0;
    let retryAfter: string | undefined;
    const chunks: Buffer[] = [];
    // Answers once. A failure stops the call: its connection is closed, or, still waiting for
    // one, it is never sent.
    const settle = (result: UpstreamResult) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      if (!result.ok) controller?.abort(new Error(`The upstream call ended: ${result.failure}.`));
      resolve(result);
    };
    const onAbort = () => {
      settle(abortFailure(signal, signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pool.dispatch(
      { path, method: request.method, headers: request.headers, body: request.body ?? null },
      {
        onRequestStart(started) {
          controller = started;
          if (done) started.abort(new Error('The upstream call ended before it was sent.'));
        },
        onResponseStart(_, statusCode, headers) {
          if (statusCode < 200) return; // 102, 103: interim answers, the real one follows
          status = statusCode;
          retryAfter = single(headers['retry-after']);
          if (status >= 300 && status < 400) settle({ ok: false, failure: 'redirect', status });
          else if (status > 599 || !isIdentityEncoding(single(headers['content-encoding']))) settle({ ok: false, failure: 'unsupported', status });
        },
        onResponseData(_, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          try {
            settle({ ok: true, status, body: utf8.decode(Buffer.concat(chunks)), retryAfter });
          } catch (error) {
            settle({ ok: false, failure: 'unsupported', status, cause: error }); // not UTF-8
          }
        },
        onResponseError(_, error) {
          const tooLarge = (error as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
          settle(status === 0 || signal.aborted ? callFailure(signal, error) : { ok: false, failure: tooLarge ? 'too_large' : 'network', status, cause: error });
        },
      },
    );
  });
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
