// Shared by the component tests: the sandbox behind MSW (standing in for the merchant's proxy),
// a fresh QueryClient per render, StrictMode, and an axe check.
import { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import axe from 'axe-core';
import { StrictMode, type ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { PaymentsProvider, type PaymentsProviderProps, type Flow, type FlowStep, type OperationName, type PaymentsFetcher } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- checkedAnswers of client/checkedAnswers, which no entry exports
import { checkedAnswers } from '../../src/client/checkedAnswers.js';
import type { SandboxFault } from 'payments-kit/testing';
import { setUpSandbox as setUpSharedSandbox, type SandboxHarness } from '../sandboxHarness.js';

export { countingFetcher, holdRequests } from '../sandboxHarness.js';


/**
 * Where the sandbox's flow links point in these tests. Not the page's origin (MSW answers at
 * it): the kit never embeds a flow from the page's own origin.
 */
export const HOSTED_FLOW_ORIGIN = 'https://flows.sandbox.test';

/** The shared sandbox harness (test/sandboxHarness.ts), with flow links at `HOSTED_FLOW_ORIGIN`. */
export function setUpSandbox(): SandboxHarness {
  return setUpSharedSandbox({ origin: HOSTED_FLOW_ORIGIN });
}

/**
 * The proxy refusing `operation` past the subject's budget: 429 `rate_limited` in its one error
 * body, with `Retry-After: retryAfterSeconds`.
 */
export function rateLimitedFault(operation: OperationName, retryAfterSeconds: number): SandboxFault {
  return {
    kind: 'status',
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: { error: { kind: 'http', status: 429, code: 'rate_limited', message: 'Too many requests.', operation } },
  };
}

/**
 * Runs `start` (a render that opens a hosted flow), then waits until a `message` listener that
 * it added is on `window`. The flow subscribes in an effect, which may run a task after its
 * iframe shows (on a busy machine, after the test has gone on): a message posted before is not
 * heard, and a test that impostors are ignored would pass for that reason alone.
 */
export async function untilFlowListens<T>(start: () => T | Promise<T>): Promise<T> {
  const live = new Set<unknown>();
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  const added = vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener, options) => {
    if (type === 'message') live.add(listener);
    add(type, listener, options);
  });
  const removed = vi.spyOn(window, 'removeEventListener').mockImplementation((type: string, listener, options) => {
    if (type === 'message') live.delete(listener);
    remove(type, listener, options);
  });
  try {
    const result = await start();
    await waitFor(() => {
      expect(live.size).toBeGreaterThan(0);
    });
    return result;
  } finally {
    added.mockRestore();
    removed.mockRestore();
  }
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export type RenderOptions = Omit<PaymentsProviderProps, 'children'> & { strict?: boolean };

/** Renders inside `<StrictMode><PaymentsProvider>` with a fresh QueryClient (unless given). */
export function renderWithProvider(
  ui: ReactElement,
  options: RenderOptions = {},
): Omit<RenderResult, 'rerender'> & { rerender: (next: ReactElement) => void; queryClient: QueryClient } {
  const { strict = true, queryClient = createTestQueryClient(), ...provider } = options;
  const wrap = (node: ReactElement) => {
    const tree = (
      <PaymentsProvider queryClient={queryClient} {...provider}>
        {node}
      </PaymentsProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)), queryClient };
}

/**
 * Fails with the list of axe violations in `container`. jsdom has no layout, so contrast is not
 * checked here (the Chromium suites check it); everything structural is.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  // iframes: false — a flow's iframe never loads in jsdom, and axe cannot reach into it there.
  const results = await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * For tests on fake timers: checks `assertion` after each 50 ms of fake time, up to 5 s of it.
 * Bounded by the fake clock, never the wall clock (as `vi.waitFor`'s timeout is), so a busy
 * machine cannot fail it, and React 18's extra turns get the time they need.
 */
export async function untilOnFakeClock(assertion: () => void): Promise<void> {
  for (let step = 0; ; step++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (step >= 100) throw error;
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
  }
}

/**
 * A fetcher that answers each createFlow at once with a new flow of `steps` linking to the hosted
 * flow's origin, as the kit's proxy would have checked it, and keeps the flows it made.
 */
export function createdFlowFetcher(steps: readonly FlowStep[]): { fetcher: PaymentsFetcher; created: Flow[] } {
  const created: Flow[] = [];
  const fetcher: PaymentsFetcher = () => {
    const flow: Flow = {
      id: `flow_${String(created.length + 1)}`,
      link: `${HOSTED_FLOW_ORIGIN}/flow`,
      created: new Date().toISOString(),
      metadata: {},
      steps: [...steps],
      completed_steps: [],
      user_id: null,
    };
    checkedAnswers.add(flow);
    created.push(flow);
    return Promise.resolve(flow);
  };
  return { fetcher, created };
}

/** Every text `root`'s alert has had, from now on: one entry is one announcement. */
export function recordAlertTexts(root: HTMLElement): string[] {
  const texts: string[] = [];
  const record = () => {
    const text = root.querySelector('[role="alert"]')?.textContent ?? undefined;
    if (text !== undefined && text !== texts.at(-1)) texts.push(text);
  };
  new MutationObserver(record).observe(root, { subtree: true, childList: true, characterData: true });
  return texts;
}
