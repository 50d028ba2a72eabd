// The headless hooks, used as a host's own UI would: no kit markup, only their state and actions.
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Flow, type PaymentsError, paymentsKeys, useConfirmPaymentIntent, type PaymentsFetcher, PaymentsProvider, useConfirmIntent, type UseConfirmIntentOptions, useHostedFlow, type UseHostedFlowOptions } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- shortHash of components/headless/pendingConfirms, which no entry exports
import { shortHash } from '../../src/components/headless/pendingConfirms.js';
import { sandboxIds } from 'payments-kit/testing';
import { HOSTED_FLOW_ORIGIN, createTestQueryClient, holdRequests, setUpSandbox, untilFlowListens } from './harness.js';
import { sleep } from '../support/sleep.js';

const { sandbox, browserRequests, server } = setUpSandbox();

const ids = sandboxIds.paymentIntents;
const method = sandboxIds.paymentMethod;
const sentKeys = () => browserRequests.map((request) => request.headers.get('idempotency-key'));

function wrapperFor(options: { queryClient?: ReturnType<typeof createTestQueryClient>; fetcher?: PaymentsFetcher } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <PaymentsProvider queryClient={queryClient} fetcher={options.fetcher}>
          {children}
        </PaymentsProvider>
      </StrictMode>
    );
  };
}

const confirmOptions = (overrides: Partial<UseConfirmIntentOptions> = {}): UseConfirmIntentOptions => ({
  paymentIntentId: ids.succeeded,
  paymentMethodId: method,
  ...overrides,
});

