import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type PaymentsFetcher, ConfirmIntentButton, type ConfirmIntentButtonProps, PaymentsProvider } from 'payments-kit';
import { messagesEs as es } from 'payments-kit/messages';

describe('ConfirmIntentButton on the server', () => {
  describe('given renderToString in node inside PaymentsProvider', () => {
    const render = (extra: Partial<ConfirmIntentButtonProps> = {}) => {
      const fetcher = vi.fn<PaymentsFetcher>(() => Promise.reject(new Error('no request may be sent on the server')));
      const html = renderToString(
        <StrictMode>
          <PaymentsProvider fetcher={fetcher} theme="dark" locale="es" messages={es}>
            <ConfirmIntentButton paymentIntentId="pi_succeeded" paymentMethodId="pm_card_visa" className="host" {...extra} />
          </PaymentsProvider>
        </StrictMode>,
      );
      expect(fetcher).not.toHaveBeenCalled();
      return html;
    };

    it('should render the idle button and send nothing', () => {
      const html = render();
      expect(html).toContain('class="pk-root pk-confirm host"');
      expect(html).toContain('data-state="idle"');
      expect(html).toContain('data-pk-theme="dark"');
      expect(html).toMatch(/<button type="button" class="pk-button"[^>]*>Confirmar pago<\/button>/);
      expect(html).toContain('aria-live="polite"');
      expect(html).not.toContain('style=');
    });

    // The question is asked only once the button is pressed: the server renders exactly the
    // idle button, so hydration finds what it renders itself.
    it('should render the same idle button with requireConfirmation and an amount, the question not yet asked', () => {
      const html = render({ requireConfirmation: true, amount: 1250 });
      expect(html).toBe(render());
      expect(html).not.toContain('role="group"');
      expect(html).not.toContain(`>${es.confirmAccept}<`);
      expect(html).not.toContain('¿');
      expect(html).not.toContain('12,50');
    });
  });
});
