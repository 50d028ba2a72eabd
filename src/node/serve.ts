import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toFastNodeHandler } from './toFastNodeHandler.js';
import type { FetchHandler } from './toNodeHandler.js';

export interface ServeOptions {
  /** Default `127.0.0.1`: servers of the kit bind to loopback unless told otherwise. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * Serves a fetch-standard handler on node:http and resolves once it listens. A handler that
 * carries its own node:http listener (the proxy of `payments-kit/server/node`) is served by it.
 */
export async function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const origin = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    });
  });
  server.on('request', toFastNodeHandler(handler, { origin }));
  const port = Number(new URL(origin).port);
  return {
    url: origin,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
