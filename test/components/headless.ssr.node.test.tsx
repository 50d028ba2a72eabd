import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type PaymentsFetcher, PaymentsProvider, useConfirmIntent, useHostedFlow, useTransaction, useTransactionVolume } from 'payments-kit';

/** A host's own UI over the hooks: what the server sends before anything runs in the browser. */
function CustomUI({ autoStart }: { autoStart: boolean }) {
  const pay = useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1', requireConfirmation: true });
  const flow = useHostedFlow({ steps: ['compliance'], title: 'Verify', autoStart });
  // Reads the cache does not hold: in a browser they start while rendering, never on the server.
  const transaction = useTransaction('1001');
  const volume = useTransactionVolume({ period: 'day' });
  return (
    <div data-pay={pay.state} data-flow={flow.state} data-reads={`${transaction.status} ${volume.status}`}>
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
    expect(html).toContain('data-reads="pending pending"');
    expect(html).toContain(expected);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('disabled');
  });
});
