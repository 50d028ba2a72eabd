import { serve } from '../node-http/serve.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './createSandbox.js';

export interface SandboxServerOptions extends SandboxOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Serve this sandbox instead of a new one. */
  sandbox?: Sandbox;
}

export interface SandboxServer {
  sandbox: Sandbox;
  /** `http://127.0.0.1:PORT`: use it as both `baseUrl` and `legacyBaseUrl`. */
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves a sandbox over real HTTP on loopback (node:http). Both API bases live at its `url`,
 * and flow links point at its hosted pages.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const { host, port, sandbox: given, ...sandboxOptions } = options;
  // Flow links default to the origin of the request that created the flow: this server's.
  const sandbox = given ?? createSandbox(sandboxOptions);
  const server = await serve(
    async (request) => {
      try {
        return await sandbox.handle(request);
      } catch (error) {
        // An injected network fault, or a hang the client gave up on: drop the connection.
        if (error instanceof TypeError || request.signal.aborted) return abortedResponse();
        throw error;
      }
    },
    { host: host ?? '127.0.0.1', port: port ?? 0 },
  );
  return { sandbox, url: server.url, close: server.close };
}

function abortedResponse(): Response {
  // A body stream that errors makes the node adapter destroy the socket mid-response, which
  // the client sees as a network failure — what an injected `network` fault stands for.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('sandbox: connection dropped'));
      },
    }),
    { status: 200 },
  );
}
