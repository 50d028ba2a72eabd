// The sandbox behind MSW, standing in for the merchant's proxy at /api/payments: one setup for
// every test file that calls the proxy path from jsdom (test/client, test/components).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSandbox, type Sandbox } from '../src/testing/index.js';
import { createSandboxHandlers } from '../src/testing/msw.js';

export interface SandboxHarness {
  sandbox: Sandbox;
  /** Requests as the browser sent them (before the stand-in proxy adds the sandbox's credentials). */
  browserRequests: Request[];
  /** The MSW server, for a test's own `server.use(…)`; its handlers are reset after each test. */
  server: ReturnType<typeof setupServer>;
}

/**
 * Starts MSW over a fresh sandbox for the test file (`onUnhandledRequest: 'error'`), resetting
 * the sandbox, the recorded requests and any handler a test added after each test.
 */
export function setUpSandbox(options: { origin?: string } = {}): SandboxHarness {
  const sandbox = createSandbox(options);
  const browserRequests: Request[] = [];
  const server = setupServer(...createSandboxHandlers(sandbox, { onRequest: (r) => browserRequests.push(r.clone()) }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    sandbox.reset();
    browserRequests.length = 0;
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return { sandbox, browserRequests, server };
}
