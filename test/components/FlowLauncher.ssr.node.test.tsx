import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type PaymentsFetcher, FlowLauncher, type FlowLauncherProps, PaymentsProvider } from 'payments-kit';

describe('FlowLauncher on the server', () => {
  describe('given renderToString in node inside PaymentsProvider', () => {
    it.each<[string, Partial<FlowLauncherProps>, string]>([
      ['inline, with a start button', {}, 'data-state="idle"'],
      ['inline with autoStart, already loading', { autoStart: true }, 'data-state="pending"'],
      ['in dialog mode, closed', { mode: 'dialog' }, '<dialog'],
      ['in dialog mode with autoStart', { mode: 'dialog', autoStart: true, forwardTheme: true }, '<dialog'],
    ])('should render %s and send nothing', (_label, props, expected) => {
      const fetcher = vi.fn<PaymentsFetcher>(() => Promise.reject(new Error('no request may be sent on the server')));
      const html = renderToString(
        <StrictMode>
          <PaymentsProvider fetcher={fetcher} theme="light">
            <FlowLauncher steps={['compliance', { name: 'redirect', redirect_url: 'https://shop.example/done' }]} userId="usr_1" {...props} />
          </PaymentsProvider>
        </StrictMode>,
      );
      expect(fetcher).not.toHaveBeenCalled();
      expect(html).toContain('class="pk-root pk-flow"');
      expect(html).toContain('data-pk-theme="light"');
      expect(html).toContain(expected);
      expect(html).not.toContain('<iframe');
      expect(html).not.toMatch(/<dialog[^>]* open/);
      expect(html).not.toContain('style=');
    });
  });
});
