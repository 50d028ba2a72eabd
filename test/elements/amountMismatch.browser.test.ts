// The amount a page shows is checked before any success is announced (docs/elements.md#events): a
// checkout that moves on at `payments-confirmed` must not move on when the intent was confirmed for
// another amount. The sandbox confirms pi_succeeded for its seeded amount, $109.99.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import 'payments-kit/elements';
import type { PaymentIntent, PaymentsError } from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import { mount, settled, setUpElements } from './harness.js';

const { sandbox } = setUpElements();
const intent = sandboxIds.paymentIntents.succeeded;

/** The seeded amount the sandbox confirms `intent` for, in cents. */
const confirmedAmount = () => sandbox.data.paymentIntents.get(intent)?.intent.amount as number;

/** Every kit event `target` hears from now on, in order, as `type` or `type:code`. */
function eventsOn(target: EventTarget): string[] {
  const heard: string[] = [];
  for (const type of ['payments-confirmed', 'payments-requires-action', 'payments-outcome', 'payments-error']) {
    target.addEventListener(type, (event) => {
      const detail = (event as CustomEvent<PaymentIntent | PaymentsError>).detail;
      heard.push('code' in detail && detail.code !== undefined ? `${type}:${detail.code}` : type);
    });
  }
  return heard;
}

async function pressConfirm(amount: number): Promise<HTMLElement> {
  const element = mount(
    `<payments-provider session="tok"><payments-confirm-button payment-intent-id="${intent}" payment-method-id="${sandboxIds.paymentMethod}" amount="${String(amount)}"></payments-confirm-button></payments-provider>`,
    'payments-confirm-button',
  );
  await settled(element, 'idle');
  element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button')?.click();
  return element;
}

describe('given <payments-confirm-button amount> and a confirm answered', () => {
  // A mismatch is also logged in development builds (test/components/ConfirmIntentButton.test.tsx).
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    logged.mockRestore();
  });

  it('should send payments-confirmed, then payments-outcome, for the amount the page showed', async () => {
    const heard = eventsOn(document);
    const element = await pressConfirm(confirmedAmount());
    await settled(element, 'confirmed');
    await expect.poll(() => heard).toEqual(['payments-confirmed', 'payments-outcome']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('should announce amount_mismatch first and never payments-confirmed for another amount', async () => {
    const heard = eventsOn(document);
    // What checkout.js in docs/elements.md does: move on at payments-confirmed, hold at a mismatch.
    let landedOn = 'checkout';
    document.addEventListener('payments-confirmed', () => (landedOn = 'order complete'), { once: true });
    document.addEventListener('payments-error', (event) => {
      if (event.detail.code === 'amount_mismatch') landedOn = 'order held for review';
    });
    const element = await pressConfirm(4_999);
    const root = await settled(element, 'amount-mismatch');
    await expect.poll(() => heard).toEqual(['payments-error:amount_mismatch', 'payments-outcome']);
    expect(landedOn).toBe('order held for review');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('$109.99');
  });
});
