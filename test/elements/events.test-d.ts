import { describe, expectTypeOf, it } from 'vitest';
import type { PaymentsConfirmButtonElement, PaymentsFlowLauncherElement } from 'payments-kit/elements';
import type { PaymentIntent, PaymentsError } from 'payments-kit';

describe('given the elements entry', () => {
  it('should type the tags for querySelector and createElement', () => {
    expectTypeOf(document.querySelector('payments-confirm-button')).toEqualTypeOf<PaymentsConfirmButtonElement | null>();
    expectTypeOf(document.createElement('payments-flow-launcher')).toEqualTypeOf<PaymentsFlowLauncherElement>();
  });

  it('should type the events on an element, on document and on window', () => {
    const button = document.createElement('payments-confirm-button');
    button.addEventListener('payments-confirmed', (event) => {
      expectTypeOf(event.detail).toEqualTypeOf<PaymentIntent>();
    });
    document.addEventListener('payments-error', (event) => {
      expectTypeOf(event.detail).toEqualTypeOf<PaymentsError>();
    });
    window.addEventListener('payments-confirmed', (event) => {
      expectTypeOf(event.detail.status).toEqualTypeOf<PaymentIntent['status']>();
    });
  });
});
