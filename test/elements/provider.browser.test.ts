import { describe, expect, it, vi } from 'vitest';
import 'payments-kit/elements';
import { definePaymentsElements, paymentsElements } from 'payments-kit/elements';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoConsoleError, mount, requestsTo, settled, setUpElements } from './harness.js';

const { requests, transactionReads, sessionsSent } = setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;
const detail = (id: string) => `<payments-transaction-detail transaction-id="${id}"></payments-transaction-detail>`;

describe('given a session on the provider', () => {
  it('should send it as the Payments-Session header', async () => {
    const element = mount(`<payments-provider session="tok">${detail(ids.completed)}</payments-provider>`, 'payments-transaction-detail');
    await settled(element, 'success');
    expect(sessionsSent()).toEqual(['tok']);
  });

  it('should send the new token after the session attribute changes', async () => {
    const element = mount(`<payments-provider session="tok">${detail(ids.completed)}</payments-provider>`, 'payments-transaction-detail');
    await settled(element, 'success');
    document.querySelector('payments-provider')?.setAttribute('session', 'tok-2');
    element.transactionId = ids.failed;
    await expect.poll(() => transactionReads().length).toBe(2);
    await settled(element, 'success');
    expect(sessionsSent()).toEqual(['tok', 'tok-2']);
  });

  it('should ask getSession once for ten elements when there is no session attribute', async () => {
    mount('<payments-provider></payments-provider>', 'payments-provider');
    const provider = document.querySelector('payments-provider');
    if (provider === null) throw new Error('No provider.');
    const getSession = vi.fn(() => Promise.resolve('minted'));
    provider.getSession = getSession;
    provider.innerHTML = Array.from({ length: 10 }, () => detail(ids.completed)).join('');
    for (const element of provider.querySelectorAll('payments-transaction-detail')) await settled(element, 'success');
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(sessionsSent()).toEqual(['minted']);
  });
});

describe('given an element with no provider', () => {
  it('should use the page default: the proxy at /api/payments, no session', async () => {
    const element = mount(detail(ids.completed), 'payments-transaction-detail');
    await settled(element, 'success');
    const [read] = transactionReads();
    expect(new URL(read?.url ?? '').pathname).toBe(`/api/payments/api/v2/transactions/${ids.completed}`);
    expect(read?.headers.has('payments-session')).toBe(false);
  });
});

describe('given the elements defined already', () => {
  it('should define nothing twice on a second definePaymentsElements()', () => {
    const defined = Object.keys(paymentsElements).map((tag) => customElements.get(tag));
    expect(defined.every((element) => element !== undefined)).toBe(true);
    const define = vi.spyOn(customElements, 'define');
    expect(() => definePaymentsElements()).not.toThrow();
    expect(define).not.toHaveBeenCalled();
    define.mockRestore();
  });

  it('should define nothing when the entry is evaluated a second time', async () => {
    const define = vi.spyOn(customElements, 'define');
    // Another URL is another module instance: its body, which defines the elements, runs again.
    await expect(import(/* @vite-ignore */ `../../src/elements/index.ts?again=${String(Date.now())}`)).resolves.toBeDefined();
    expect(define).not.toHaveBeenCalled();
    define.mockRestore();
  });
});

describe('given an element inside another component’s shadow root', () => {
  it('should find the provider outside it, and its events should reach document', async () => {
    mount('<payments-provider session="outer"><div id="host"></div></payments-provider>', 'payments-provider');
    const host = document.getElementById('host');
    if (host === null) throw new Error('No host.');
    host.attachShadow({ mode: 'open' }).innerHTML =
      `<payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}"></payments-confirm-button>`;
    const element = host.shadowRoot?.querySelector('payments-confirm-button');
    if (!element) throw new Error('No element.');
    const confirmed: Event[] = [];
    document.addEventListener('payments-confirmed', (event) => confirmed.push(event), { once: true });
    await settled(element, 'idle');
    element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button')?.click();
    await settled(element, 'confirmed');
    await expect.poll(() => confirmed.length).toBe(1);
    // Seen from document, the event comes from the outer component (retargeted).
    expect(confirmed[0]?.target).toBe(host);
    expect(requestsTo(requests, 'POST', /\/confirm$/).map((request) => request.headers.get('payments-session'))).toEqual(['outer']);
  });
});
