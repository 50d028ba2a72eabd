import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentsFetcher } from '../../src/client/types.js';
import { es } from '../../src/components/shared/messages/es.js';
import { ConfirmIntentButton } from '../../src/components/ConfirmIntentButton/index.js';
import { PaymentsProvider } from '../../src/components/PaymentsProvider.js';

describe('ConfirmIntentButton on the server', () => {
  describe('given renderToString in node inside PaymentsProvider', () => {
    it.each([
      ['without confirmation step', {}],
      ['with requireConfirmation and an amount', { requireConfirmation: true, amount: 1250 }],
    ])('should render the idle button %s and send nothing', (_label, extra) => {
      const fetcher = vi.fn<PaymentsFetcher>(() => Promise.reject(new Error('no request may be sent on the server')));
      const html = renderToString(
        <StrictMode>
          <PaymentsProvider fetcher={fetcher} theme="dark" locale="es" messages={es}>
            <ConfirmIntentButton paymentIntentId="pi_succeeded" paymentMethodId="pm_card_visa" className="host" {...extra} />
          </PaymentsProvider>
        </StrictMode>,
      );
      expect(fetcher).not.toHaveBeenCalled();
      expect(html).toContain('class="pk-root pk-confirm host"');
      expect(html).toContain('data-state="idle"');
      expect(html).toContain('data-pk-theme="dark"');
      expect(html).toMatch(/<button type="button" class="pk-button"[^>]*>Confirmar pago<\/button>/);
      expect(html).toContain('aria-live="polite"');
      expect(html).not.toContain('style=');
    });
  });
});
