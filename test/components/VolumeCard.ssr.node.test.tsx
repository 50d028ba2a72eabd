import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { paymentsKeys, type PaymentsFetcher, PaymentsProvider, VolumeCard, type VolumeCardProps } from 'payments-kit';

// Server rendering: no DOM, no fetch. The fetcher must never be called on the server.
let requests = 0;
const fetcher: PaymentsFetcher = () => {
  requests += 1;
  return Promise.reject(new Error('no requests on the server'));
};

function render(props: Pick<VolumeCardProps, 'period' | 'type' | 'tz'>, volume?: number, locale?: string) {
  const queryClient = new QueryClient();
  if (volume !== undefined) queryClient.setQueryData(paymentsKeys.volume(props), { volume });
  return renderToString(
    <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale}>
      <VolumeCard {...props} />
    </PaymentsProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('given VolumeCard rendered on the server', () => {
  it('should render the loading state without throwing, the same for the same props', () => {
    const first = render({ period: 'month', type: 'receive', tz: 'UTC' });
    expect(first).toContain('data-state="loading"');
    expect(first).toContain('aria-busy="true"');
    expect(text(first)).toContain('Transaction volume Received · 1 month');
    expect(render({ period: 'month', type: 'receive', tz: 'UTC' })).toBe(first);
    expect(requests).toBe(0);
  });

  it('should name its language and direction on its root in the server HTML, so the first paint is laid out for them', () => {
    expect(render({ period: 'month', type: 'receive', tz: 'UTC' }, undefined, 'he')).toMatch(/^<section [^>]*lang="he" dir="rtl"/);
    expect(render({ period: 'month', type: 'receive', tz: 'UTC' })).toMatch(/^<section [^>]*lang="en" dir="ltr"/);
  });

  it('should render the volume from the cache as money', () => {
    const html = render({ period: 'week', type: 'send', tz: 'utc' }, 37_512_090);
    expect(html).toContain('data-state="success"');
    expect(text(html)).toContain('$375,120.90');
    expect(text(html)).toContain('Sent · 1 week');
    expect(text(render({ period: 'week', type: 'send', tz: 'UTC' }, 37_512_090, 'es')).replace(/\s/g, ' ')).toContain(
      '375.120,90 US$',
    );
  });

  it('should render the invalid tz explanation, and send nothing', () => {
    const html = render({ period: 'month', type: 'receive', tz: 'Europe/Paris' });
    expect(html).toContain('data-state="error"');
    expect(text(html)).toContain('“Europe/Paris” isn’t a three-letter time zone code such as UTC.');
    expect(requests).toBe(0);
  });
});
