// Which hosted pages a created flow may send the browser to, with the proxy set up as the README
// shows it (no flowOrigins): the API's documented hosted-page origins, and nothing else.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- DEFAULT_FLOW_ORIGINS of server/upstream/checkFlowLinkOrigin, which no entry exports
import { DEFAULT_FLOW_ORIGINS } from '../../src/server/upstream/checkFlowLinkOrigin.js';
import { createPaymentsProxy } from 'payments-kit/server';
import { createSandbox } from 'payments-kit/testing';
import { errorBody } from './harness.js';

/** One flow created through a proxy with the README's options, its links on `linkOrigin`. */
async function createFlowLinkingTo(linkOrigin: string, flowOrigins?: string[]) {
  const sandbox = createSandbox({ origin: linkOrigin });
  const proxy = createPaymentsProxy({
    baseUrl: 'https://api.example.com',
    legacyBaseUrl: 'https://legacy.example.com',
    credentials: sandbox.credentials,
    fetch: sandbox.fetch,
    // Who may call is not what is tested here: every caller may.
    authorize: () => true,
    ...(flowOrigins === undefined ? {} : { flowOrigins }),
  });
  const response = await proxy(
    new Request('https://shop.example/api/payments/api/v2/flows', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ steps: ['compliance'] }),
    }),
  );
  const text = await response.text();
  return { status: response.status, code: response.ok ? undefined : errorBody(text).code, text, upstream: sandbox.callsFor('createFlow').length };
}

describe('given a proxy without flowOrigins', () => {
  it('should refuse a link to an arbitrary https origin (502 flow_link_refused), the link kept from the page', async () => {
    const answer = await createFlowLinkingTo('https://attacker.example');
    expect(answer).toMatchObject({ status: 502, code: 'flow_link_refused', upstream: 1 });
    expect(answer.text).not.toContain('attacker.example');
  });

  it.each(DEFAULT_FLOW_ORIGINS.map((origin) => [origin]))('should hand out a link on the documented hosted-page origin %s', async (origin) => {
    expect(await createFlowLinkingTo(origin)).toMatchObject({ status: 200, code: undefined });
  });

  it('should refuse the sandbox on loopback until flowOrigins lists it', async () => {
    expect(await createFlowLinkingTo('http://127.0.0.1:4010')).toMatchObject({ status: 502, code: 'flow_link_refused' });
    expect(await createFlowLinkingTo('http://127.0.0.1:4010', ['http://127.0.0.1:4010'])).toMatchObject({ status: 200 });
  });
});
