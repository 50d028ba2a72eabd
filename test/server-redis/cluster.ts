// The many-instances rig: proxy processes (test/server-redis/proxyProcess.ts, each a real separate
// Node process) sharing one redis-server, a round-robin balancer (node:http) in front of them,
// and an HTTP client (undici) for the test that never queues requests behind a socket limit.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent as UndiciAgent, request as undiciRequest } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'test/server-redis/proxyProcess.ts');

export interface ProxyInstance {
  url: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  readonly alive: boolean;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

export interface ProxyProcessOptions {
  upstream: string;
  redisUrl: string;
  timeoutMs: number;
  /** More environment for the process (PK_RATE_LIMITS, PK_MAX_PER_SUBJECT). */
  env?: Record<string, string>;
}

/** Spawns one proxy process and resolves with its URL once it listens. */
export async function spawnProxy(options: ProxyProcessOptions): Promise<ProxyInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      PK_UPSTREAM: options.upstream,
      PK_REDIS_URL: options.redisUrl,
      PK_TIMEOUT_MS: String(options.timeoutMs),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let alive = true;
  child.once('exit', () => {
    alive = false;
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`proxy process not ready in 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /READY (\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`proxy process exited with ${String(code)}:\n${output}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    child,
    get alive() {
      return alive;
    },
    kill: async (signal) => {
      if (!alive) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

export interface Balancer {
  url: string;
  /** The origins requests are spread over, in turn; change it to take an instance out. */
  targets: string[];
  /** How many requests each origin was sent. */
  sent: Map<string, number>;
  close: () => Promise<void>;
}

// The balancer's connections to the instances: as many as the requests in flight. An idle one
// is closed after a second, well before the instance's own keep-alive timeout (Node's 5 s), so
// the balancer seldom reuses a socket the instance is closing.
const agent = new Agent({ keepAlive: true, maxSockets: 1024, timeout: 1_000 });

/** A round-robin HTTP balancer on 127.0.0.1: each request goes whole to the next target. */
export async function startBalancer(targets: string[]): Promise<Balancer> {
  let next = 0;
  const sent = new Map<string, number>();
  const balancer: Balancer = { url: '', targets, sent, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    const target = balancer.targets[next++ % balancer.targets.length];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    sent.set(target, (sent.get(target) ?? 0) + 1);
    const { hostname, port } = new URL(target);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (retried: boolean) => {
        // The second try opens a connection of its own: the pool may hold another closing socket.
        const forward = httpRequest({ host: hostname, port, method: req.method, path: req.url, headers: req.headers, agent: retried ? false : agent }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the instance closed as it was reused (its idle timeout, met when a
          // busy machine delays the balancer): the request never reached the instance, so it is
          // sent once more on a new socket, as a real balancer does. Any other failure is the
          // instance's (it died): 502.
          if (!retried && forward.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !res.headersSent) {
            send(true);
            return;
          }
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('balancer: target failed');
        });
        forward.end(body);
      };
      send(false);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  balancer.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  balancer.close = async () => {
    const closed = once(server, 'close');
    server.close();
    server.closeAllConnections();
    await closed;
  };
  return balancer;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

// No limit on connections per origin: 300 requests at once are 300 requests in flight.
const clientDispatcher = new UndiciAgent({ keepAliveTimeout: 10_000 });

/** One HTTP request over undici, never held back behind the others. */
export async function send(origin: string, method: 'GET' | 'POST', pathname: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await undiciRequest(new URL(pathname, origin), {
    method,
    body,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    dispatcher: clientDispatcher,
  });
  return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() };
}
