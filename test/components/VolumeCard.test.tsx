import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- knownVolumePeriods, knownVolumeTypes of api/index, which no entry exports
import { PaymentsError, knownVolumePeriods, knownVolumeTypes } from '../../src/api/index.js';
import { PaymentsProvider, VolumeCard, createProxyFetcher } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- formatMoney of components/shared/money/formatMoney, which no entry exports
import { formatMoney } from '../../src/components/shared/money/formatMoney.js';
import { messagesEn as en, messagesEs as es, messagesAr as ar, type MessageOverrides } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- formatMessage of components/shared/formatMessage, which no entry exports
import { formatMessage } from '../../src/components/shared/formatMessage.js';
import { volumeFor } from 'payments-kit/testing';
import { countingFetcher, expectNoAxeViolations, renderWithProvider, setUpSandbox, untilOnFakeClock } from './harness.js';
import { sleep } from '../support/sleep.js';
import { sandboxProxy } from '../support/sandboxProxy.js';

const { sandbox, browserRequests } = setUpSandbox();
/** The kit's real proxy over a sandbox of its own: what it refuses never reaches that sandbox. */
const kitProxy = sandboxProxy();

/** The card: the region named by its heading (and its caption). */
const card = (title = 'Transaction volume') =>
  screen.getByRole('region', { name: (name) => name.startsWith(`${title} `) });

async function loaded(name?: string): Promise<HTMLElement> {
  await waitFor(() => {
    expect(card(name)).toHaveAttribute('data-state', 'success');
  });
  return card(name);
}

const liveRegion = (root: HTMLElement) => root.querySelector<HTMLElement>('.pk-live')!;
const answered = () => browserRequests.filter((request) => !request.signal.aborted);

describe('given a locale whose amounts carry direction marks (Arabic)', () => {
  it('should size the figure by the characters drawn, not by the invisible marks', async () => {
    renderWithProvider(<VolumeCard period="30d" type="receive" tz="UTC" locale="ar" />);
    const root = await loaded();
    const amount = formatMoney(volumeFor('30d', 'receive', 'UTC'), { locale: 'ar' });
    expect(amount.startsWith('\u200f')).toBe(true);
    expect(root.querySelector('.pk-stat__value')).toHaveAttribute('data-chars', String(amount.length - 1));
  });
});

describe('given each known period and type', () => {
  const cases = knownVolumePeriods.flatMap((period) => knownVolumeTypes.map((type) => [period, type] as const));
  it.each(cases)('should show the %s %s volume as money, with the type and period in words', async (period, type) => {
    renderWithProvider(<VolumeCard period={period} type={type} tz="UTC" />);
    const root = await loaded();
    const amount = formatMoney(volumeFor(period, type, 'UTC'), { locale: 'en' });
    expect(root.querySelector('.pk-stat__value')).toHaveTextContent(amount);
    // The stylesheet sizes the figure by its length (VolumeCard.browser.test.tsx checks the fit).
    expect(root.querySelector('.pk-stat__value')).toHaveAttribute('data-chars', String(amount.length));
    // `30d`'s words take its 30 as `{count}`, in the plural form 30 takes in English.
    const { '30d': lastDays, ...names } = en.volumePeriods;
    const words = period === '30d' ? lastDays.other.replace('{count}', '30') : names[period];
    expect(root).toHaveTextContent(`${en.volumeTypes[type]} · ${words}`);
    expect(liveRegion(root)).toHaveTextContent(`Transaction volume: ${amount}`);
    expect(answered().map((request) => new URL(request.url).search)).toEqual([
      `?period=${period}&type=${type}&tz=UTC`,
    ]);
  });
});

describe('given the volume is already in the cache', () => {
  it('should show it at once and announce nothing, since nobody waited', async () => {
    const first = renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />);
    expect(liveRegion(await loaded())).toHaveTextContent(/^Transaction volume: /);
    first.unmount();

    renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />, { queryClient: first.queryClient });
    expect(card()).toHaveAttribute('data-state', 'success');
    expect(liveRegion(card()).textContent).toBe('');
  });
});