describe('useConfirmIntent', () => {
  describe('given two hooks for one payment intent, started in the same frame', () => {
    it('should send one confirm, and both should show it confirming, then confirmed', async () => {
      // Held until both show it in flight: waitFor looks every 50 ms, and a latency could end first.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const { result } = renderHook(() => [useConfirmIntent(confirmOptions()), useConfirmIntent(confirmOptions())] as const, {
        wrapper: wrapperFor(),
      });
      expect(result.current.map((hook) => hook.state)).toEqual(['idle', 'idle']);
      act(() => {
        result.current[0].start();
        result.current[1].start();
        result.current[0].start();
      });
      await waitFor(() => {
        expect(result.current.map((hook) => hook.state)).toEqual(['confirming', 'confirming']);
      });
      expect(result.current.map((hook) => hook.canStart)).toEqual([false, false]);
      hold.release();
      await waitFor(() => {
        expect(result.current.map((hook) => hook.state)).toEqual(['confirmed', 'confirmed']);
      });
      expect(result.current[1].intent).toMatchObject({ id: ids.succeeded, status: 'succeeded' });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given a confirm started through useConfirmPaymentIntent for the same intent', () => {
    it('should count it as in flight and send nothing more', async () => {
      // Held until the hook shows it in flight: waitFor looks every 50 ms, and a latency could end first.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const { result } = renderHook(() => ({ low: useConfirmPaymentIntent(), hook: useConfirmIntent(confirmOptions()) }), {
        wrapper: wrapperFor(),
      });
      act(() => {
        result.current.low.mutate({ paymentIntentId: ids.succeeded, paymentMethodId: method, idempotencyKey: 'idem-low-level-1' });
        result.current.hook.start();
      });
      await waitFor(() => {
        expect(result.current.hook.state).toBe('confirming');
      });
      hold.release();
      await waitFor(() => {
        expect(result.current.hook.state).toBe('confirmed');
      });
      expect(sentKeys()).toEqual(['idem-low-level-1']);
    });
  });

  describe('given requireConfirmation', () => {
    it('should ask on start, send once on accept however often it is called, and nothing on cancel', async () => {
      const { result } = renderHook(() => useConfirmIntent(confirmOptions({ requireConfirmation: true })), { wrapper: wrapperFor() });
      act(() => {
        result.current.start();
      });
      expect(result.current.state).toBe('prompt');
      act(() => {
        result.current.cancel();
      });
      expect(result.current.state).toBe('idle');
      act(() => {
        result.current.accept(); // no question asked: nothing to accept
      });
      expect(result.current.state).toBe('idle');
      act(() => {
        result.current.start();
      });
      act(() => {
        for (let i = 0; i < 5; i += 1) result.current.accept();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('confirmed');
      });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given a question asked on one hook while another confirms the same intent', () => {
    it('should drop the question once that confirm has settled, rather than ask to pay again', async () => {
      // Held until the asking hook shows it in flight: waitFor looks every 50 ms, and a latency could end first.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const { result } = renderHook(
        () => [useConfirmIntent(confirmOptions({ requireConfirmation: true })), useConfirmIntent(confirmOptions())] as const,
        { wrapper: wrapperFor() },
      );
      act(() => {
        result.current[0].start();
      });
      expect(result.current[0].state).toBe('prompt');
      act(() => {
        result.current[1].start();
      });
      await waitFor(() => {
        expect(result.current[0].state).toBe('confirming');
      });
      hold.release();
      await waitFor(() => {
        expect(result.current.map((hook) => hook.state)).toEqual(['confirmed', 'confirmed']);
      });
      act(() => {
        result.current[0].accept();
      });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given an unknown outcome', () => {
    it('should offer only the retry, and retry with the same key', async () => {
      sandbox.inject({ kind: 'network' }, { operation: 'confirmPaymentIntent', times: 1 });
      const onError = vi.fn();
      const { result } = renderHook(() => useConfirmIntent(confirmOptions({ onError })), { wrapper: wrapperFor() });
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('error');
      });
      expect(result.current.error).toMatchObject({ kind: 'network' });
      expect(result.current.canRetry).toBe(true);
      expect(result.current.canStart).toBe(false);
      expect(onError).toHaveBeenCalledTimes(1);
      act(() => {
        result.current.start(); // not offered: a new key could move the money twice
      });
      expect(sentKeys()).toHaveLength(1);
      act(() => {
        result.current.retry();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('confirmed');
      });
      expect(sentKeys()).toHaveLength(2);
      expect(sentKeys()[1]).toBe(sentKeys()[0]);
    });
  });

  describe('given a definitive outcome that allows another action', () => {
    it('should draw a new key for it', async () => {
      const { result } = renderHook(() => useConfirmIntent(confirmOptions({ paymentIntentId: ids.failed })), {
        wrapper: wrapperFor(),
      });
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('failed');
      });
      expect(result.current.canStart).toBe(true);
      expect(result.current.canRetry).toBe(false);
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(sentKeys()).toHaveLength(2);
      });
      expect(sentKeys()[1]).not.toBe(sentKeys()[0]);
    });

    it.each([
      [ids.failed, 'failed'],
      [ids.requires_action, 'requires-action'],
      [ids.requires_confirmation, 'not-confirmed'],
      [ids.canceled, 'canceled'],
      [ids.unknown, 'unknown'],
    ] as const)('should name the outcome of %s %s', async (id, state) => {
      const { result } = renderHook(() => useConfirmIntent(confirmOptions({ paymentIntentId: id })), { wrapper: wrapperFor() });
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe(state);
      });
      expect(result.current.canStart).toBe(state === 'failed' || state === 'not-confirmed');
    });
  });

  describe('given the amount shown differs from the amount confirmed', () => {
    it('should say amount-mismatch with both amounts, and report it instead of onConfirmed, before onOutcome', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls: string[] = [];
      const { result } = renderHook(
        () =>
          useConfirmIntent(
            confirmOptions({
              amount: 100,
              onConfirmed: () => calls.push('onConfirmed'),
              onOutcome: () => calls.push('onOutcome'),
              onError: (error: PaymentsError) => calls.push(`onError:${error.code ?? ''}`),
            }),
          ),
        { wrapper: wrapperFor() },
      );
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('amount-mismatch');
      });
      const confirmed = sandbox.data.paymentIntents.get(ids.succeeded)!.intent.amount;
      expect(result.current.mismatch).toMatchObject({ shown: '$1.00', confirmed: `$${(confirmed / 100).toFixed(2)}` });
      expect(result.current.canStart).toBe(false);
      expect(calls).toEqual(['onError:amount_mismatch', 'onOutcome']);
      logged.mockRestore();
    });
  });

  describe('given a confirm answered with a client_secret', () => {
    it('should tell the other tabs its outcome without the client_secret', async () => {
      server.use(
        http.post('*/api/payments/api/v2/payment-intents/:id/confirm', () =>
          HttpResponse.json({ id: ids.succeeded, amount: 4_999, currency: 'usd', status: 'succeeded', client_secret: 'pi_succeeded_secret_x1', metadata: { order: 'ORD-1' } }),
        ),
      );
      // Any page of the origin can listen on the kit's channel.
      const heard: unknown[] = [];
      const channel = new BroadcastChannel('payments-kit:confirm');
      channel.onmessage = (event: MessageEvent) => heard.push(event.data);
      try {
        const { result } = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: wrapperFor() });
        act(() => {
          result.current.start();
        });
        await waitFor(() => {
          expect(heard).toContainEqual(expect.objectContaining({ phase: 'settled' }));
        });
        expect(result.current.state).toBe('confirmed');
        expect(heard.at(-1)).toMatchObject({ intent: { id: ids.succeeded, status: 'succeeded', amount: 4_999, currency: 'usd' } });
        expect(JSON.stringify(heard)).not.toMatch(/secret|ORD-1/u);
      } finally {
        channel.close();
      }
    });
  });

  describe('given the hook unmounts while its confirm is in flight', () => {
    it('should call nothing, and leave the outcome to the page for the next hook', async () => {
      sandbox.inject({ kind: 'latency', ms: 40 }, { operation: 'confirmPaymentIntent' });
      const queryClient = createTestQueryClient();
      const onOutcome = vi.fn();
      const first = renderHook(() => useConfirmIntent(confirmOptions({ onOutcome })), { wrapper: wrapperFor({ queryClient }) });
      act(() => {
        first.result.current.start();
      });
      first.unmount();
      const second = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: wrapperFor({ queryClient }) });
      expect(second.result.current.state).toBe('confirming');
      await waitFor(() => {
        expect(second.result.current.state).toBe('confirmed');
      });
      expect(onOutcome).not.toHaveBeenCalled();
      expect(queryClient.isMutating({ mutationKey: paymentsKeys.confirmPaymentIntent(ids.succeeded) })).toBe(0);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });
});

