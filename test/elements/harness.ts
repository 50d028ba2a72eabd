// Shared by the elements' browser tests: the sandbox standing in for the merchant's proxy at
// `/api/payments`, every request the page sent, and the page cleared after each test.
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { createSandbox, type Sandbox } from 'payments-kit/testing';
import { rootOf, rootShowing } from '../support/elementRoot.js';

/**
 * Where the sandbox's flow links point. Not the page's origin: the kit never embeds a flow from
 * the page's own origin (test/components/FlowLauncher.test.tsx).
 */
export const HOSTED_FLOW_ORIGIN = 'https://flows.sandbox.test';

export interface ElementsHarness {
  sandbox: Sandbox;
  /** Requests as the page sent them, before the stand-in proxy adds the sandbox's credentials. */
  requests: Request[];
  /** The page's reads of a transaction (`GET …/api/v2/transactions/…`), in order. */
  transactionReads: () => Request[];
  /** The `Payments-Session` header of each transaction read, in order (null where none). */
  sessionsSent: () => (string | null)[];
}

const PROXY_PATH = /^\/api\/payments/;

/**
 * Routes the page's `fetch` of `/api/payments/…` into a fresh sandbox for each test, as the
 * merchant's proxy would (it adds the credentials); anything else fails the request. MSW's worker
 * needs a served script, which the browser project does not serve, so `fetch` is stubbed.
 */
export function setUpElements(): ElementsHarness {
  const sandbox = createSandbox({ origin: HOSTED_FLOW_ORIGIN });
  const requests: Request[] = [];
  beforeEach(() => {
    sandbox.reset();
    requests.length = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (!PROXY_PATH.test(url.pathname)) throw new TypeError(`Unexpected request in an elements test: ${request.url}`);
      requests.push(request.clone());
      const upstream = new URL(url.pathname.replace(PROXY_PATH, '') + url.search, 'https://upstream.example');
      const headers = new Headers(request.headers);
      headers.set('authorization', sandbox.authorization);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      return sandbox.handle(new Request(upstream, { method: request.method, headers, body, signal: request.signal }));
    });
  });
  afterEach(async () => {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('dir');
    // The removed elements unmount in a microtask: let them, before the next test's stubs.
    await Promise.resolve();
    vi.unstubAllGlobals();
  });
  const transactionReads = () => requestsTo(requests, 'GET', /^\/api\/v2\/transactions\//);
  const sessionsSent = () => transactionReads().map((request) => request.headers.get('payments-session'));
  return { sandbox, requests, transactionReads, sessionsSent };
}

/** Fails the file if anything logged `console.error` (React warnings included). */
export function expectNoConsoleError(): void {
  let spy: MockInstance<typeof console.error>;
  beforeAll(() => {
    spy = vi.spyOn(console, 'error');
  });
  afterAll(() => {
    expect(spy.mock.calls).toEqual([]);
    spy.mockRestore();
  });
}

/** Puts `html` in the page and returns its first element of `tag`. */
export function mount<K extends keyof HTMLElementTagNameMap>(html: string, tag: K): HTMLElementTagNameMap[K] {
  const template = document.createElement('template');
  template.innerHTML = html;
  document.body.append(template.content);
  const element = document.querySelector(tag);
  if (element === null) throw new Error(`No <${tag}> in: ${html}`);
  return element;
}

export { rootOf };

/**
 * Waits until the component inside `element` shows `state` (`data-state` of its root) and is no
 * longer busy (`aria-busy`: a confirm in flight, or the confirm button's answer view still
 * loading), and returns the root.
 */
export async function settled(element: Element, state: string): Promise<HTMLElement> {
  await expect.poll(() => shownState(rootOf(element), state)).toBe(state);
  return rootShowing(element, state);
}

/** Requests whose method and path (after `/api/payments`) match. */
export function requestsTo(requests: readonly Request[], method: string, path: RegExp): Request[] {
  return requests.filter((request) => request.method === method && path.test(new URL(request.url).pathname.replace(PROXY_PATH, '')));
}

/** `data-state` of `root`, or `busy` while it says `aria-busy` outside the states that are a wait themselves. */
function shownState(root: Element | null | undefined, state: string): string | null | undefined {
  const busy = root?.getAttribute('aria-busy') === 'true' && state !== 'confirming' && state !== 'recovering';
  return busy ? 'busy' : root?.getAttribute('data-state');
}