describe('given a period and a type the kit has no words for', () => {
  it('should send them as they are and show them as raw text', async () => {
    const { container } = renderWithProvider(<VolumeCard period="quarter" type="refund" tz="est" />);
    const root = await loaded();
    expect(root).toHaveTextContent('refund · quarter');
    expect(root.querySelector('.pk-stat__value')).toHaveTextContent(
      formatMoney(volumeFor('quarter', 'refund', 'EST'), { locale: 'en' }),
    );
    await expectNoAxeViolations(container);
  });
});

describe('given a tz that is not a three-letter code, through the kit\'s proxy', () => {
  it.each(['Europe/Paris', 'UTCX', ''])(
    'should explain %j clearly, offer no retry, call onError once with the proxy\'s refusal and send nothing to the API',
    async (tz) => {
      const onError = vi.fn();
      const { container } = renderWithProvider(<VolumeCard period="month" type="receive" tz={tz} onError={onError} />, {
        fetcher: createProxyFetcher({ fetch: kitProxy.fetch }),
      });
      const root = card();
      // Known from the props: the first render already says it.
      expect(root).toHaveAttribute('data-state', 'error');
      const alert = within(root).getByRole('alert');
      expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
      expect(alert).toHaveTextContent(`“${tz}” isn’t a three-letter time zone code such as UTC.`);
      expect(within(root).queryByRole('button')).toBeNull();
      await waitFor(() => {
        expect(onError).toHaveBeenCalledTimes(1);
      });
      expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'invalid_request', status: 400, operation: 'getTransactionVolume' });
      await sleep(30);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(kitProxy.sandbox.calls).toEqual([]);
      await expectNoAxeViolations(container);
    },
  );
});

describe('given the service fails', () => {
  it('should show the error with a retry, then the volume after retrying, and call onError once', async () => {
    sandbox.inject({ kind: 'status', status: 500 }, { operation: 'getTransactionVolume' });
    const onError = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithProvider(<VolumeCard period="week" type="send" tz="UTC" onError={onError} />);
    const alert = await screen.findByRole('alert');
    expect(card()).toHaveAttribute('data-state', 'error');
    expect(alert).toHaveTextContent(en.errorTitles.http);
    await expectNoAxeViolations(container);
    const live = liveRegion(card());

    sandbox.clearFaults();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const root = await loaded();
    expect(root).toHaveTextContent(formatMoney(volumeFor('week', 'send', 'UTC'), { locale: 'en' }));
    expect(liveRegion(root)).toBe(live);
    expect(live).toHaveTextContent(/^Transaction volume: \$/);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PaymentsError);
  });

  it('should show success: false as an error with a retry', async () => {
    sandbox.inject({ kind: 'success-false' }, { operation: 'getTransactionVolume' });
    renderWithProvider(<VolumeCard period="day" type="receive" tz="UTC" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('should show a broken answer as invalid_response without crashing the page', async () => {
    sandbox.inject({ kind: 'wrong-shape' }, { operation: 'getTransactionVolume' });
    renderWithProvider(<VolumeCard period="day" type="receive" tz="UTC" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errorTitles.invalid_response);
  });
});

describe("given the payments service answers 429 without Retry-After, with the kit's own QueryClient", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should read again on the backoff, after 1 s, 2 s and 4 s, then say "too many requests" in Spanish too', async () => {
    vi.useFakeTimers();
    // No code and no Retry-After: the proxy passing on the payments service's own 429.
    sandbox.inject({ kind: 'status', status: 429 }, { operation: 'getTransactionVolume' });
    render(
      <StrictMode>
        <PaymentsProvider messages={es}>
          <VolumeCard period="month" type="receive" tz="UTC" title="Volumen" />
        </PaymentsProvider>
      </StrictMode>,
    );
    const sentAt: number[] = [];
    const start = Date.now();
    const reads = () => answered().length;
    /** Moves the fake clock 1 ms at a time up to `until`, noting when each read is sent. */
    const runTo = async (until: number) => {
      while (Date.now() - start < until) {
        const before = reads();
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1);
        });
        if (reads() > before) sentAt.push(Date.now() - start);
      }
    };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(reads()).toBe(1);
    await runTo(7_500);
    expect(sentAt).toEqual([1_000, 3_000, 7_000]);
    await untilOnFakeClock(() => {
      expect(card('Volumen')).toHaveAttribute('data-state', 'error');
    });
    const alert = within(card('Volumen')).getByRole('alert');
    expect(alert).toHaveTextContent(es.rateLimitedTitle);
    expect(alert).toHaveTextContent(es.rateLimitedDescription);
    expect(within(alert).getByRole('button', { name: es.retry })).toBeEnabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(reads()).toBe(4);
  });
});

