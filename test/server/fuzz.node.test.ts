// fast-check fuzzing of hostile paths, query strings, header sets and bodies ("at least
// 10 000 ... 100 % refused or sanitised, and the upstream sees zero calls for refused ones").
// Most cases run against the fetch handler with the sandbox in process as upstream (fast); a
// further sample goes over real HTTP on 127.0.0.1, raw request targets included, to the
// sandbox on real HTTP, so the node adapter's handling of raw targets is fuzzed as well — for
// both ways the proxy meets node:http: the fetch handler through `toNodeHandler`, and the Node
// path of payments-kit/server/node.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsProxy } from 'payments-kit/server';
import { createSandbox } from 'payments-kit/testing';
import { hostileRequest, judge, type Verdict } from './fuzz.js';
import { allowAll, entries, rawRequest, startStack, type Stack } from './harness.js';

const FETCH_RUNS = 10_000;
const HTTP_RUNS = 2_500;
const BASE_PATH = '/api/payments';

function proxyPathOf(pathname: string): string | undefined {
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : undefined;
}

describe('given 10 000 hostile requests to the fetch handler', () => {
  it('should refuse or sanitise every one, and call upstream only for sanitised ones', async () => {
    const sandbox = createSandbox();
    const upstreamOrigin = 'http://upstream.invalid';
    const proxy = createPaymentsProxy({
      baseUrl: upstreamOrigin,
      legacyBaseUrl: upstreamOrigin,
      credentials: sandbox.credentials,
      fetch: sandbox.fetch,
      authorize: allowAll,
    });
    const verdicts: Record<Verdict | 'unsendable', number> = { refused: 0, sanitised: 0, replayed: 0, unsendable: 0 };
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (hostile) => {
        let request: Request;
        try {
          request = new Request(new URL(hostile.target, 'http://proxy.test'), {
            method: hostile.method,
            headers: hostile.headers,
            body: hostile.body,
          });
        } catch {
          verdicts.unsendable++; // not a request any platform would hand the proxy
          return;
        }
        const before = sandbox.calls.length;
        const response = await proxy(request);
        const answer = { status: response.status, headers: response.headers, body: await response.text() };
        const verdict = judge(hostile, proxyPathOf(new URL(request.url).pathname), answer, sandbox.calls.slice(before), {
          authorization: sandbox.authorization,
          apiKey: sandbox.credentials.apiKey,
          upstreamOrigin,
        });
        verdicts[verdict]++;
      }),
      { numRuns: FETCH_RUNS },
    );
    expect(verdicts.refused + verdicts.sanitised + verdicts.replayed + verdicts.unsendable).toBe(FETCH_RUNS);
    // The generator must exercise both outcomes for the property to mean anything.
    expect(verdicts.refused).toBeGreaterThan(FETCH_RUNS / 2);
    expect(verdicts.sanitised).toBeGreaterThan(100);
    console.info('fetch-handler fuzz verdicts', verdicts);
  }, 60_000);
});

describe.each(entries)('given hostile requests over real HTTP to %s', (_entry, entry) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, entry);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('should refuse or sanitise every one, raw request targets included', async () => {
    const verdicts: Record<Verdict, number> = { refused: 0, sanitised: 0, replayed: 0 };
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (hostile) => {
        const before = stack.sandbox.calls.length;
        const raw = await rawRequest(stack.server.url, {
          method: hostile.method,
          path: hostile.target,
          headers: hostile.headers,
          ...(hostile.body === undefined ? {} : { body: hostile.body }),
        });
        const answer = {
          status: raw.status,
          headers: { get: (name: string) => (raw.headers[name] as string | undefined) ?? null },
          body: raw.body,
        };
        const [targetPath = ''] = hostile.target.split(/[?#]/);
        const verdict = judge(hostile, proxyPathOf(targetPath), answer, stack.sandbox.calls.slice(before), {
          authorization: stack.sandbox.authorization,
          apiKey: stack.sandbox.credentials.apiKey,
          upstreamOrigin: stack.upstream.url,
        });
        verdicts[verdict]++;
      }),
      { numRuns: HTTP_RUNS },
    );
    expect(verdicts.refused).toBeGreaterThan(HTTP_RUNS / 2);
    expect(verdicts.sanitised).toBeGreaterThan(25);
    console.info('real-HTTP fuzz verdicts', verdicts);
  }, 60_000);
});
