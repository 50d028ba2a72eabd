import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import axe from 'axe-core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- ErrorState of components/shared/ErrorState, which no entry exports
import { ErrorState } from '../../../src/components/shared/ErrorState.js';
// eslint-disable-next-line no-restricted-imports -- FormattedDate of components/shared/dates/FormattedDate, which no entry exports
import { FormattedDate } from '../../../src/components/shared/dates/FormattedDate.js';
// eslint-disable-next-line no-restricted-imports -- LiveRegion of components/shared/LiveRegion, which no entry exports
import { LiveRegion } from '../../../src/components/shared/LiveRegion.js';
// eslint-disable-next-line no-restricted-imports -- LoadingState of components/shared/LoadingState, which no entry exports
import { LoadingState } from '../../../src/components/shared/LoadingState.js';
// eslint-disable-next-line no-restricted-imports -- Money of components/shared/money/Money, which no entry exports
import { Money } from '../../../src/components/shared/money/Money.js';
// eslint-disable-next-line no-restricted-imports -- NotFoundState of components/shared/NotFoundState, which no entry exports
import { NotFoundState } from '../../../src/components/shared/NotFoundState.js';
// eslint-disable-next-line no-restricted-imports -- StatusBadge of components/shared/StatusBadge, which no entry exports
import { StatusBadge } from '../../../src/components/shared/StatusBadge.js';
import { messagesEn as en, messagesEs as es } from 'payments-kit/messages';

describe('given a StatusBadge', () => {
  it('should show a known status as its word with its tone', () => {
    render(<StatusBadge kind="paymentIntent" status="succeeded" messages={es} />);
    const badge = screen.getByText('Completado');
    expect(badge).toHaveClass('pk-badge');
    expect(badge).toHaveAttribute('data-tone', 'success');
    expect(badge).toHaveAttribute('data-status', 'succeeded');
  });

  it('should show an unknown status as raw text in the neutral tone', () => {
    render(<StatusBadge kind="paymentIntent" status="partially_refunded" messages={en} className="host" />);
    const badge = screen.getByText('partially_refunded');
    expect(badge).toHaveAttribute('data-tone', 'neutral');
    expect(badge).toHaveAttribute('data-known', 'false');
    expect(badge).toHaveClass('pk-badge', 'host');
  });

  it('should say the status is unknown when there is none', () => {
    render(<StatusBadge kind="paymentIntent" status={undefined} messages={en} />);
    expect(screen.getByText('Status unknown')).toHaveAttribute('data-tone', 'neutral');
  });
});

