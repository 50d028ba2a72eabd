import { afterEach, describe, expect, it, vi } from 'vitest';
import 'payments-kit/elements';
import { sandboxIds } from 'payments-kit/testing';
import { HOSTED_FLOW_ORIGIN, expectNoConsoleError, mount, requestsTo, rootOf, settled, setUpElements } from './harness.js';

const { requests, transactionReads } = setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;

/** Lets the microtask in which a removed element unmounts run. */
const microtask = () => Promise.resolve();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('given an element removed from the page', () => {
  it('should unmount its React tree: the shadow root is left empty', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.completed}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    await settled(element, 'success');
    const shadow = element.shadowRoot;
    element.remove();
    await microtask();
    expect(shadow?.childNodes.length).toBe(0);
  });

  it('should leave no timer: a live transfer is read no more', async () => {
    // Timers advance with the clock (so the first read settles) and can be pushed forward by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    await settled(element, 'success');
    expect(transactionReads()).toHaveLength(1);
    // While connected, `created` is under way: live status reads it again (src/client/liveStatus.ts).
    await vi.advanceTimersByTimeAsync(5_000);
    await expect.poll(() => transactionReads().length).toBe(2);

    element.remove();
    await microtask();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(transactionReads()).toHaveLength(2);
  });

  it('should leave no iframe and no message listener of an open flow', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const messageListeners = () => {
      const listeners = new Set(added.mock.calls.filter(([type]) => type === 'message').map(([, listener]) => listener));
      for (const [type, listener] of removed.mock.calls) if (type === 'message') listeners.delete(listener);
      return listeners.size;
    };
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher steps="compliance" auto-start allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    await settled(element, 'success');
    expect(element.shadowRoot?.querySelector('iframe')).toBeInstanceOf(HTMLIFrameElement);
    expect(messageListeners()).toBeGreaterThan(0);

    element.remove();
    await microtask();
    expect(element.shadowRoot?.querySelector('iframe')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(messageListeners()).toBe(0);
  });
});

describe('given an element moved in the page', () => {
  it('should keep what it shows and not read again', async () => {
    mount(
      `<payments-provider session="tok"><div id="from"><payments-transaction-detail transaction-id="${ids.completed}"></payments-transaction-detail></div><div id="to"></div></payments-provider>`,
      'payments-provider',
    );
    const element = document.querySelector('payments-transaction-detail');
    if (element === null) throw new Error('No element.');
    const before = await settled(element, 'success');
    // Disconnected and connected again in one task, as a list that reorders its items does.
    document.getElementById('to')?.append(element);
    await microtask();
    await settled(element, 'success');
    expect(element.parentElement?.id).toBe('to');
    expect(rootOf(element)).toBe(before);
    expect(transactionReads()).toHaveLength(1);
  });

  it('should keep a confirmed button confirmed', async () => {
    mount(
      `<payments-provider session="tok"><div id="from"><payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}"></payments-confirm-button></div><div id="to"></div></payments-provider>`,
      'payments-provider',
    );
    const element = document.querySelector('payments-confirm-button');
    if (element === null) throw new Error('No element.');
    await settled(element, 'idle');
    element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button')?.click();
    const before = await settled(element, 'confirmed');
    document.getElementById('to')?.append(element);
    await microtask();
    expect(rootOf(element)).toBe(before);
    expect(rootOf(element)?.getAttribute('data-state')).toBe('confirmed');
    expect(requestsTo(requests, 'POST', /\/confirm$/)).toHaveLength(1);
  });
});