// ─── useConfirmIntent across reloads (a new QueryClient is a reloaded page; the tab's sessionStorage stays) ───

/** A session token as the browser holds it: only its `sub` claim is read, never verified here. */
const tokenFor = (sub: string, nonce = 'a') =>
  ['eyJhbGciOiJIUzI1NiJ9', btoa(JSON.stringify({ sub, nonce })).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_'), 'signature'].join('.');

const keptEntries = () => Object.keys(sessionStorage).filter((name) => name.startsWith('payments-kit:confirm:'));

/** The page before the reload: one confirm sent, its answer never coming. */
async function sendAndReload(session?: string) {
  sandbox.inject({ kind: 'hang' }, { operation: 'confirmPaymentIntent', times: 1 });
  const before = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(session) });
  act(() => {
    before.result.current.start();
  });
  await waitFor(() => {
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
  });
  before.unmount();
}

/**
 * A stand-in for `navigator.locks` (jsdom has none), as the tabs of one origin share it: `hold`
 * takes a lock as another tab would, `idle` waits until every request made here has run.
 */
function installFakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const requests: Promise<unknown>[] = [];
  const release = (name: string) => {
    held.delete(name);
    waiting.get(name)?.shift()?.();
  };
  const take = async (name: string, ifAvailable: boolean) => {
    if (!held.has(name)) return true;
    if (ifAvailable) return false;
    await new Promise<void>((resolve) => {
      waiting.set(name, [...(waiting.get(name) ?? []), resolve]);
    });
    return true;
  };
  type Callback = (lock: { name: string } | null) => unknown;
  const request = (name: string, ...rest: [Callback] | [{ ifAvailable?: boolean }, Callback]) => {
    const [options, callback] = rest.length === 1 ? [{}, rest[0]] : rest;
    const run = (async () => {
      if (!(await take(name, options.ifAvailable === true))) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        release(name);
      }
    })();
    requests.push(run);
    return run;
  };
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: { request, query: () => Promise.resolve({ held: [...held].map((name) => ({ name })), pending: [] }) },
  });
  return {
    hold: (name: string) => {
      held.add(name);
      return () => {
        release(name);
      };
    },
    idle: async () => {
      let seen = 0;
      while (seen < requests.length) {
        const batch = requests.slice(seen);
        seen = requests.length;
        await Promise.allSettled(batch);
      }
    },
  };
}

function sessionWrapper(session: string | undefined, queryClient = createTestQueryClient()) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <PaymentsProvider queryClient={queryClient} session={session}>
          {children}
        </PaymentsProvider>
      </StrictMode>
    );
  };
}