describe('given the answer is slow', () => {
  it('should show a busy loading state under its heading, with no axe violations', async () => {
    sandbox.inject({ kind: 'hang' }, { operation: 'getTransactionVolume' });
    const { container } = renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />);
    const root = card();
    expect(root).toHaveAttribute('data-state', 'loading');
    expect(within(root).getByRole('status', { busy: true })).toHaveTextContent('Loading…');
    expect(within(root).getByRole('heading', { level: 2, name: 'Transaction volume' })).toBeVisible();
    expect(root).toHaveAccessibleName('Transaction volume Received · 1 month');
    await expectNoAxeViolations(container);
  });
});

describe('given the Spanish locale', () => {
  it('should show the words and the money in Spanish, from the provider or the prop', async () => {
    renderWithProvider(<VolumeCard period="year" type="send" tz="UTC" />, { locale: 'es', messages: es });
    const root = await loaded('Volumen de transacciones');
    expect(root).toHaveTextContent('Enviado · 1 año');
    expect(root.querySelector('.pk-stat__value')).toHaveTextContent(
      // toHaveTextContent collapses the no-break space Intl puts before "US$".
      formatMoney(volumeFor('year', 'send', 'UTC'), { locale: 'es' }).replace(/\s/g, ' '),
    );
  });

  it('should explain an invalid tz in Spanish', () => {
    renderWithProvider(<VolumeCard period="month" type="receive" tz="CEST" locale="es" messages={es} />);
    expect(screen.getByRole('alert')).toHaveTextContent('“CEST” no es un código de zona horaria de tres letras, como UTC.');
  });
});

