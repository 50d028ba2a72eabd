// The kit's proxy in process over a sandbox, as the component and client tests reach it: the
// real proxy (routes, sessions, grants, checks), no network.
import { type PaymentsProxyOptions, createPaymentsProxy } from 'payments-kit/server';
import { createSandbox, type SandboxOptions } from 'payments-kit/testing';

/** A sandbox, the proxy in front of it (open to every caller unless `options` say otherwise), and a fetch to it. */
export function sandboxProxy(options: Partial<PaymentsProxyOptions> = {}, sandboxOptions: SandboxOptions = {}) {
  const sandbox = createSandbox(sandboxOptions);
  const proxy = createPaymentsProxy({
    baseUrl: 'http://payments.test',
    legacyBaseUrl: 'http://payments.test',
    credentials: sandbox.credentials,
    ...(options.sessions === undefined ? { authorize: () => true } : {}),
    fetch: sandbox.fetch,
    ...options,
  });
  /** A `fetch` whose every request the proxy answers in this process. */
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    proxy(new Request(new URL(input instanceof Request ? input.url : input, 'http://127.0.0.1'), init));
  return { sandbox, proxy, fetch };
}
