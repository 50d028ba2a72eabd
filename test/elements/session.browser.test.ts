import { describe, expect, it } from 'vitest';
import '../../src/elements/index.js';
import { en } from '../../src/components/messages/en.js';
import { PaymentsProviderElement, PaymentsTransactionDetailElement } from '../../src/elements/index.js';
import { sandboxIds } from '../../src/testing/index.js';
import { expectNoConsoleError, mount, requestsTo, rootOf, settled, setUpElements } from './harness.js';

// The session a page gives in either order: its script sets `getSession` before the kit's
// module defines the tags (the property is taken over), or after the elements have asked (they
// wait for it, and send nothing meanwhile). docs/elements.md#the-provider-and-the-session

const { requests } = setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;
const transactionReads = () => requestsTo(requests, 'GET', /^\/api\/v2\/transactions\//);
const sessionsSent = () => transactionReads().map((request) => request.headers.get('payments-session'));
const detail = (id: string) => `<payments-transaction-detail transaction-id="${id}"></payments-transaction-detail>`;

/** A tag of its own for each test, so it is still undefined when the page sets its properties. */
let tags = 0;
const freshTag = (name: string) => `${name}-${String((tags += 1))}`;

describe('given properties set before the tags are defined', () => {
  it("should take over the provider's getSession, and send the first request with its token", async () => {
    const tag = freshTag('late-provider');
    const provider = document.createElement(tag) as HTMLElement & { getSession?: () => Promise<string> };
    provider.getSession = () => Promise.resolve('tok_early');
    document.body.append(provider);
    customElements.define(tag, class extends PaymentsProviderElement {});
    provider.innerHTML = detail(ids.completed);
    await settled(provider.querySelector('payments-transaction-detail')!, 'success');
    expect(sessionsSent()).toEqual(['tok_early']);
    expect(Object.hasOwn(provider, 'getSession')).toBe(false);
  });

  it("should take over an element's properties: its attribute-backed ones and its others", async () => {
    const tag = freshTag('late-detail');
    mount(`<payments-provider session="tok"><${tag}></${tag}></payments-provider>`, 'payments-provider');
    const element = document.querySelector(tag) as HTMLElement & { transactionId?: string; messages?: object };
    element.transactionId = ids.completed;
    element.messages = { transactionTitle: 'Order {id}' };
    customElements.define(tag, class extends PaymentsTransactionDetailElement {});
    await settled(element, 'success');
    expect(element.getAttribute('transaction-id')).toBe(ids.completed);
    expect(rootOf(element)?.querySelector('h2')?.textContent).toBe(`Order ${ids.completed}`);
  });
});

describe('given a provider with neither session nor getSession yet', () => {
  it('should send nothing until the page sets getSession, then send the waiting reads with its token', async () => {
    const provider = mount(`<payments-provider>${detail(ids.completed)}${detail(ids.completed)}</payments-provider>`, 'payments-provider');
    const element = provider.querySelector('payments-transaction-detail')!;
    await expect.poll(() => rootOf(element)?.getAttribute('data-state')).toBe('loading');
    // A page's script a moment later: nothing may have been sent by then.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transactionReads()).toEqual([]);
    provider.getSession = () => Promise.resolve('tok_late');
    await settled(element, 'success');
    expect(sessionsSent()).toEqual(['tok_late']);
  });

  it('should ask getSession once for the waiting reads and for the calls made after, whenever they are made', async () => {
    const provider = mount(`<payments-provider>${detail(ids.completed)}</payments-provider>`, 'payments-provider');
    const first = provider.querySelector('payments-transaction-detail')!;
    await expect.poll(() => rootOf(first)?.getAttribute('data-state')).toBe('loading');
    let asked = 0;
    provider.getSession = () => {
      asked += 1;
      return Promise.resolve(`tok_${String(asked)}`);
    };
    await settled(first, 'success');
    // A card added after the session was given: it uses the token the waiting read got.
    provider.insertAdjacentHTML('beforeend', detail(ids.created));
    await settled(provider.querySelectorAll('payments-transaction-detail')[1]!, 'success');
    expect(asked).toBe(1);
    expect(sessionsSent()).toEqual(['tok_1', 'tok_1']);
  });

  it('should send the waiting reads with a session attribute set later', async () => {
    const provider = mount(`<payments-provider>${detail(ids.completed)}</payments-provider>`, 'payments-provider');
    const element = provider.querySelector('payments-transaction-detail')!;
    await expect.poll(() => rootOf(element)?.getAttribute('data-state')).toBe('loading');
    provider.setAttribute('session', 'tok_attr');
    await settled(element, 'success');
    expect(sessionsSent()).toEqual(['tok_attr']);
  });

  it('should say no session was given, not that it expired, when the wait runs out, having sent nothing', async () => {
    const provider = mount(`<payments-provider session-wait-ms="50">${detail(ids.completed)}</payments-provider>`, 'payments-provider');
    const root = await settled(provider.querySelector('payments-transaction-detail')!, 'error');
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(en.notStartedTitle);
    expect(alert?.textContent).toContain(en.sessionMissingDescription);
    expect(alert?.textContent).not.toContain(en.sessionExpiredTitle);
    expect(transactionReads()).toEqual([]);
  });

  it('should send at once without a session with session-wait-ms="0" (a proxy with authorize alone)', async () => {
    const provider = mount(`<payments-provider session-wait-ms="0">${detail(ids.completed)}</payments-provider>`, 'payments-provider');
    await settled(provider.querySelector('payments-transaction-detail')!, 'success');
    expect(sessionsSent()).toEqual([null]);
  });
});

describe('given a getSession that fails', () => {
  it('should say the confirm could not start and nothing was sent, never that it may have gone through', async () => {
    const provider = mount(
      `<payments-provider><payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}"></payments-confirm-button></payments-provider>`,
      'payments-provider',
    );
    provider.getSession = () => Promise.reject(new Error('404 from /payments-session'));
    const button = provider.querySelector('payments-confirm-button')!;
    await expect.poll(() => rootOf(button)?.querySelector('button')).not.toBeNull();
    rootOf(button)!.querySelector('button')!.click();
    const root = await settled(button, 'error');
    const words = root.querySelector('[role="alert"]')?.textContent ?? '';
    expect(words).toContain(en.notStartedTitle);
    expect(words).toContain(en.notStartedDescription);
    expect(words).not.toContain(en.confirmOutcomeUnknown);
    expect(requestsTo(requests, 'POST', /confirm$/)).toEqual([]);
  });
});
