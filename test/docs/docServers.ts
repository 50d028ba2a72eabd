// What the tests that run the documents' servers share: a project beside the checkout whose
// `payments-kit` is this one, the README's server started from its block, and the calls a page
// makes to a documented proxy route.
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sandboxCredentials } from 'payments-kit/testing';
import { cleanEnv, root, startProgram, type ExampleServer } from '../e2e/packedKit.js';
import { freePort } from '../support/freePort.js';
import { blocksOf } from './docBlocks.js';

/**
 * An empty ES module project `name` in node_modules/.cache, whose `payments-kit` is this checkout
 * (a link), as an integrator's app sees the package: what it writes there imports the kit by name.
 */
export async function docProject(name: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = path.join(root, 'node_modules/.cache', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(root, path.join(dir, 'node_modules/payments-kit'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A `.ts` file of a doc project run as the docs say (`npx tsx server.ts`), on the kit's sources. */
export const tsxArgs = (file: string): string[] => [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=payments-kit:source', file];

/** The session secret the README's server is started with. */
const readmeSessionSecret = 'the README server test session secret, 32+ bytes';

/**
 * The README's server (its block that imports express, unchanged but for its port: 3000 there, a
 * free one here, wherever it names it: its `listen`, its audience and the address it prints),
 * started with tsx on `sandboxUrl` in development, in the doc project `name`. `proxy`, a document's
 * `const paymentsProxy = createPaymentsProxy({ … });`, stands in for the README's own, as that
 * document tells its reader to do. Resolves once the server prints its address.
 */
export async function startReadmeServer(sandboxUrl: string, name = 'readme-server', proxy?: string): Promise<ExampleServer & { remove: () => Promise<void> }> {
  const block = blocksOf('README.md').find((candidate) => candidate.code.includes("from 'express'"));
  if (block === undefined) throw new Error('README.md has no ts block importing express');
  const named = block.code.match(/\b3000\b/g)?.length;
  // Its listen, its audience and the address it prints.
  if (named !== 3) throw new Error(`the README's server names its port 3 times, not ${String(named)}: update startReadmeServer`);
  const statement = /^const paymentsProxy = createPaymentsProxy\(\{\n[\s\S]*?\n\}\);$/m;
  if (proxy !== undefined && !(statement.test(block.code) && statement.test(proxy))) throw new Error('no `const paymentsProxy = createPaymentsProxy({ … });` to swap');
  const code = proxy === undefined ? block.code : block.code.replace(statement, () => proxy.trim());
  const port = await freePort();
  const project = await docProject(name);
  await writeFile(path.join(project.dir, 'server.ts'), code.replaceAll(/\b3000\b/g, String(port)));
  const env = cleanEnv({
    NODE_ENV: 'development',
    PAYMENTS_SESSION_SECRET: readmeSessionSecret,
    PAYMENTS_BASE_URL: sandboxUrl,
    PAYMENTS_LEGACY_BASE_URL: sandboxUrl,
    PAYMENTS_CLIENT_ID: sandboxCredentials.clientId,
    PAYMENTS_API_KEY: sandboxCredentials.apiKey,
  });
  // tsx compiles before the server listens: a bound for a busy machine, not a guess at the compile time.
  const server = await startProgram(tsxArgs('server.ts'), project.dir, env, 90_000);
  return { ...server, remove: project.remove };
}

/** The page's session from a server's `/payments-session`, as the README's `getSession` gets it. */
export async function sessionFrom(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/payments-session`, { method: 'POST' });
  if (answer.status !== 200) throw new Error(`${origin}/payments-session answered ${String(answer.status)}: ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

export interface ProxyCall {
  /** The page's session; none for a caller without one. */
  token?: string;
  /** A JSON body: the call is then a POST from the page's origin. */
  body?: unknown;
  idempotencyKey?: string;
  /** The page's origin, when it is not the proxy's (a dev server that rewrites Host). */
  pageOrigin?: string;
}

/**
 * A call to the proxy mounted at `${origin}/api/payments`, as the page's fetcher makes it: the
 * session in `payments-session`; a POST with the page's own `Origin`.
 */
export function proxyRequest(origin: string, route: string, { token, body, idempotencyKey, pageOrigin = origin }: ProxyCall = {}): Request {
  return new Request(`${origin}/api/payments${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token === undefined ? {} : { 'payments-session': token }),
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: pageOrigin }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
