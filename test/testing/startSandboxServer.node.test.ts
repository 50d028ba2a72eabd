import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- flowSchema of api/index, which no entry exports
import { flowSchema } from '../../src/api/index.js';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { sleep } from '../support/sleep.js';

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

const auth = () => ({ authorization: server.sandbox.authorization });

describe('given the sandbox served over node:http', () => {
  it('should listen on 127.0.0.1 and serve the API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/v2/transactions/${sandboxIds.transactions.created}`, { headers: auth() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1001 });
  });

  it('should point flow links at its own hosted pages, which load their script and stylesheet', async () => {
    const response = await fetch(`${server.url}/api/v2/flows`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ steps: ['compliance'] }),
    });
    const flow = flowSchema.parse(await response.json());
    expect(flow.link.startsWith(`${server.url}/hosted/flow.html?`)).toBe(true);
    expect((await fetch(flow.link)).status).toBe(200);
    const script = await fetch(`${server.url}/hosted/flow.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('postMessage');
    expect((await fetch(`${server.url}/hosted/flow.css`)).status).toBe(200);
  });

  it('should drop the connection on an injected network fault', async () => {
    server.sandbox.inject({ kind: 'network' }, { times: 1 });
    await expect(fetch(`${server.url}/api/v2/transactions/1001`, { headers: auth() })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/api/v2/transactions/1001`, { headers: auth() })).status).toBe(200);
  });

  it('should stop hanging when the client goes away', async () => {
    // The client's rejection shows nothing of the server: watch the handler itself end.
    const sandbox = createSandbox();
    const handling: Promise<unknown>[] = [];
    const watched = await startSandboxServer({
      sandbox: {
        ...sandbox,
        handle: (request) => {
          const handled = sandbox.handle(request);
          handling.push(handled.catch(() => undefined));
          return handled;
        },
      },
    });
    try {
      sandbox.inject({ kind: 'hang' }, { times: 1 });
      const client = new AbortController();
      const hung = fetch(`${watched.url}/api/v2/transactions/1001`, { headers: { authorization: sandbox.authorization }, signal: client.signal });
      await expect.poll(() => sandbox.calls.length).toBe(1);
      let ended = false;
      void handling[0]!.then(() => (ended = true));
      await sleep(20);
      expect(ended).toBe(false);

      client.abort();
      await expect(hung).rejects.toThrow();
      await expect.poll(() => ended).toBe(true);
      expect((await fetch(`${watched.url}/api/v2/transactions/1001`, { headers: { authorization: sandbox.authorization } })).status).toBe(200);
    } finally {
      await watched.close();
    }
  });
});
