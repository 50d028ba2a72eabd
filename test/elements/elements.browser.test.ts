import { describe, expect, it } from 'vitest';
import 'payments-kit/elements';
import type { PaymentIntent, PaymentsError } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { apiErrorFault } from '../components/apiErrors.js';
import { HOSTED_FLOW_ORIGIN, expectNoConsoleError, mount, requestsTo, rootOf, settled, setUpElements } from './harness.js';

const { sandbox, requests, transactionReads } = setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;
const intents = sandboxIds.paymentIntents;
const paymentMethod = sandboxIds.paymentMethod;

// A 4xx the kit does not retry, so the error state shows at once (queries retry 5xx: src/client/queryRetry.ts).
const refused = { kind: 'status', status: 400 } as const;

const confirms = () => requestsTo(requests, 'POST', /\/confirm$/);

function buttonOf(element: Element): HTMLButtonElement {
  const button = element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button');
  if (!button) throw new Error('No button in the shadow root.');
  return button;
}

/** The events of `type` heard on `target` from now on. */
function heard<T>(target: EventTarget, type: string): CustomEvent<T>[] {
  const events: CustomEvent<T>[] = [];
  target.addEventListener(type, (event) => events.push(event as CustomEvent<T>));
  return events;
}

describe('given <payments-transaction-detail>', () => {
  it('should show a seeded transaction in its shadow root', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    const root = await settled(element, 'success');
    expect(root.querySelector('h2')?.textContent).toBe(`Transaction ${ids.created}`);
    expect(root.textContent).toContain('Acme Supplies');
    // Nothing of the component is in the light DOM: it lives in the open shadow root.
    expect(element.childNodes.length).toBe(0);
  });

  it('should show not found for an unknown id', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${sandboxIds.missing.transaction}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    const root = await settled(element, 'not-found');
    expect(root.querySelector('[data-state="not-found"]')).not.toBeNull();
  });

  it('should show the error state and send payments-error when the read fails', async () => {
    sandbox.inject(refused, { operation: 'getTransaction' });
    const errors = heard<PaymentsError>(document, 'payments-error');
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    const root = await settled(element, 'error');
    expect(root.querySelector('[role="alert"]')).not.toBeNull();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({ status: 400, operation: 'getTransaction' });
    expect(errors[0]?.target).toBe(element);
  });

  it('should read a transaction shown by ten elements in one provider once', async () => {
    // A transfer already completed: one still under way is read again by live status 5 s after its
    // answer, and ten roots drawn on a busy machine can take that long before the count.
    const tags = Array.from({ length: 10 }, () => `<payments-transaction-detail transaction-id="${ids.completed}"></payments-transaction-detail>`);
    mount(`<payments-provider session="tok">${tags.join('')}</payments-provider>`, 'payments-provider');
    const elements = [...document.querySelectorAll('payments-transaction-detail')];
    expect(elements).toHaveLength(10);
    for (const element of elements) await settled(element, 'success');
    expect(transactionReads()).toHaveLength(1);
  });

  it('should read again when transaction-id changes, and show the new transaction', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    await settled(element, 'success');
    element.setAttribute('transaction-id', ids.completed);
    await expect.poll(() => rootOf(element)?.querySelector('h2')?.textContent).toBe(`Transaction ${ids.completed}`);
    await settled(element, 'success');
    expect(rootOf(element)?.textContent).toContain('Umbrella Corp');
    expect(transactionReads().map((request) => new URL(request.url).pathname)).toEqual([
      `/api/payments/api/v2/transactions/${ids.created}`,
      `/api/payments/api/v2/transactions/${ids.completed}`,
    ]);
  });

  it('should read again when the transactionId property changes, and reflect it as the attribute', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail></payments-provider>`,
      'payments-transaction-detail',
    );
    await settled(element, 'success');
    element.transactionId = ids.failed;
    expect(element.getAttribute('transaction-id')).toBe(ids.failed);
    await expect.poll(() => rootOf(element)?.querySelector('h2')?.textContent).toBe(`Transaction ${ids.failed}`);
    await settled(element, 'success');
    expect(rootOf(element)?.textContent).toContain('Pied Piper');
    expect(transactionReads()).toHaveLength(2);
  });
});

describe('given <payments-confirm-button>', () => {
  const button = (intent: string) =>
    `<payments-confirm-button payment-intent-id="${intent}" payment-method-id="${paymentMethod}"></payments-confirm-button>`;
  /** One button in a provider, ready to be pressed. */
  const idleButton = async (intent: string) => {
    const element = mount(`<payments-provider session="tok">${button(intent)}</payments-provider>`, 'payments-confirm-button');
    await settled(element, 'idle');
    return element;
  };

  // A failed confirm is not sent again on its own: mutations are never retried (src/client/createKitQueryClient.ts).
  it.each([
    { event: 'payments-confirmed', state: 'confirmed', fault: undefined, detail: { id: intents.succeeded, status: 'succeeded' } },
    {
      event: 'payments-error',
      state: 'error',
      fault: { kind: 'status', status: 500 } as const,
      detail: { name: 'PaymentsError', kind: 'http', status: 500, code: 'injected', operation: 'confirmPaymentIntent' },
    },
  ])('should show $state and send $event with its detail, bubbling and composed, to the element and to document', async ({ event, state, fault, detail }) => {
    if (fault) sandbox.inject(fault, { operation: 'confirmPaymentIntent' });
    const element = await idleButton(intents.succeeded);
    const onElement = heard<unknown>(element, event);
    const onDocument = heard<unknown>(document, event);
    buttonOf(element).click();
    await settled(element, state);
    await expect.poll(() => onDocument.length).toBe(1);
    expect(onElement).toHaveLength(1);
    expect(onDocument[0]).toBe(onElement[0]);
    expect(onDocument[0]).toMatchObject({ bubbles: true, composed: true, detail });
    expect(confirms()).toHaveLength(1);
  });

  it('should send payments-error for an unknown payment intent', async () => {
    const element = await idleButton(sandboxIds.missing.paymentIntent);
    const errors = heard<PaymentsError>(document, 'payments-error');
    buttonOf(element).click();
    await settled(element, 'error');
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({ status: 404 });
  });

  it('should send one confirm for a burst of clicks on two buttons of one intent in two shadow roots', async () => {
    mount(`<payments-provider session="tok">${button(intents.succeeded)}${button(intents.succeeded)}</payments-provider>`, 'payments-provider');
    const [first, second] = [...document.querySelectorAll('payments-confirm-button')];
    if (!first || !second) throw new Error('Two buttons expected.');
    await settled(first, 'idle');
    await settled(second, 'idle');
    const confirmed = heard<PaymentIntent>(document, 'payments-confirmed');
    for (let click = 0; click < 5; click += 1) {
      buttonOf(first).click();
      buttonOf(second).click();
    }
    await settled(first, 'confirmed');
    // The other button learns of the confirm from the shared mutation cache, and shows its outcome.
    await settled(second, 'confirmed');
    expect(confirms()).toHaveLength(1);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.target).toBe(first);
  });

  it('should use its text as the label', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-confirm-button payment-intent-id="${intents.succeeded}" payment-method-id="${paymentMethod}">Pay now</payments-confirm-button></payments-provider>`,
      'payments-confirm-button',
    );
    await settled(element, 'idle');
    const slot = buttonOf(element).querySelector('slot');
    expect(slot?.assignedNodes().map((node) => node.textContent).join('')).toBe('Pay now');
  });
});

