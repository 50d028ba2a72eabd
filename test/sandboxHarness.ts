// The sandbox behind MSW, standing in for the merchant's proxy at /api/payments: one setup for
// every test file that calls the proxy path from jsdom (test/client, test/components).
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- matchOperationPath, operations of api/index, which no entry exports
import { matchOperationPath, operations, type OperationName } from '../src/api/index.js';
import { createProxyFetcher, type PaymentsFetcher } from 'payments-kit';
import { createSandbox, type Sandbox } from 'payments-kit/testing';
import { createSandboxHandlers } from 'payments-kit/testing/msw';

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

/**
 * Holds every request for `operation` at the stand-in proxy, before it reaches the sandbox, until
 * `release()`; the others go on. A sandbox `latency` ends on the wall clock, which a busy machine
 * can outrun before a test has looked at the in-flight state; a held request stays in flight for
 * as long as the test needs. `held()` counts the requests that have reached the hold. Release
 * before the test ends, and wait for the outcome: nothing may still be on its way to the
 * sandbox when the next test starts.
 */
export function holdRequests(server: SandboxHarness['server'], operation: OperationName): { release: () => void; held: () => number } {
  let open!: () => void;
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  server.use(
    http.all('*/api/payments/api/*', async ({ request }) => {
      const { pathname } = new URL(request.url);
      const path = pathname.slice(pathname.indexOf('/api/payments/') + '/api/payments'.length);
      const matches = matchOperationPath(path, operations).filter((match) => match.operation.method === request.method);
      if (!matches.some((match) => match.operation.name === operation)) return undefined;
      held += 1;
      await released;
      // Nothing answered here: the sandbox's own handler takes the request on.
      return undefined;
    }),
  );
  return {
    release: () => {
      open();
    },
    held: () => held,
  };
}

/**
 * The default fetcher (`createProxyFetcher()`), counting the requests it sends as it sends them.
 * The sandbox records a request some tasks later, so a read sent just before an unmount or a
 * deadline can reach it after the test has counted: `sent()` says what had been sent by then.
 */
export function countingFetcher(): { fetcher: PaymentsFetcher; sent: () => number } {
  let sent = 0;
  const fetcher = createProxyFetcher({
    fetch: (input, init) => {
      sent += 1;
      return globalThis.fetch(input, init);
    },
  });
  return { fetcher, sent: () => sent };
}
