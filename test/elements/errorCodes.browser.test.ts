// <payments-confirm-button> and <payments-flow-launcher> refused with a code the kit has words for
// (docs/api.md#errors): each element loads its language's words as its component does, in its
// shadow root.
import { beforeAll, describe, expect, it } from 'vitest';
import 'payments-kit/elements';
// eslint-disable-next-line no-restricted-imports -- errorCodesAr of components/messages/errorCodes/ar, which no entry exports
import { errorCodesAr } from '../../src/components/messages/errorCodes/ar.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
import { sandboxIds } from 'payments-kit/testing';
import { HOSTED_FLOW_ORIGIN, mount, settled, setUpElements } from './harness.js';

const { sandbox } = setUpElements();

beforeAll(async () => {
  // The chunks as a page has them built: the dev server's first transform of each is slower than
  // the sandbox's answer, and a refusal that comes before its words keeps the status's (by design).
  const { loadErrorCodeMessages } = await import('../../src/components/messages/errorCodes/loadErrorCodeMessages.js');
  await Promise.all([loadErrorCodeMessages('en'), loadErrorCodeMessages('ar')]);
});

describe('given <payments-confirm-button> and a confirm the API refuses with user-info-missing-card', () => {
  it.each([
    ['en', errorCodesEn],
    ['ar', errorCodesAr],
  ] as const)('should say what the code means in the element’s language (%s)', async (locale, words) => {
    sandbox.inject(
      { kind: 'status', status: 400, body: { success: false, message: 'User card info is missing', error_code: 'user-info-missing-card' } },
      { operation: 'confirmPaymentIntent', times: 1 },
    );
    const element = mount(
      `<payments-provider session="tok" locale="${locale}"><payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}"></payments-confirm-button></payments-provider>`,
      'payments-confirm-button',
    );
    await settled(element, 'idle');
    // A user's click comes well after the mount that starts loading the words.
    await new Promise((resolve) => setTimeout(resolve, 50));
    element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button')?.click();
    const root = await settled(element, 'error');
    const alert = root.querySelector('[role="alert"]');
    await expect.poll(() => alert?.querySelector('.pk-error__title')?.textContent).toBe(words.errorTitles['user-info-missing-card']);
    expect(alert?.querySelector('.pk-error__message')?.textContent).toBe(words.errorDescriptions['user-info-missing-card']);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
  });
});

describe('given <payments-flow-launcher> and a creation the API refuses with user-info-missing', () => {
  it.each([
    ['en', errorCodesEn],
    ['ar', errorCodesAr],
  ] as const)('should say what the code means in the element’s language (%s) when it shows', async (locale, words) => {
    sandbox.inject(
      { kind: 'status', status: 400, body: { success: false, message: 'User info is missing', error_code: 'user-info-missing' } },
      { operation: 'createFlow', times: 1 },
    );
    const element = mount(
      `<payments-provider session="tok" locale="${locale}"><payments-flow-launcher steps="compliance" allowed-origins="${HOSTED_FLOW_ORIGIN}"></payments-flow-launcher></payments-provider>`,
      'payments-flow-launcher',
    );
    await settled(element, 'idle');
    element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button')?.click();
    const root = await settled(element, 'error');
    // Loaded with the creation, the words are there when the refusal shows (the refusal waiting
    // for them, when they are slower than the answer: test/components/FlowLauncher.errorCodes.test.tsx).
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.querySelector('.pk-error__title')?.textContent).toBe(words.errorTitles['user-info-missing']);
    expect(alert?.querySelector('.pk-error__message')?.textContent).toBe(words.errorDescriptions['user-info-missing']);
    expect(sandbox.callsFor('createFlow')).toHaveLength(1);
  });
});