describe('given an ErrorState', () => {
  it('should announce the title and advice for the kind as an alert', () => {
    render(<ErrorState error={{ kind: 'timeout', requestId: 'req_42' }} messages={en} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(en.errorTitles.timeout);
    expect(alert).toHaveTextContent(en.errorDescriptions.timeout);
    expect(alert).toHaveTextContent('Reference: req_42');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('should call onRetry when the retry button is pressed', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    render(<ErrorState error={{ kind: 'network' }} messages={es} onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('should say "too many requests" for a 429, keeping the retry, and the generic words for another status', () => {
    const { rerender } = render(<ErrorState error={{ kind: 'http', status: 429, code: 'rate_limited' }} messages={en} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(en.rateLimitedTitle);
    expect(alert).toHaveTextContent(en.rateLimitedDescription);
    expect(alert).not.toHaveTextContent(en.errorTitles.http);
    expect(screen.getByRole('button', { name: en.retry })).toBeEnabled();
    rerender(<ErrorState error={{ kind: 'http', status: 503 }} messages={en} onRetry={() => undefined} />);
    expect(alert).toHaveTextContent(en.errorTitles.http);
    expect(alert).not.toHaveTextContent(en.rateLimitedTitle);
  });

  it('should show the words its messages carry for the API’s code (docs/api.md#errors), the status deciding the rest', () => {
    const messages = {
      ...en,
      errorTitles: { ...en.errorTitles, 'user-info-missing-card': 'Add a card to pay' },
      errorDescriptions: { ...en.errorDescriptions, 'user-info-missing-card': 'Cards live in your wallet.' },
    };
    const { rerender } = render(<ErrorState error={{ kind: 'http', status: 400, upstreamCode: 'user-info-missing-card' }} messages={messages} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Add a card to pay');
    expect(alert).toHaveTextContent('Cards live in your wallet.');
    expect(alert).toHaveAttribute('data-refusal', 'invalid-input');
    expect(screen.queryByRole('button')).toBeNull();
    // A 503 with the code: its words, and the retry the status allows.
    rerender(<ErrorState error={{ kind: 'http', status: 503, upstreamCode: 'user-info-missing-card' }} messages={messages} onRetry={() => undefined} />);
    expect(alert).toHaveTextContent('Add a card to pay');
    expect(screen.getByRole('button', { name: en.retry })).toBeEnabled();
  });

  it.each([['invalid-email'], ['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty']])(
    'should show the status’s words for a code its messages carry no words for (%s)',
    (upstreamCode) => {
      render(<ErrorState error={{ kind: 'http', status: 400, upstreamCode }} messages={en} />);
      const alert = screen.getByRole('alert');
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent(en.inputRefusedTitle);
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent(en.inputRefusedDescription);
    },
  );

  it('should say "too many requests" for a 429 of any kind, as before', () => {
    render(<ErrorState error={{ kind: 'network', status: 429 }} messages={en} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(en.rateLimitedTitle);
    expect(screen.getByRole('button', { name: en.retry })).toBeEnabled();
  });
});

describe('given a LoadingState and a NotFoundState', () => {
  it('should mark the region busy and read "Loading…" while the skeleton stays decorative', () => {
    const { container } = render(<LoadingState messages={en} lines={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading…');
    expect(container.querySelector('.pk-skeleton')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('.pk-skeleton__line')).toHaveLength(2);
  });

  it('should show the not-found words without an alert or a retry', () => {
    render(<NotFoundState messages={es} />);
    expect(screen.getByRole('status')).toHaveTextContent('No encontrado');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('given Money', () => {
  it('should show cents for the locale and mark the sign', () => {
    render(<Money amount={-123456} locale="en" messages={en} />);
    expect(screen.getByText('-$1,234.56')).toHaveAttribute('data-sign', 'negative');
  });

  it('should show a legacy amount in dollars', () => {
    render(<Money amount={12.5} unit="major" locale="es" messages={es} />);
    expect(screen.getByText(/^12,50\sUS\$$/)).toHaveAttribute('data-sign', 'positive');
  });

  it('should show "Amount unavailable" instead of rounding or throwing', () => {
    render(
      <>
        <Money amount="12.5.0" locale="en" messages={en} />
        <Money amount={2 ** 53} locale="en" messages={en} />
      </>,
    );
    const fallbacks = screen.getAllByText('Amount unavailable');
    expect(fallbacks).toHaveLength(2);
    for (const node of fallbacks) expect(node).toHaveAttribute('data-state', 'invalid');
  });

  it('should show -0 as zero', () => {
    render(<Money amount={-0} locale="en" messages={en} />);
    expect(screen.getByText('$0.00')).toHaveAttribute('data-sign', 'zero');
  });
});

describe('given FormattedDate', () => {
  it('should render a <time> with the instant and the text in the explicit zone', () => {
    render(<FormattedDate value="2021-03-07T23:30:00Z" locale="en" timeZone="Asia/Tokyo" />);
    const time = screen.getByText(/Mar 8, 2021, 8:30\sAM GMT\+9/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2021-03-07T23:30:00.000Z');
  });

  it('should show an unparsable legacy date verbatim', () => {
    render(<FormattedDate value="07/03/2021 10:00" locale="en" />);
    expect(screen.getByText('07/03/2021 10:00')).toHaveAttribute('data-state', 'unparsed');
  });

  it('should show the raw text for an unknown time zone instead of throwing', () => {
    render(<FormattedDate value="2021-03-07T12:00:00Z" locale="en" timeZone="Mars/Olympus" />);
    expect(screen.getByText('2021-03-07T12:00:00Z')).toHaveAttribute('data-state', 'unparsed');
  });
});

describe('given a LiveRegion', () => {
  it('should be a polite, atomic, visually hidden status region', () => {
    const { rerender } = render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(region).toHaveClass('pk-visually-hidden');
    rerender(<LiveRegion>Confirming…</LiveRegion>);
    expect(region).toHaveTextContent('Confirming…');
  });
});

const gallery: ReactElement = (
  <div className="pk-root" data-pk-theme="auto">
    <StatusBadge kind="paymentIntent" status="requires_action" messages={en} />
    <StatusBadge kind="transfer" status="mystery" messages={en} />
    <Money amount={999} locale="en" messages={en} />
    <Money amount={1.5} locale="en" messages={en} />
    <FormattedDate value="2021-03-07T12:00:00Z" locale="en" />
    <FormattedDate value="yesterday" locale="en" />
    <LiveRegion>Saved</LiveRegion>
    <ErrorState error={{ kind: 'http', requestId: 'r1' }} messages={en} onRetry={() => undefined} />
    <LoadingState messages={en} />
    <NotFoundState messages={en} />
  </div>
);

describe('given every shared component together', () => {
  it('should render under StrictMode and with renderToString, with no style attribute (strict CSP)', () => {
    const { container } = render(<StrictMode>{gallery}</StrictMode>);
    expect(container.querySelector('[style]')).toBeNull();
    const html = renderToString(gallery);
    expect(html).not.toMatch(/style=|<style/);
    expect(html).toContain('pk-badge');
  });

  it('should have no axe violations (structure; contrast is checked in Chromium by shared.browser.test.tsx)', async () => {
    const { container } = render(gallery);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