describe('given a title, message overrides, a className and native props', () => {
  it('should use them, with the host’s class last and the theme marked', async () => {
    const { container } = renderWithProvider(
      <VolumeCard
        period="month"
        type="receive"
        tz="UTC"
        title="Sales this month"
        messages={{ volumeTypes: { receive: 'Sales' } }}
        className="host"
        data-testid="volume"
        id="vol"
        headingLevel={3}
      />,
      { theme: 'auto', messages: { volumePeriods: { month: 'This month' } } },
    );
    const root = screen.getByTestId('volume');
    expect(root.className).toBe('pk-root pk-volume pk-card host');
    expect(root).toHaveAttribute('id', 'vol');
    expect(root).toHaveAttribute('data-pk-theme', 'auto');
    await loaded('Sales this month');
    expect(within(root).getByRole('heading', { level: 3, name: 'Sales this month' })).toBeVisible();
    expect(root).toHaveTextContent('Sales · This month');
    expect(container.querySelector('[style]')).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('given the last 30 days, a plural message', () => {
  const caption = (root: HTMLElement) => root.querySelector('.pk-stat__caption');

  it('should use the form 30 takes in Arabic (many), not the form of 100 (other)', async () => {
    renderWithProvider(<VolumeCard period="30d" type="receive" tz="UTC" />, { locale: 'ar-EG', messages: ar });
    const root = await loaded(ar.volumeTitle);
    expect(ar.volumePeriods['30d'].many).not.toBe(ar.volumePeriods['30d'].other);
    expect(caption(root)).toHaveTextContent(formatMessage(ar.volumeSummary, { type: ar.volumeTypes.receive, period: 'آخر ٣٠ يومًا' }));
  });

  it('should take a host\'s plural message for it, from the provider or the card', async () => {
    const lastDays = { one: 'Yesterday', other: 'Past {count} days' };
    renderWithProvider(<VolumeCard period="30d" type="receive" tz="UTC" />, { messages: { volumePeriods: { '30d': lastDays } } });
    expect(caption(await loaded())).toHaveTextContent('Received · Past 30 days');
  });

  it('should read a host\'s override written as one string (plain JS) as its `other` form', async () => {
    const overrides = JSON.parse('{"volumePeriods":{"30d":"Past {count} days"}}') as MessageOverrides;
    renderWithProvider(<VolumeCard period="30d" type="receive" tz="UTC" messages={overrides} />);
    expect(caption(await loaded())).toHaveTextContent('Received · Past 30 days');
  });
});

describe('given the card unmounts before the answer arrives', () => {
  // React no longer warns about a state update after unmount, so what shows the answer is
  // ignored is that it never comes: the request is aborted.
  it('should abort its request on unmount, so no late answer can reach it', async () => {
    sandbox.inject({ kind: 'hang' }, { operation: 'getTransactionVolume' });
    // One mount, so one request: under StrictMode the first mount's cleanup aborts a request too.
    const { unmount } = renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />, { strict: false });
    await waitFor(() => {
      expect(browserRequests).toHaveLength(1);
    });
    const [request] = browserRequests;
    expect(request?.signal.aborted).toBe(false);
    unmount();
    await waitFor(() => {
      expect(request?.signal.aborted).toBe(true);
    });
  });
});

describe('given refreshIntervalMs', () => {
  const reads = () => sandbox.callsFor('getTransactionVolume').length;

  it('should read the volume again at that interval, silently, and stop on unmount', async () => {
    // Counted where they are sent: a read sent just before the unmount can reach the sandbox after it.
    const { fetcher, sent } = countingFetcher();
    const { unmount } = renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" refreshIntervalMs={40} />, { fetcher });
    const root = await loaded();
    await waitFor(() => {
      expect(reads()).toBeGreaterThan(2);
    });
    expect(root).toHaveAttribute('data-state', 'success');
    unmount();
    const atUnmount = sent();
    await sleep(150);
    expect(sent()).toBe(atUnmount);
    // Every read sent has reached the sandbox: none arrives after the next test's reset.
    await waitFor(() => {
      expect(reads()).toBe(sent());
    });
  });

  it('should read once without it', async () => {
    renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" />);
    await loaded();
    await sleep(150);
    expect(answered()).toHaveLength(1);
  });
});

describe('given refreshIntervalMs and a volume that changes', () => {
  it('should show the new figure in place, without a loading state and without announcing it', async () => {
    let volume = 100_00;
    const fetcher = () => Promise.resolve({ success: true, volume: (volume += 1_00) });
    renderWithProvider(<VolumeCard period="day" type="receive" tz="UTC" refreshIntervalMs={40} />, { fetcher });
    const root = await loaded();
    const figure = () => root.querySelector('.pk-stat__value')?.textContent ?? '';
    const first = figure();
    expect(liveRegion(root)).toHaveTextContent(first);
    const states = new Set<string>();
    await waitFor(() => {
      states.add(root.dataset.state ?? '');
      expect(figure()).not.toBe(first);
    });
    expect([...states]).toEqual(['success']);
    expect(liveRegion(root)).toHaveTextContent('');
  });
});

describe('given a volume on screen whose next read is refused', () => {
  it.each([
    [403, 'not_granted', en.notGrantedTitle],
    [401, 'session_expired', en.sessionExpiredTitle],
  ])('should replace the figure with the refusal (%s %s)', async (status, code, words) => {
    renderWithProvider(<VolumeCard period="month" type="receive" tz="UTC" refreshIntervalMs={40} />);
    const root = await loaded();
    const amount = formatMoney(volumeFor('month', 'receive', 'UTC'), { locale: 'en' });
    expect(root).toHaveTextContent(amount);
    sandbox.inject(
      { kind: 'status', status, body: { error: { kind: 'http', status, code, message: 'Refused.', operation: 'getTransactionVolume' } } },
      { operation: 'getTransactionVolume' },
    );
    await waitFor(() => {
      expect(card()).toHaveAttribute('data-state', 'error');
    });
    expect(card()).toHaveTextContent(words);
    expect(card()).not.toHaveTextContent(amount);
  });
});
