// A real redis-server for the Redis store's tests and bench: started on a free loopback port, no
// persistence (`--save '' --appendonly no`), stopped and started again on the same port when a
// test needs Redis to go away.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../support/freePort.js';

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RedisServer {
  port: number;
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  /** Whether the server process is running. */
  readonly running: boolean;
  /** Stops the server (SIGTERM: no persistence, so it exits at once) and waits for its exit. */
  stop: () => Promise<void>;
  /** Starts it again on the same port (empty: nothing was saved). */
  start: () => Promise<void>;
}

/** Starts redis-server and resolves once it logs "Ready to accept connections". */
export async function startRedisServer(extraArgs: string[] = []): Promise<RedisServer> {
  let port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    if (child) throw new Error('redis-server is already running');
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs];
    const started = spawn(REDIS_SERVER_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let log = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`redis-server did not get ready in 10 s:\n${log}`));
      }, 10_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (log.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout.on('data', onData);
      started.stderr.on('data', onData);
      started.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // 'close', not 'exit': its output is all read by then (the reason it gave up, e.g. the port taken).
      started.once('close', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${String(code)} before it was ready:\n${log}`));
      });
    }).catch((error: unknown) => {
      if (child === started) child = undefined;
      started.kill('SIGKILL');
      throw error;
    });
    // Keep draining its output so it never blocks on a full pipe.
    started.stdout.resume();
    started.stderr.resume();
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
  };

  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };

  // The port was free when asked, but another test file running beside this one may bind it
  // before redis-server does: then take another (only at the first start; a restart keeps its port).
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error && error.message.includes('Address already in use'))) throw error;
      port = await freePort();
    }
  }
  return {
    port,
    url: `redis://127.0.0.1:${String(port)}`,
    get running() {
      return child !== undefined;
    },
    stop,
    start,
  };
}
