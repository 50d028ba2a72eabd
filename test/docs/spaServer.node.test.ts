// docs/spa.md runs as written: its vite.config.ts, copied out of the guide unchanged but for the
// address of "your server" (the README's, on 127.0.0.1:3000 there, on a free port here), is
// started with Vite's own CLI in front of the README's server on the sandbox. The page's calls go
// through Vite's dev server as the guide says they do: the session from `/payments-session`, a
// read, a call without a session refused, and the confirm, a POST with the page's Origin, which
// passes the proxy's cross-site check because `changeOrigin: false` keeps the Host. What the
// guide says of a Host rewritten (Vite's string shorthand) runs too: the README's server refuses
// the page's POST with the message the guide quotes, and with the guide's `allowedOrigins` proxy
// in place of the README's it creates the flow.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIds } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import { cleanEnv, root, startProgram, type ExampleServer } from '../e2e/packedKit.js';
import { freePort } from '../support/freePort.js';
import { blockNamed } from './docBlocks.js';
import { docProject, proxyRequest, sessionFrom, startReadmeServer } from './docServers.js';

let sandbox: SandboxServer | undefined;
let readme: Awaited<ReturnType<typeof startReadmeServer>> | undefined;
let allowing: Awaited<ReturnType<typeof startReadmeServer>> | undefined;
let vite: ExampleServer | undefined;
let removeProject: (() => Promise<void>) | undefined;
/** The page's origin: Vite's dev server. */
let page: string;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  readme = await startReadmeServer(sandbox.url, 'spa-readme-server');
  const project = await docProject('spa-vite');
  removeProject = project.remove;
  const config = blockNamed('docs/spa.md', 'vite.config.ts').code;
  expect(config.match(/'http:\/\/127\.0\.0\.1:3000'/g), 'the guide names the README server once').toHaveLength(1);
  await writeFile(path.join(project.dir, 'vite.config.ts'), config.replace("'http://127.0.0.1:3000'", `'${readme.url}'`));
  // `npx vite`, on loopback and a free port. Vite bundles its config first: a bound for a busy machine.
  const port = await freePort();
  const viteCli = path.join(root, 'node_modules/vite/bin/vite.js');
  vite = await startProgram([viteCli, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], project.dir, cleanEnv({ NO_COLOR: '1' }), 90_000);
  page = vite.url;
  allowing = await startReadmeServer(sandbox.url, 'spa-allowed-origins-server', blockNamed('docs/spa.md', 'server-allowed-origins.ts').shown);
}, 180_000);

afterAll(async () => {
  await vite?.stop();
  await removeProject?.();
  await readme?.stop();
  await readme?.remove();
  await allowing?.stop();
  await allowing?.remove();
  await sandbox?.close();
});

describe("given docs/spa.md's Vite dev server in front of the README's server", () => {
  it("should forward the session route and the proxy's reads, and refuse a call without a session", async () => {
    const token = await sessionFrom(page);
    const read = await fetch(proxyRequest(page, `/api/v2/transactions/${sandboxIds.transactions.created}`, { token }));
    expect(read.status).toBe(200);
    expect(String(((await read.json()) as { id: unknown }).id)).toBe(sandboxIds.transactions.created);
    const sessionless = await fetch(proxyRequest(page, `/api/v2/transactions/${sandboxIds.transactions.created}`));
    expect(sessionless.status).toBe(401);
    expect(await sessionless.json()).toMatchObject({ error: { code: 'session_required' } });
  });

  it("should confirm from the page's origin: the Host Vite kept is the proxy's own", async () => {
    const token = await sessionFrom(page);
    const confirm = await fetch(
      proxyRequest(page, `/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, {
        token,
        body: { payment_method_id: 'pm_card_visa' },
        idempotencyKey: 'spa-confirm-1',
      }),
    );
    expect(confirm.status).toBe(200);
    expect(sandbox?.sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
  });
});

/** The dev page of the guide, on Vite's default port: what the guide's `allowedOrigins` lists. */
const devPage = 'http://localhost:5173';

describe('given a page whose requests reach the server with Host rewritten, as the shorthand does', () => {
  it('should refuse its confirm 403 with the message docs/spa.md quotes, naming both ways out', async () => {
    const token = await sessionFrom(readme!.url);
    // Straight to the server: its own Host, the page's Origin, as Vite's shorthand forwards it.
    const confirm = await fetch(
      proxyRequest(readme!.url, `/api/v2/payment-intents/${sandboxIds.paymentIntents.succeeded}/confirm`, {
        token,
        body: { payment_method_id: 'pm_card_visa' },
        idempotencyKey: 'spa-refused-1',
        pageOrigin: devPage,
      }),
    );
    expect(confirm.status).toBe(403);
    const quoted = /"code": "cross_site_refused", "message": "([^"]+)"/.exec(readFileSync(path.join(root, 'docs/spa.md'), 'utf8'))?.[1];
    expect(quoted, 'docs/spa.md quotes the refusal').toBeDefined();
    const port = new URL(readme!.url).port;
    expect(await confirm.json()).toMatchObject({ error: { code: 'cross_site_refused', message: quoted!.replace('127.0.0.1:3000', `127.0.0.1:${port}`) } });
  });

  it("should create the flow on the sandbox's origin with the guide's allowedOrigins proxy in place of the README's", async () => {
    const token = await sessionFrom(allowing!.url);
    const flow = await fetch(proxyRequest(allowing!.url, '/api/v2/flows', { token, body: { steps: ['compliance', 'id-verification'] }, pageOrigin: devPage }));
    expect(flow.status).toBe(200);
    expect(await flow.json()).toMatchObject({ link: expect.stringContaining(sandbox!.url) as unknown });
  });
});
