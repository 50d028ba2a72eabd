import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/elements/index.js';
import { createSandbox } from '../../src/testing/index.js';

const sandbox = createSandbox();
const requests: Request[] = [];

beforeEach(() => {
  sandbox.reset();
  requests.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const url = new URL(request.url);
    const upstream = new URL(url.pathname.replace(/^\/api\/payments/, '') + url.search, 'https://upstream.example');
    const headers = new Headers(request.headers);
    headers.set('authorization', sandbox.authorization);
    return sandbox.handle(new Request(upstream, { method: request.method, headers, body: request.method === 'GET' ? undefined : await request.text() }));
  });
});
afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('smoke', () => {
  it('renders a transaction in a shadow root', async () => {
    document.body.innerHTML = `<payments-provider session="t"><payments-transaction-detail transaction-id="1001"></payments-transaction-detail></payments-provider>`;
    const element = document.querySelector('payments-transaction-detail')!;
    await expect.poll(() => element.shadowRoot?.querySelector('.pk-root')?.getAttribute('data-state')).toBe('success');
    console.log(element.shadowRoot!.textContent);
    const root = element.shadowRoot!.querySelector('.pk-root')!;
    console.log(getComputedStyle(root).getPropertyValue('--pk-color-surface'), root.getAttribute('part'), getComputedStyle(root.querySelector('.pk-card') ?? root).backgroundColor);
    element.style.setProperty('--pk-color-surface', 'rgb(1, 2, 3)');
    console.log(getComputedStyle(root).backgroundColor);
    expect(requests.length).toBe(1);
  });
});
