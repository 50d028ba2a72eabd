import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTransfersExport, transferOperations } from '../server/transfers/index.js';
import { answerClientError, createPaymentsProxy, toNodeHandler, type PaymentsProxyOptions } from '../server-node/index.js';
import type { ProxyProcessConfig } from './proxyConfig.js';

/** Where the process serves the kit's browser files: the standalone elements and their catalogues. */
export const ASSETS_PATH = '/payments-kit/';

/**
 * The transfers CSV export, under the proxy's `basePath` so that the one route a host forwards
 * to the process (`/api/payments`) reaches it too. No operation of the API has this path.
 */
export const EXPORT_PATH = '/exports/transfers.csv';

/** A browser file the process serves, with its Subresource Integrity value. */
interface Asset {
  body: Buffer;
  integrity: string;
}

/** The proxy process, listening. */
export interface RunningProxyProcess {
  /** `http://HOST:PORT` */
  url: string;
  /** The upstream it calls: the embedded sandbox's address with `--sandbox`. */
  upstream: string;
  /** `sha384-…` of the standalone elements file it serves, or `undefined` when the package has none built. */
  elementsIntegrity: string | undefined;
  /**
   * Stops taking connections and requests, lets the ones in flight finish (their answers say
   * `Connection: close`), then resolves `true`; after `graceMs`, closes what is left and resolves
   * `false`.
   */
  shutdown: (graceMs: number) => Promise<boolean>;
}

/**
 * Runs the proxy as a process of its own: the kit's proxy at its `basePath`, the transfers CSV
 * export at `basePath` + {@link EXPORT_PATH}, `GET /healthz` (200 without calling upstream, 503
 * once shutting down), and the standalone elements file and its
 * catalogues under `/payments-kit/` from `distDir`. With `sandbox`, the sandbox of
 * `payments-kit/testing/node` is the upstream, on a free loopback port, its hosted pages' origin
 * among the flow origins. Every error the proxy answers is written to `log` as one line.
 */
export async function startProxyProcess(config: ProxyProcessConfig, { distDir, log }: { distDir: string; log: (line: string) => void }): Promise<RunningProxyProcess> {
  const sandbox = config.sandbox ? await (await import('../testing/node.js')).startSandboxServer() : undefined;
  const redis = config.redisUrl === undefined ? undefined : await connectRedis(config.redisUrl, log);
  const options: PaymentsProxyOptions = {
    ...config.options,
    ...redis?.stores(config.options),
    baseUrl: sandbox?.url ?? config.options.baseUrl ?? '',
    legacyBaseUrl: sandbox?.url ?? config.options.legacyBaseUrl ?? '',
    credentials: sandbox?.sandbox.credentials ?? config.options.credentials ?? { clientId: '', apiKey: '' },
    ...(sandbox === undefined ? {} : { flowOrigins: [...(config.options.flowOrigins ?? []), sandbox.url] }),
    // Every operation the kit has: each stays closed until a session's grant names it.
    operations: [transferOperations],
    onError: (error) => {
      const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
      log(`${String(error.status ?? '')} ${error.code} ${error.operation ?? ''}: ${error.message}${cause}`);
    },
  };
  const proxy = createPaymentsProxy(options);
  const assets = await loadAssets(distDir);

  let stopping = false;
  const server = createServer();
  server.on('clientError', answerClientError);
  const origin = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`);
    });
  });
  const proxyListener = toNodeHandler(proxy, { origin });
  const basePath = options.basePath ?? '/api/payments';
  const exportListener = toNodeHandler(createTransfersExport(proxy, { basePath }), { origin });
  // Answers under way, so that a drain can ask each to close its connection once written.
  const answering = new Set<ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A connection kept alive would outlive the drain: every answer written while stopping closes it.
    if (stopping) res.setHeader('connection', 'close');
    answering.add(res);
    res.once('close', () => answering.delete(res));
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/healthz') answerHealth(req, res, stopping);
    else if (pathname.startsWith(ASSETS_PATH)) answerAsset(req, res, assets.get(pathname.slice(ASSETS_PATH.length)));
    // Any other method falls to the proxy, which knows no such path.
    else if (pathname === basePath + EXPORT_PATH && req.method === 'GET') exportListener(req, res);
    else proxyListener(req, res);
  });

  return {
    url: origin,
    upstream: options.baseUrl,
    elementsIntegrity: assets.get('elements-standalone.js')?.integrity,
    shutdown: async (graceMs) => {
      stopping = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      // Connections waiting for their next request have nothing in flight.
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => {
            resolve(false);
          }, graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!drained) server.closeAllConnections();
      await redis?.close();
      await sandbox?.close();
      return drained;
    },
  };
}

/**
 * The Redis client and the stores on it, as docs/many-instances.md sets them up: commands fail
 * fast while Redis is away (no offline queue) and the client reconnects by itself. The first
 * connection must succeed: a process that cannot reach its Redis stops with the reason.
 */
async function connectRedis(url: string, log: (line: string) => void) {
  const [{ createClient }, { createRedisIdempotencyStore, createRedisRateLimitStore }] = await Promise.all([
    import('redis'),
    import('../server-redis/index.js'),
  ]);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  // Without a listener an 'error' event would end the process; Redis coming back is the client's job.
  client.on('error', (error: Error) => {
    log(`redis: ${error.message}`);
  });
  try {
    await client.connect();
  } catch (cause) {
    throw new Error(`payments-kit proxy cannot reach Redis at PAYMENTS_REDIS_URL (${new URL(url).host}): ${(cause as Error).message}`, { cause });
  }
  return {
    stores: (options: ProxyProcessConfig['options']): Pick<PaymentsProxyOptions, 'idempotencyStore' | 'rateLimits'> => ({
      idempotencyStore: createRedisIdempotencyStore({ client }),
      ...(options.rateLimits === false ? {} : { rateLimits: { ...options.rateLimits, store: createRedisRateLimitStore({ client }) } }),
    }),
    close: async () => {
      await client.close();
    },
  };
}

function answerHealth(req: IncomingMessage, res: ServerResponse, stopping: boolean): void {
  const body = JSON.stringify({ status: stopping ? 'stopping' : 'ok' });
  res.writeHead(stopping ? 503 : 200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function answerAsset(req: IncomingMessage, res: ServerResponse, asset: Asset | undefined): void {
  const headers = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
  } else if (asset === undefined) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
  } else if (req.headers['if-none-match'] === `"${asset.integrity}"`) {
    res.writeHead(304, { ...headers, etag: `"${asset.integrity}"` }).end();
  } else {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': asset.body.byteLength,
      etag: `"${asset.integrity}"`,
    });
    res.end(req.method === 'HEAD' ? undefined : asset.body);
  }
}

/**
 * The standalone elements file and the catalogues beside it, from the package's dist/, read once:
 * `elements-standalone.js` and `messages/<locale>.js`. A package without them (a checkout not yet
 * built) serves none.
 */
async function loadAssets(distDir: string): Promise<Map<string, Asset>> {
  const assets = new Map<string, Asset>();
  const names = ['elements-standalone.js', ...(await readdir(path.join(distDir, 'messages')).catch(() => [])).filter((name) => name.endsWith('.js')).map((name) => `messages/${name}`)];
  for (const name of names) {
    const body = await readFile(path.join(distDir, name)).catch(() => undefined);
    if (body !== undefined) assets.set(name, { body, integrity: `sha384-${createHash('sha384').update(body).digest('base64')}` });
  }
  return assets;
}