describe('useConfirmIntent across a reload', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  describe('given a confirm sent and not answered before the page was reloaded', () => {
    it('should check the earlier payment with its same key, show its outcome, and keep nothing after', async () => {
      await sendAndReload();
      expect(keptEntries()).toEqual([`payments-kit:confirm:${ids.succeeded}`]);
      const kept = sessionStorage.getItem(`payments-kit:confirm:${ids.succeeded}`) ?? '';
      // The key and the method, no amount and no token.
      expect(kept).toContain(sentKeys()[0]);
      expect(kept).not.toMatch(/amount|eyJ/u);
      // The check is held until it has been seen: a latency could end between waitFor's looks.
      const hold = holdRequests(server, 'confirmPaymentIntent');
      const after = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(undefined) });
      await waitFor(() => {
        expect(after.result.current.state).toBe('recovering');
      });
      expect(after.result.current.canStart).toBe(false);
      hold.release();
      await waitFor(() => {
        expect(after.result.current.state).toBe('confirmed');
      });
      expect(sentKeys()).toHaveLength(2);
      expect(sentKeys()[1]).toBe(sentKeys()[0]);
      expect(keptEntries()).toEqual([]);
    });

    it('should recover it under a renewed token of the same subject', async () => {
      await sendAndReload(tokenFor('user_1', 'first'));
      const after = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(tokenFor('user_1', 'renewed')) });
      await waitFor(() => {
        expect(after.result.current.state).toBe('confirmed');
      });
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
    });
  });

  describe('given a remount while the confirm is still in flight on the page', () => {
    it('should show it confirming and keep its key for a later reload', async () => {
      const session = tokenFor('user_1');
      sandbox.inject({ kind: 'hang' }, { operation: 'confirmPaymentIntent', times: 1 });
      const queryClient = createTestQueryClient();
      const onPage = ({ children }: { children: ReactNode }) => (
        <StrictMode>
          <PaymentsProvider queryClient={queryClient} session={session}>
            {children}
          </PaymentsProvider>
        </StrictMode>
      );
      const first = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: onPage });
      act(() => {
        first.result.current.start();
      });
      await waitFor(() => {
        expect(keptEntries()).toHaveLength(1);
      });
      first.unmount();
      const remounted = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: onPage });
      expect(remounted.result.current.state).toBe('confirming');
      await sleep(50);
      expect(keptEntries()).toHaveLength(1);
      remounted.unmount();
      const reloaded = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(session) });
      await waitFor(() => {
        expect(reloaded.result.current.state).toBe('confirmed');
      });
      expect(sentKeys()).toEqual([sentKeys()[0], sentKeys()[0]]);
    });
  });

  describe('given a duplicated tab that checks the kept confirm first', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    it('should show it checking until that tab tells its outcome, then show it, keep nothing and send nothing', async () => {
      await sendAndReload();
      const key = sentKeys()[0] ?? '';
      const locks = installFakeLocks();
      // The other tab holds the intent's lock: it is sending the same kept confirm.
      const otherTabDone = locks.hold(`payments-kit:confirm:${ids.succeeded}`);
      const otherTab = new BroadcastChannel('payments-kit:confirm');
      const queryClient = createTestQueryClient();
      try {
        const after = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(undefined, queryClient) });
        await waitFor(() => {
          expect(after.result.current.state).toBe('recovering');
        });
        otherTab.postMessage({
          from: 'another-tab',
          paymentIntentId: ids.succeeded,
          phase: 'settled',
          intent: { id: ids.succeeded, status: 'succeeded', amount: 4_999, currency: 'usd' },
          ref: shortHash(key),
          known: true,
        });
        await waitFor(() => {
          expect(after.result.current.state).toBe('confirmed');
        });
        expect(after.result.current.canStart).toBe(false);
        expect(keptEntries()).toEqual([]);
        // The other tab lets the lock go: this tab, next in line, finds the confirm answered.
        otherTabDone();
        await locks.idle();
        expect(after.result.current.state).toBe('confirmed');
        expect(queryClient.getMutationCache().getAll()).toEqual([]);
        expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
      } finally {
        otherTab.close();
      }
    });
  });

  describe('given the page now speaks for another subject', () => {
    it('should forget the kept confirm and send nothing', async () => {
      await sendAndReload(tokenFor('user_1'));
      expect(keptEntries()).toHaveLength(1);
      const after = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(tokenFor('user_2')) });
      await waitFor(() => {
        expect(keptEntries()).toEqual([]);
      });
      await waitFor(() => {
        expect(after.result.current.state).toBe('idle');
      });
      expect(after.result.current.canStart).toBe(true);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given a definitive answer', () => {
    it('should keep nothing', async () => {
      const { result } = renderHook(() => useConfirmIntent(confirmOptions({ paymentIntentId: ids.failed })), { wrapper: sessionWrapper(undefined) });
      act(() => {
        result.current.start();
      });
      await waitFor(() => {
        expect(result.current.state).toBe('failed');
      });
      expect(keptEntries()).toEqual([]);
    });
  });

  describe.each([
    ['full', () => vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    })],
    ['blocked', () => vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    })],
    ['throwing on every read', () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('storage gone');
      });
      return vi.spyOn(Storage.prototype, 'key').mockImplementation(() => {
        throw new Error('storage gone');
      });
    }],
  ])('given the tab\'s storage %s', (_label, breakStorage) => {
    it('should confirm once as a page without it does, and offer the action again after a reload', async () => {
      breakStorage();
      await sendAndReload();
      const after = renderHook(() => useConfirmIntent(confirmOptions()), { wrapper: sessionWrapper(undefined) });
      expect(after.result.current.state).toBe('idle');
      await sleep(50);
      expect(after.result.current.state).toBe('idle');
      act(() => {
        after.result.current.start();
      });
      await waitFor(() => {
        expect(after.result.current.state).toBe('confirmed');
      });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(2);
    });
  });
});

