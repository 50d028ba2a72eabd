import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- startDeadline of api/index, which no entry exports
import { startDeadline } from '../../src/api/index.js';
import { createUndiciUpstream, type UndiciUpstream } from 'payments-kit/server/node';
import type { UpstreamRequest } from 'payments-kit/server';
import { sleep } from '../support/sleep.js';

// The undici client on its own, in front of an upstream on 127.0.0.1 that records what reaches it.
// The table of upstream behaviours (upstreamBehaviours.node.test.ts) runs it inside the proxy.

let upstream: UndiciUpstream | undefined;
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await upstream?.close();
  await close?.();
  upstream = undefined;
  close = undefined;
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

function call(origin: string, path: string, signal: AbortSignal, method: 'GET' | 'POST' = 'GET'): UpstreamRequest {
  return {
    url: `${origin}${path}`,
    method,
    headers: { accept: 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
    signal,
    movesMoney: method === 'POST',
  };
}

describe('createUndiciUpstream', () => {
  it('should never send a call whose deadline passed while it waited for a pooled connection', async () => {
    const arrived: string[] = [];
    let releaseFirst: (() => void) | undefined;
    const origin = await listen((req, res) => {
      arrived.push(req.url ?? '');
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      if (req.url === '/slow') releaseFirst = answer;
      else answer();
    });
    upstream = createUndiciUpstream({ connections: 1 });

    const first = upstream.request(call(origin, '/slow', new AbortController().signal, 'POST'));
    await expect.poll(() => arrived).toEqual(['/slow']);
    const deadline = startDeadline(50);
    const queued = await upstream.request(call(origin, '/queued', deadline.signal, 'POST'));
    deadline.clear();
    expect(queued).toMatchObject({ ok: false, failure: 'timeout' });

    releaseFirst?.();
    await expect(first).resolves.toMatchObject({ ok: true, status: 200, body: '{"ok":true}' });
    // The connection is free again: a later call goes through, the abandoned one never did.
    await expect(upstream.request(call(origin, '/later', new AbortController().signal, 'POST'))).resolves.toMatchObject({ ok: true });
    expect(arrived).toEqual(['/slow', '/later']);
  });

  it('should give up at once when its signal aborts in the middle of the body, and keep no half answer', async () => {
    const origin = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id":"');
    });
    upstream = createUndiciUpstream();
    const controller = new AbortController();
    const pending = upstream.request(call(origin, '/half', controller.signal));
    await sleep(50);
    const reason = new DOMException('The client closed the connection.', 'AbortError');
    controller.abort(reason);
    await expect(pending).resolves.toEqual({ ok: false, failure: 'aborted', cause: reason });
  });

  it('should answer a call whose signal aborted before it started without sending it', async () => {
    const arrived: string[] = [];
    const origin = await listen((req, res) => {
      arrived.push(req.url ?? '');
      res.end('{}');
    });
    upstream = createUndiciUpstream();
    const controller = new AbortController();
    controller.abort(new DOMException('No answer within 10 ms.', 'TimeoutError'));
    await expect(upstream.request(call(origin, '/never', controller.signal))).resolves.toMatchObject({ ok: false, failure: 'timeout' });
    await sleep(50);
    expect(arrived).toEqual([]);
  });

  it('should read an answer that comes in many chunks as one strict UTF-8 text', async () => {
    const text = JSON.stringify({ id: 'pi_1', note: 'é'.repeat(40_000) });
    const bytes = Buffer.from(text);
    const origin = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Split inside a two-byte character, in small writes.
      for (let at = 0; at < bytes.length; at += 1001) res.write(bytes.subarray(at, at + 1001));
      res.end();
    });
    upstream = createUndiciUpstream();
    await expect(upstream.request(call(origin, '/chunked', new AbortController().signal))).resolves.toEqual({
      ok: true,
      status: 200,
      body: text,
      retryAfter: undefined,
    });
  });
});