describe('given <payments-flow-launcher>', () => {
  it('should create the flow on start and embed the hosted page of its link', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher steps="compliance id-verification" allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    await settled(element, 'idle');
    const created = heard<{ id: string; link: string }>(document, 'payments-flow-created');
    buttonOf(element).click();
    await settled(element, 'success');
    const frame = element.shadowRoot?.querySelector('iframe');
    const link = new URL(frame?.getAttribute('src') ?? '');
    expect(link.origin).toBe(HOSTED_FLOW_ORIGIN);
    expect(link.searchParams.get('steps')).toBe('compliance,id-verification');
    expect(created).toHaveLength(1);
    expect(created[0]?.detail.link).toBe(link.href);
    const [create] = requestsTo(requests, 'POST', /\/flows$/);
    expect(await create?.json()).toMatchObject({ steps: ['compliance', 'id-verification'] });
  });

  it('should send object steps set as the steps property', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher auto-start allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    element.steps = [{ name: 'redirect', redirect_url: 'https://merchant.example/done' }];
    await settled(element, 'success');
    const [create] = requestsTo(requests, 'POST', /\/flows$/);
    expect(create).toBeDefined();
    expect(await create?.json()).toMatchObject({ steps: [{ name: 'redirect', redirect_url: 'https://merchant.example/done' }] });
    expect(element.shadowRoot?.querySelector('iframe')).toBeInstanceOf(HTMLIFrameElement);
  });

  it('should send require-auth, hide-go-to-dashboard-on-complete and the steps’ documented options', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher auto-start require-auth hide-go-to-dashboard-on-complete allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    const steps = [{ name: 'pdf-form-fill', template_id: 'tpl_w9' }, { name: 'payout', auto_payout_enabled: false, hide_continue_button: true }] as const;
    element.steps = steps;
    await settled(element, 'success');
    const [create] = requestsTo(requests, 'POST', /\/flows$/);
    expect(await create?.json()).toEqual({ steps, require_auth: true, hide_go_to_dashboard_on_complete: true });
    expect(element.requireAuth).toBe(true);
    expect(element.hideGoToDashboardOnComplete).toBe(true);
  });

  it('should take steps set as a string property as the attribute, as React 19 and Vue set it', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher auto-start allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    (element as unknown as { steps: string }).steps = 'compliance id-verification';
    await settled(element, 'success');
    expect(element.getAttribute('steps')).toBe('compliance id-verification');
    const [create] = requestsTo(requests, 'POST', /\/flows$/);
    expect(await create?.json()).toMatchObject({ steps: ['compliance', 'id-verification'] });
  });

  it('should show the error and send payments-error when creating the flow fails', async () => {
    sandbox.inject(refused, { operation: 'createFlow' });
    const element = mount(
      `<payments-provider session="tok"><payments-flow-launcher steps="compliance" auto-start allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    const errors = heard<PaymentsError>(document, 'payments-error');
    await settled(element, 'error');
    expect(element.shadowRoot?.querySelector('iframe')).toBeNull();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({ status: 400, operation: 'createFlow' });
  });
});

describe('given <payments-volume-card>', () => {
  it('should show the volume', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card></payments-provider>`,
      'payments-volume-card',
    );
    const root = await settled(element, 'success');
    expect(root.querySelector('.pk-money')?.textContent).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(requestsTo(requests, 'GET', /metrics\/transaction\/volume$/)).toHaveLength(1);
  });

  it('should show the error and send payments-error when the read fails', async () => {
    sandbox.inject(refused, { operation: 'getTransactionVolume' });
    const errors = heard<PaymentsError>(document, 'payments-error');
    const element = mount(
      `<payments-provider session="tok"><payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card></payments-provider>`,
      'payments-volume-card',
    );
    await settled(element, 'error');
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({ status: 400, operation: 'getTransactionVolume' });
  });
});