// ─── useHostedFlow ───

/** A host's own flow UI: a differently designed launcher over the hook, and the iframe it renders. */
function CustomFlow(props: Partial<UseHostedFlowOptions> & { onResult?: (flow: ReturnType<typeof useHostedFlow>) => void }) {
  const { onResult, ...options } = props;
  const flow = useHostedFlow({ steps: ['compliance', 'payout'], title: 'Verify your shop', ...options });
  onResult?.(flow);
  return (
    <div data-testid="custom" data-state={flow.state}>
      {flow.frameProps ? <iframe key={flow.flow?.id} {...flow.frameProps} /> : null}
      <button type="button" onClick={flow.start}>
        Begin
      </button>
      <button type="button" onClick={flow.restart}>
        Again
      </button>
      <button type="button" onClick={flow.close}>
        Stop
      </button>
      {flow.progress ? <p>{`${String(flow.progress.done)}/${String(flow.progress.steps.length)}`}</p> : null}
    </div>
  );
}

function renderFlow(ui: ReactNode, fetcher?: PaymentsFetcher) {
  const Wrapper = wrapperFor({ fetcher });
  return render(<Wrapper>{ui}</Wrapper>);
}

const iframe = () => document.querySelector('iframe');

function post(data: unknown, origin = HOSTED_FLOW_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe()?.contentWindow ?? null }));
  });
}

