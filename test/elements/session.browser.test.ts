import { describe, expect, it, vi } from 'vitest';
import 'payments-kit/elements';
import { messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- formatMoney of components/shared/money/formatMoney, which no entry exports
import { formatMoney } from '../../src/components/shared/money/formatMoney.js';
import { PaymentsProviderElement, PaymentsTransactionDetailElement } from 'payments-kit/elements';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { sessionToken, subjectOfRequest } from '../sessionTokens.js';
import { expectNoConsoleError, mount, requestsTo, rootOf, settled, setUpElements } from './harness.js';
import { sleep } from '../support/sleep.js';

// The session a page gives in either order: its script sets `getSession` before the kit's
// module defines the tags (the property is taken over), or after the elements have asked (they
// wait for it, and send nothing meanwhile). docs/elements.md#the-provider-and-the-session

const { requests, transactionReads, sessionsSent } = setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;
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
    await sleep(100);
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
    await expect.poll(() => rootOf(button)?.querySelector('button')).toBeInstanceOf(HTMLButtonElement);
    rootOf(button)!.querySelector('button')!.click();
    const root = await settled(button, 'error');
    const words = root.querySelector('[role="alert"]')?.textContent ?? '';
    expect(words).toContain(en.notStartedTitle);
    expect(words).toContain(en.notStartedDescription);
    expect(words).not.toContain(en.confirmOutcomeUnknown);
    expect(requestsTo(requests, 'POST', /confirm$/)).toEqual([]);
  });
});

describe("given a provider whose session becomes another subject's", () => {
  const alice = sessionToken('alice');
  const bob = sessionToken('bob');
  const aliceAmount = '$1,250.00';
  const aliceVolume = formatMoney(volumeFor('month', 'receive', 'UTC'), { locale: 'en' });
  const volume = '<payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card>';

  /** The proxy's grants, in front of the harness's stand-in: Bob may read nothing (403 `not_granted`). */
  function refuseBob(): void {
    const proxy = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (subjectOfRequest(request) !== 'bob') return proxy(input, init);
      requests.push(request.clone());
      return Response.json({ error: { kind: 'http', status: 403, code: 'not_granted', message: 'Outside the grant.' } }, { status: 403 });
    });
  }

  const text = (element: Element) => element.shadowRoot?.textContent ?? '';

  it('should read again as the new subject and show nothing of the previous one (the session attribute)', async () => {
    refuseBob();
    const provider = mount(`<payments-provider session="${alice}">${detail(ids.created)}${volume}</payments-provider>`, 'payments-provider');
    const card = provider.querySelector('payments-transaction-detail')!;
    const figure = provider.querySelector('payments-volume-card')!;
    await settled(card, 'success');
    await settled(figure, 'success');
    expect(text(card)).toContain(aliceAmount);
    expect(text(figure)).toContain(aliceVolume);

    provider.setAttribute('session', bob);
    await settled(card, 'error');
    await settled(figure, 'error');
    expect(text(card)).toContain(en.notGrantedTitle);
    expect(text(figure)).toContain(en.notGrantedTitle);
    expect(text(card)).not.toContain(aliceAmount);
    expect(text(figure)).not.toContain(aliceVolume);
    expect(new Set(requestsTo(requests, 'GET', /./).filter((r) => subjectOfRequest(r) === 'bob').map((r) => new URL(r.url).pathname))).toEqual(
      new Set([`/api/payments/api/v2/transactions/${ids.created}`, '/api/payments/api/api/metrics/transaction/volume']),
    );
  });

  it("should show nothing of the previous subject when getSession renews an expired session with another subject's token", async () => {
    refuseBob();
    const proxy = globalThis.fetch;
    let aliceExpired = false;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (aliceExpired && request.headers.get('payments-session') === alice) {
        return Promise.resolve(Response.json({ error: { kind: 'http', status: 401, code: 'session_expired', message: 'Expired.' } }, { status: 401 }));
      }
      return proxy(input, init);
    });
    const provider = mount(`<payments-provider>${detail(ids.created)}${volume}</payments-provider>`, 'payments-provider');
    let next = alice;
    provider.getSession = () => Promise.resolve(next);
    const card = provider.querySelector('payments-transaction-detail')!;
    const figure = provider.querySelector('payments-volume-card')!;
    await settled(card, 'success');
    await settled(figure, 'success');

    aliceExpired = true;
    next = bob;
    // The transaction's next live read meets the 401 and renews: the page now speaks for Bob.
    card.liveStatus = { initialIntervalMs: 30, maxIntervalMs: 60 };
    await settled(card, 'error');
    await settled(figure, 'error');
    expect(text(card)).not.toContain(aliceAmount);
    expect(text(figure)).not.toContain(aliceVolume);
  });
});
