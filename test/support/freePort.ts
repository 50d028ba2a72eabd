import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (free when asked: the caller binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