describe('given the attributes and properties every element shares', () => {
  it('should take heading-level within the component’s range and fall back to h2 outside it', async () => {
    mount(
      `<payments-provider session="tok">
        <payments-transaction-detail transaction-id="${ids.created}" heading-level="4"></payments-transaction-detail>
        <payments-transaction-detail transaction-id="${ids.created}" heading-level="6"></payments-transaction-detail>
        <payments-volume-card period="month" type="receive" tz="UTC" heading-level="6"></payments-volume-card>
        <payments-volume-card period="month" type="receive" tz="UTC" heading-level="3.5"></payments-volume-card>
      </payments-provider>`,
      'payments-provider',
    );
    const [deep, tooDeep] = [...document.querySelectorAll('payments-transaction-detail')];
    const [six, fraction] = [...document.querySelectorAll('payments-volume-card')];
    // A transaction's sections take the next level, so it stops at 5; a volume card goes to 6.
    expect((await settled(deep!, 'success')).querySelector('.pk-card__title')?.tagName).toBe('H4');
    expect((await settled(deep!, 'success')).querySelector('.pk-section__title')?.tagName).toBe('H5');
    expect((await settled(tooDeep!, 'success')).querySelector('.pk-card__title')?.tagName).toBe('H2');
    expect((await settled(six!, 'success')).querySelector('.pk-card__title')?.tagName).toBe('H6');
    expect((await settled(fraction!, 'success')).querySelector('.pk-card__title')?.tagName).toBe('H2');
  });

  it('should merge each element’s messages property over the provider’s, and render again when it changes', async () => {
    const detail = mount(
      `<payments-provider session="tok">
        <payments-transaction-detail transaction-id="${ids.created}"></payments-transaction-detail>
        <payments-confirm-button payment-intent-id="${intents.succeeded}" payment-method-id="${paymentMethod}"></payments-confirm-button>
        <payments-flow-launcher steps="compliance"></payments-flow-launcher>
        <payments-volume-card period="month" type="receive" tz="UTC"></payments-volume-card>
      </payments-provider>`,
      'payments-transaction-detail',
    );
    const confirm = document.querySelector('payments-confirm-button')!;
    const launcher = document.querySelector('payments-flow-launcher')!;
    const volume = document.querySelector('payments-volume-card')!;
    const provider = document.querySelector('payments-provider')!;
    provider.messages = { volumeTitle: 'Volume (provider)', confirmButton: 'Pay (provider)' };
    detail.messages = { transactionTitle: 'Payment {id}' };
    confirm.messages = { confirmButton: 'Pay now' };
    launcher.messages = { flowStart: 'Begin onboarding' };
    expect(detail.messages).toEqual({ transactionTitle: 'Payment {id}' });

    const detailRoot = await settled(detail, 'success');
    await expect.poll(() => detailRoot.querySelector('.pk-card__title')?.textContent).toBe(`Payment ${ids.created}`);
    await expect.poll(() => buttonOf(confirm).textContent).toBe('Pay now');
    await expect.poll(() => buttonOf(launcher).textContent).toBe('Begin onboarding');
    const volumeRoot = await settled(volume, 'success');
    await expect.poll(() => volumeRoot.querySelector('.pk-card__title')?.textContent).toBe('Volume (provider)');

    detail.messages = undefined;
    await expect.poll(() => detailRoot.querySelector('.pk-card__title')?.textContent).toBe(`Transaction ${ids.created}`);
  });

  it('should explain a tz that is not a three-letter code on the volume card, which the proxy refuses before the API', async () => {
    const element = mount(
      `<payments-provider session="tok"><payments-volume-card period="month" type="receive" tz="Europe/Madrid"></payments-volume-card></payments-provider>`,
      'payments-volume-card',
    );
    const root = await settled(element, 'error');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Europe/Madrid');
    // The browser sends it as given and the stand-in proxy refuses it (400); the card keeps its
    // own words and offers no retry (test/components/proxyRefusesInput.test.tsx: the real proxy).
    await expect.poll(() => requestsTo(requests, 'GET', /metrics\/transaction\/volume$/)).toHaveLength(1);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Europe/Madrid');
    expect(root.querySelector('button')).toBeNull();
  });
});

describe('given the payments API refuses a confirm with one of its documented errors', () => {
  it.each(['proxy', 'api'] as const)('should send payments-error carrying upstreamCode and upstreamMessage, and show the reason (via %s)', async (via) => {
    sandbox.inject(apiErrorFault('insufficient-funds', via, 'confirmPaymentIntent'), { operation: 'confirmPaymentIntent' });
    const element = mount(
      `<payments-provider session="tok"><payments-confirm-button payment-intent-id="${intents.succeeded}" payment-method-id="${paymentMethod}"></payments-confirm-button></payments-provider>`,
      'payments-confirm-button',
    );
    await settled(element, 'idle');
    const errors = heard<PaymentsError>(document, 'payments-error');
    buttonOf(element).click();
    const root = await settled(element, 'error');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(en.insufficientFundsTitle);
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({
      kind: 'http',
      status: 400,
      upstreamCode: 'transaction-insufficient-funds',
      upstreamMessage: 'Not enough funds in wallet',
    });
    expect(errors[0]?.target).toBe(element);
  });
});
