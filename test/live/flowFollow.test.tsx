// A FlowLauncher's flow follows the event stream (payments-kit/live), end to end in process: the
// sandbox completes a step server-side and posts the signed `flow.updated` webhook, the proxy's
// stream tells the page, which reads the flow again through the proxy's checked, granted
// getFlow (docs/api.md#read-a-flow). Without a stream nothing is read: the hosted page's messages
// alone move the flow on. The clock is fake.
import { randomBytes } from 'node:crypto';
import { act, render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { type Flow, type FlowStep, createProxyFetcher, type PaymentsFetcher, FlowLauncher, PaymentsProvider } from 'payments-kit';
import { PaymentsEvents, type PaymentsStreamState } from 'payments-kit/live';
import { messagesEn as en } from 'payments-kit/messages';
import type { PaymentsGrant } from 'payments-kit/server';
import { flowOperations } from 'payments-kit/server/flows';
import { createPaymentsEvents } from 'payments-kit/server/webhooks';
import { createTestQueryClient } from '../components/harness.js';
import { secretOf } from '../server/webhooks/signWebhook.js';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { SESSION_AUDIENCE, SESSION_SECRET, mintSession } from '../support/sessions.js';
import { advance, until, withLiveClock } from './liveClock.js';

const STREAM = '/api/payments-events';
const ORIGIN = 'https://flows.sandbox.test';
const STEPS = ['compliance', 'payout'] as const;
const sessions = { secret: SESSION_SECRET, audience: SESSION_AUDIENCE };
const grantOf = (userId: string): PaymentsGrant => ({ flows: { userId, steps: [...STEPS] } });

withLiveClock();

function setup({ servesFlowRead = true } = {}) {
  const secret = secretOf(randomBytes(24));
  // Whose a flow is, as the merchant's own records say (flow.updated names only the flow).
  const owners = new Map<string, string>();
  const events = createPaymentsEvents({ webhookSecret: secret, sessions, resolveOwner: ({ kind, id }) => (kind === 'flow' ? owners.get(id) : undefined) });
  const { sandbox, fetch: toProxy } = sandboxProxy(
    { sessions, flowOrigins: [ORIGIN], operations: servesFlowRead ? [flowOperations] : [] },
    { origin: ORIGIN, webhooks: { handler: (request) => events.webhook(request), secret } },
  );
  /** The page's flow reads, as they reach the proxy, answered or not. */
  const asked: Response[] = [];
  const pageFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (input === STREAM) return events.stream(new Request(`http://127.0.0.1${STREAM}`, init));
    const answer = await toProxy(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (/\/api\/v2\/flows\/[^/]+$/.test(url) && (init?.method ?? 'GET') === 'GET') asked.push(answer.clone());
    return answer;
  };
  const fetcherFor = async (userId: string) => createProxyFetcher({ session: await mintSession(grantOf(userId), { subject: userId, expiresIn: 3600 }), fetch: pageFetch });
  const states: PaymentsStreamState[] = [];
  const queryClient = createTestQueryClient();
  const page = (fetcher: PaymentsFetcher, children: ReactElement, stream = true) => (
    <StrictMode>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient}>
        {stream ? <PaymentsEvents url={STREAM} fetch={pageFetch} onStateChange={(state) => states.push(state)} /> : null}
        {children}
      </PaymentsProvider>
    </StrictMode>
  );
  /** A step done server-side: the sandbox posts flow.updated, and the stream has heard it. */
  const complete = async (flowId: string, step: FlowStep) => {
    const answer = await sandbox.completeFlowStep(flowId, step);
    expect(answer?.status).toBe(204);
    await events.settled();
  };
  const reads = () => sandbox.callsFor('getFlow').length;
  return { sandbox, events, owners, fetcherFor, page, states, complete, reads, asked, queryClient };
}

/** A launcher whose callbacks are recorded, and what the page's live region said. */
function launcher(userId: string) {
  const steps: FlowStep[] = [];
  const completes: Flow[] = [];
  const element = (
    <FlowLauncher
      steps={[...STEPS]}
      userId={userId}
      allowedOrigins={[ORIGIN]}
      autoStart
      onStepCompleted={(step) => steps.push(step)}
      onComplete={(flow) => completes.push(flow)}
    />
  );
  return { element, steps, completes };
}

