// The server code of docs/nextjs.md runs as written: its route handler, the proxy and the flow
// origins it imports, the session it mints, the server action and the prefetch, copied out of the
// guide unchanged, loaded with the runtime's PAYMENTS_* variables pointing at the sandbox. An App
// Router route handler is a function of a Request: the route's GET and POST are called with the
// page's requests, as Next calls them. A whole Next app is not built for it here: the Next e2e
// (test/e2e/nextApp.node.test.ts) builds and starts the example app the guide comes from, and
// compiles the guide's blocks against Next's own types. The README's route block is run the same way.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import path from 'node:path';
import { blocksOf, documentFolder, writeBlocks } from './docBlocks.js';
import { docProject, proxyRequest } from './docServers.js';

type Handler = (request: Request) => Promise<Response>;
interface RouteModule {
  GET: Handler;
  POST: Handler;
  runtime: string;
  dynamic: string;
}

/** The app's origin, as `next dev` serves it (the example's audience). */
const app = 'http://localhost:3000';

let sandbox: SandboxServer | undefined;
let project: Awaited<ReturnType<typeof docProject>> | undefined;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  // What `next start` reads when the modules load: the runtime's environment.
  vi.stubEnv('PAYMENTS_BASE_URL', sandbox.url);
  vi.stubEnv('PAYMENTS_LEGACY_BASE_URL', sandbox.url);
  vi.stubEnv('PAYMENTS_CLIENT_ID', sandbox.sandbox.credentials.clientId);
  vi.stubEnv('PAYMENTS_API_KEY', sandbox.sandbox.credentials.apiKey);
  vi.stubEnv('PAYMENTS_SESSION_SECRET', 'the Next guide test session secret, 32+ bytes');
  vi.stubEnv('PAYMENTS_SESSION_AUDIENCE', app);
  vi.stubEnv('PAYMENTS_FLOW_ORIGINS', '');
  project = await docProject('nextjs-guide-server');
  await writeBlocks([...blocksOf('docs/nextjs.md'), ...blocksOf('README.md')], project.dir);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await project?.remove();
  await sandbox?.close();
});

/** A module of the document's blocks, loaded as Next loads it. */
const load = async <T,>(document: string, file: string): Promise<T> =>
  (await import(/* @vite-ignore */ path.join(documentFolder(project!.dir, document), file))) as T;

const transaction = sandboxIds.transactions.created;

describe("given docs/nextjs.md's route handler, proxy and payment session", () => {
  it('should render per request on Node, with one proxy for GET and POST', async () => {
    const route = await load<RouteModule>('docs/nextjs.md', 'app/api/payments/[...path]/route.ts');
    expect(route).toMatchObject({ runtime: 'nodejs', dynamic: 'force-dynamic' });
    expect(route.GET).toBe(route.POST);
  });

  it('should read the granted transaction with the session the guide mints, and refuse a request without one', async () => {
    const route = await load<RouteModule>('docs/nextjs.md', 'app/api/payments/[...path]/route.ts');
    const { mintPaymentsSession } = await load<{ mintPaymentsSession: () => Promise<string> }>('docs/nextjs.md', 'app/payments-session.ts');
    const token = await mintPaymentsSession();
    const read = await route.GET(proxyRequest(app, `/api/v2/transactions/${transaction}`, { token }));
    expect(read.status).toBe(200);
    expect(String(((await read.json()) as { id: unknown }).id)).toBe(transaction);
    const sessionless = await route.GET(proxyRequest(app, `/api/v2/transactions/${transaction}`));
    expect(sessionless.status).toBe(401);
    expect(await sessionless.json()).toMatchObject({ error: { code: 'session_required' } });
  });

  it("should create the granted flow on the sandbox's origin, which flowOrigins() lists, with the server action's session", async () => {
    const route = await load<RouteModule>('docs/nextjs.md', 'app/api/payments/[...path]/route.ts');
    const { refreshPaymentsSession } = await load<{ refreshPaymentsSession: () => Promise<string> }>('docs/nextjs.md', 'app/actions.ts');
    const token = await refreshPaymentsSession();
    const flow = await route.POST(proxyRequest(app, '/api/v2/flows', { token, body: { steps: ['compliance', 'id-verification', 'payout'] } }));
    expect(flow.status).toBe(200);
    expect(await flow.json()).toMatchObject({ link: expect.stringContaining(sandbox!.url) as unknown });
  });

  it('should prefetch the transaction and the volume in-process, as the server page does', async () => {
    const { mintPaymentsSession } = await load<{ mintPaymentsSession: () => Promise<string> }>('docs/nextjs.md', 'app/payments-session.ts');
    const { prefetchForPage } = await load<{ prefetchForPage: (session: string, reads: unknown) => Promise<{ queries: { state: { data?: unknown } }[] }> }>(
      'docs/nextjs.md',
      'app/prefetch.ts',
    );
    const state = await prefetchForPage(await mintPaymentsSession(), { transactions: [transaction], volumes: [{ period: 'month', type: 'receive', tz: 'UTC' }] });
    expect(state.queries.map((query) => query.state.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: Number(transaction) }),
        expect.objectContaining({ volume: volumeFor('month', 'receive', 'UTC') }),
      ]),
    );
  });
});

describe("given the README's Next.js route block", () => {
  it("should serve a session of its audience (a read and a flow on the sandbox's origin) and refuse a request without one", async () => {
    const route = await load<RouteModule>('README.md', 'app/api/payments/[...path]/route.ts');
    const { createPaymentsSession } = await import('../../src/server/index.js');
    const { token } = await createPaymentsSession({
      secret: process.env.PAYMENTS_SESSION_SECRET!,
      audience: app,
      subject: 'user_1',
      allow: { transactions: [transaction], flows: { steps: ['compliance', 'id-verification'] } },
    });
    expect((await route.GET(proxyRequest(app, `/api/v2/transactions/${transaction}`, { token }))).status).toBe(200);
    expect((await route.GET(proxyRequest(app, `/api/v2/transactions/${transaction}`))).status).toBe(401);
    // vitest's NODE_ENV is `test`, not production: the block lists the sandbox's origin, as in development.
    const flow = await route.POST(proxyRequest(app, '/api/v2/flows', { token, body: { steps: ['compliance', 'id-verification'] } }));
    expect(flow.status).toBe(200);
    expect(await flow.json()).toMatchObject({ link: expect.stringContaining(sandbox!.url) as unknown });
  });
});
