import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type PaymentsFetcher, PaymentsProvider, useConfirmIntent, useHostedFlow } from 'payments-kit';

/** A host's own UI over both hooks: what the server sends before anything runs in the browser. */
function CustomUI({ autoStart }: { autoStart: boolean }) {
  const pay = useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1', requireConfirmation: true });
  const flow = useHostedFlow({ steps: ['compliance'], title: 'Verify', autoStart });
  return (
    <div data-pay={pay.state} data-flow={flow.state}>
      <button type="button" disabled={!pay.canStart} onClick={pay.start}>
        Pay
      </button>
      {flow.frameProps ? <iframe {...flow.frameProps} /> : null}
    </div>
  );
}

describe('the headless hooks on the server', () => {
  it.each([
    [false, 'data-flow="idle"'],
    [true, 'data-flow="creating"'],
  ])('should render with autoStart %s and send nothing', (autoStart, expected) => {
    const fetcher = vi.fn<PaymentsFetcher>(() => Promise.reject(new Error('no request may be sent on the server')));
    const html = renderToString(
      <StrictMode>
        <PaymentsProvider fetcher={fetcher}>
          <CustomUI autoStart={autoStart} />
        </PaymentsProvider>
      </StrictMode>,
    );
    expect(fetcher).not.toHaveBeenCalled();
    expect(html).toContain('data-pay="idle"');
    expect(html).toContain(expected);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('disabled');
  });
});