const liveTexts = (container: HTMLElement) => {
  const region = container.querySelector<HTMLElement>('.pk-live')!;
  const seen: string[] = [];
  new MutationObserver(() => seen.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
  return seen;
};
const stepTwoOfTwo = en.flowProgress.replace('{done}', '2').replace('{total}', '2');

/** Renders a launcher for `userId` and resolves with its open flow's id. */
async function opened(context: ReturnType<typeof setup>, userId: string, stream = true) {
  const flow = launcher(userId);
  const view = render(context.page(await context.fetcherFor(userId), flow.element, stream));
  await until(() => expect(view.container.querySelector('iframe.pk-flow-frame')).not.toBeNull());
  const id = [...context.sandbox.data.flows.keys()].at(-1)!;
  context.owners.set(id, userId);
  if (stream) await until(() => expect(context.states.at(-1)).toBe('live'));
  return { ...flow, ...view, id };
}

describe('given a FlowLauncher under an open stream', () => {
  it('should read the flow once per flow.updated, report the step once and announce it once', async () => {
    const context = setup();
    const flow = await opened(context, 'usr_owner');
    const said = liveTexts(flow.container);
    expect(context.reads()).toBe(0); // opening reads nothing: the created flow is the data
    await context.complete(flow.id, 'compliance');
    await until(() => expect(flow.steps).toEqual(['compliance']));
    await advance(1_000);
    expect(context.reads()).toBe(1);
    expect(flow.steps).toEqual(['compliance']);
    expect(said.filter((text) => text === stepTwoOfTwo)).toHaveLength(1);
    // The hosted page says the same: nothing twice.
    await context.complete(flow.id, 'payout');
    await until(() => expect(flow.completes).toHaveLength(1));
    expect(flow.steps).toEqual(['compliance', 'payout']);
    expect(context.reads()).toBe(2);
  });

  it('should read it again when the stream opens again after a drop, and a minute apart while it is open', async () => {
    const context = setup();
    const flow = await opened(context, 'usr_owner');
    context.events.close();
    await until(() => expect(context.states.at(-1)).toBe('polling'));
    await until(() => expect(context.states.at(-1)).toBe('live'));
    await until(() => expect(context.reads()).toBe(1));
    const before = context.reads();
    await advance(60_000 * 3 + 500);
    expect(context.reads() - before).toBeGreaterThanOrEqual(2);
    expect(context.reads() - before).toBeLessThanOrEqual(3);
    expect(flow.steps).toEqual([]);
  });

  it('should start its safety poll when the stream opens after the flow opened', async () => {
    const context = setup();
    const fetcher = await context.fetcherFor('usr_owner');
    const flow = launcher('usr_owner');
    const view = render(context.page(fetcher, flow.element, false));
    await until(() => expect(view.container.querySelector('iframe.pk-flow-frame')).not.toBeNull());
    const id = [...context.sandbox.data.flows.keys()].at(-1)!;
    context.owners.set(id, 'usr_owner');
    view.rerender(context.page(fetcher, flow.element, true));
    await until(() => expect(context.states.at(-1)).toBe('live'));
    expect(context.reads()).toBe(0);
    // Done server-side without a webhook the page could hear: only the poll finds it.
    context.sandbox.data.flows.get(id)!.flow.completed_steps = ['compliance'];
    await advance(60_000 + 500);
    expect(context.reads()).toBe(1);
    expect(flow.steps).toEqual(['compliance']);
  });

  it("should never hear of another user's flow: no read, no step", async () => {
    const context = setup();
    const mine = await opened(context, 'usr_owner');
    // Another user's flow, made and completed server-side: its event is not this page's.
    const theirs = await context.sandbox.handle(
      new Request('http://payments.test/api/v2/flows', {
        method: 'POST',
        headers: { authorization: context.sandbox.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ steps: [...STEPS], user_id: 'usr_other' }),
      }),
    );
    const other = ((await theirs.json()) as Flow).id;
    context.owners.set(other, 'usr_other');
    await context.complete(other, 'compliance');
    await advance(5_000);
    expect(context.reads()).toBe(0);
    expect(mine.steps).toEqual([]);
  });

  it('should leave the flow as it is when a read fails, and poll no more until the next event', async () => {
    const context = setup();
    const flow = await opened(context, 'usr_owner');
    context.sandbox.inject({ kind: 'status', status: 503, body: { message: 'busy' } }, { operation: 'getFlow', times: 1 });
    await context.complete(flow.id, 'compliance');
    await until(() => expect(context.reads()).toBe(1));
    await advance(5 * 60_000);
    expect(context.reads()).toBe(1);
    expect(flow.steps).toEqual([]);
    expect(flow.container.querySelector('.pk-flow')).toHaveAttribute('data-state', 'success');
    await context.complete(flow.id, 'payout');
    await until(() => expect(flow.completes).toHaveLength(1));
    expect(flow.steps).toEqual(['compliance', 'payout']);
  });
});

describe('given a FlowLauncher under an open stream, and a proxy that does not serve the flow read', () => {
  it('should go on with the hosted page alone: the read answers 404, no error shows, no poll follows', async () => {
    const context = setup({ servesFlowRead: false });
    const flow = await opened(context, 'usr_owner');
    await context.complete(flow.id, 'compliance');
    await until(() => expect(context.asked).toHaveLength(1));
    await advance(5 * 60_000);
    // The proxy answered 404 itself: nothing reached the API, and the flow is as it was.
    expect(context.asked.map((answer) => answer.status)).toEqual([404]);
    expect(context.reads()).toBe(0);
    expect(flow.steps).toEqual([]);
    expect(flow.container.querySelector('.pk-flow')).toHaveAttribute('data-state', 'success');
    expect(flow.container.querySelector('[role="alert"]')).toBeNull();
    const frame = flow.container.querySelector('iframe')!;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { step: 'compliance', status: 'completed' }, origin: ORIGIN, source: frame.contentWindow }));
    });
    expect(flow.steps).toEqual(['compliance']);
  });
});

describe('given a FlowLauncher without a stream', () => {
  it('should read nothing, events or time, and follow the hosted page alone', async () => {
    const context = setup();
    const flow = await opened(context, 'usr_owner', false);
    await context.complete(flow.id, 'compliance');
    await advance(10 * 60_000);
    expect(context.reads()).toBe(0);
    expect(flow.steps).toEqual([]);
    const frame = flow.container.querySelector('iframe')!;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { step: 'compliance', status: 'completed' }, origin: ORIGIN, source: frame.contentWindow }));
    });
    expect(flow.steps).toEqual(['compliance']);
  });

  it('should go on with the hosted page alone when the stream drops, without an error', async () => {
    const context = setup();
    const flow = await opened(context, 'usr_owner');
    context.events.close();
    await until(() => expect(context.states.at(-1)).toBe('polling'));
    const frame = flow.container.querySelector('iframe')!;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { step: 'compliance', status: 'completed' }, origin: ORIGIN, source: frame.contentWindow }));
    });
    expect(flow.steps).toEqual(['compliance']);
    expect(flow.container.querySelector('.pk-flow')).toHaveAttribute('data-state', 'success');
    expect(flow.container.querySelector('[role="alert"]')).toBeNull();
  });
});