describe('useHostedFlow', () => {
  // A spy left on window's listeners by a failed test would wrap the next test's.
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('given autoStart under StrictMode and an iframe rendered from frameProps', () => {
    it('should create one flow, give the iframe its checked src and safe attributes, and follow its messages', async () => {
      const onComplete = vi.fn();
      const onStepCompleted = vi.fn();
      await untilFlowListens(() => {
        renderFlow(<CustomFlow autoStart onComplete={onComplete} onStepCompleted={onStepCompleted} />);
        expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'creating');
      });
      await waitFor(() => {
        expect(iframe()).not.toBeNull();
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      const frame = iframe()!;
      expect(frame).toHaveAttribute('title', 'Verify your shop');
      expect(frame).toHaveAttribute('allow', 'camera');
      expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin');
      expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
      expect(new URL(frame.src).pathname).toMatch(/\/hosted\//);
      expect(screen.getByText('0/2')).toBeInTheDocument();

      post({ height: 640 });
      expect(iframe()).toHaveAttribute('height', '640');
      post({ step: 'compliance', status: 'completed' }, 'https://evil.example');
      expect(screen.getByText('0/2')).toBeInTheDocument();
      post({ step: 'compliance', status: 'completed' });
      post({ step: 'compliance', status: 'completed' });
      expect(screen.getByText('1/2')).toBeInTheDocument();
      post({ step: 'payout', status: 'completed-saved' });
      expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'complete');
      expect(onStepCompleted).toHaveBeenCalledTimes(2);
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect((onComplete.mock.calls[0]?.[0] as Flow).completed_steps).toEqual(['compliance', 'payout']);
    });
  });

  describe('given restart and close', () => {
    it('should create a new flow on restart, and drop it on close with its listener', async () => {
      const removed = vi.spyOn(window, 'removeEventListener');
      renderFlow(<CustomFlow autoStart />);
      await waitFor(() => {
        expect(iframe()).not.toBeNull();
      });
      const first = iframe()!.src;
      act(() => {
        screen.getByRole('button', { name: 'Begin' }).click(); // one is open: nothing new
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      act(() => {
        screen.getByRole('button', { name: 'Again' }).click();
      });
      // The new flow's iframe: between the two there is none while the new one is created.
      await waitFor(() => {
        expect(iframe()).not.toBeNull();
        expect(iframe()?.src).not.toBe(first);
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(2);
      act(() => {
        screen.getByRole('button', { name: 'Stop' }).click();
      });
      expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'idle');
      expect(iframe()).toBeNull();
      expect(removed.mock.calls.some(([type]) => type === 'message')).toBe(true);
    });

    it('should ignore the answer of a creation closed while under way', async () => {
      // Held until it is closed, so the answer comes after whatever the machine's pace.
      const hold = holdRequests(server, 'createFlow');
      const queryClient = createTestQueryClient();
      const onFlowCreated = vi.fn();
      const Wrapper = wrapperFor({ queryClient });
      render(
        <Wrapper>
          <CustomFlow onFlowCreated={onFlowCreated} />
        </Wrapper>,
      );
      act(() => {
        screen.getByRole('button', { name: 'Begin' }).click();
      });
      expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'creating');
      await waitFor(() => {
        expect(hold.held()).toBe(1);
      });
      act(() => {
        screen.getByRole('button', { name: 'Stop' }).click();
      });
      hold.release();
      // The answer has come back and the creation has settled: had it been taken, it would show by now.
      await waitFor(() => {
        expect(queryClient.getMutationCache().getAll().map((mutation) => mutation.state.status)).toEqual(['success']);
      });
      expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'idle');
      expect(onFlowCreated).not.toHaveBeenCalled();
      expect(iframe()).toBeNull();
    });
  });

  describe('given a link from an origin not allowed', () => {
    it('should say error with the refusal, offer no retry, and render no iframe', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let latest: ReturnType<typeof useHostedFlow> | undefined;
      let link = '';
      renderFlow(<CustomFlow autoStart allowedOrigins={['https://flows.payments.example']} onFlowCreated={(flow) => (link = flow.link)} onResult={(flow) => (latest = flow)} />);
      await waitFor(() => {
        expect(screen.getByTestId('custom')).toHaveAttribute('data-state', 'error');
      });
      expect(latest?.linkRefusal).toBe('origin');
      expect(latest?.error).toMatchObject({ code: 'flow_link_refused' });
      expect(latest?.canRetry).toBe(false);
      expect(iframe()).toBeNull();
      // One warning for the developer, naming the origin (not the link) and the option that allows it.
      expect(warn).toHaveBeenCalledTimes(1);
      const [warning] = warn.mock.calls[0] as [string];
      expect(warning).toContain(`flow link of ${new URL(link).origin} not embedded`);
      expect(warning).not.toContain(new URL(link).pathname);
      expect(warning).toContain('`allowedOrigins`');
      expect(warning).toContain('`allowed-origins`');
      warn.mockRestore();
    });
  });

  describe('given the styles option', () => {
    it('should send what it returns in the link’s styles parameter', async () => {
      renderFlow(<CustomFlow autoStart styles={() => ({ theme: 'dark', variables: { '--pk-color-accent': '#123456' } })} />);
      await waitFor(() => {
        expect(iframe()).not.toBeNull();
      });
      expect(JSON.parse(new URL(iframe()!.src).searchParams.get('styles') ?? 'null')).toEqual({
        theme: 'dark',
        variables: { '--pk-color-accent': '#123456' },
      });
    });
  });
});

describe('given a headless hook outside <PaymentsProvider>', () => {
  it.each<[string, () => unknown]>([
    ['useConfirmIntent', () => useConfirmIntent(confirmOptions())],
    ['useHostedFlow', () => useHostedFlow({ steps: ['compliance'], title: 'Verify' })],
  ])('should throw an error naming %s, the provider and the fix', (name, hook) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => renderHook(hook)).toThrow(`\`${name}\` must be used inside \`<PaymentsProvider>\``);
    } finally {
      consoleError.mockRestore();
    }
  });
});
