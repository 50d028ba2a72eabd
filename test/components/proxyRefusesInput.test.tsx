// A host's props the browser sends as given and the kit's proxy checks alone: a confirm's payment
// method, a flow's steps, the volume's query, a transfer list's filters. Through the real proxy (in
// process, over the sandbox, with payment sessions) each wrong one must read as a refusal before
// sending did: the proxy's 400 of kind `invalid_request`, "This request isn’t valid" with no retry,
// nothing sent to the payments API, and for a confirm an outcome that is known (nothing kept, no
// "may have gone through").
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetcher, ConfirmIntentButton, FlowLauncher, VolumeCard } from 'payments-kit';
import { TransferList } from 'payments-kit/transfers';
import { messagesEn as en } from 'payments-kit/messages';
import { transferOperations } from 'payments-kit/server/transfers';
import { sandboxIds } from 'payments-kit/testing';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { SESSION_AUDIENCE, SESSION_SECRET, mintSession } from '../support/sessions.js';
import { expectNoAxeViolations, renderWithProvider } from './harness.js';

const { sandbox, fetch: toProxy } = sandboxProxy({ sessions: { secret: SESSION_SECRET, audience: SESSION_AUDIENCE }, operations: [transferOperations] });
/** What reached the proxy, and what it answered. */
const exchanges: { path: string; status: number; body: unknown }[] = [];
const fetcher = createProxyFetcher({
  getSession: () =>
    mintSession({
      paymentIntents: '*',
      flows: { steps: ['compliance', 'payout', 'redirect'], redirectUrls: ['https://shop.example/done'] },
      volume: true,
      transfers: { merchantWide: true },
    }),
  fetch: async (input, init) => {
    const response = await toProxy(input, init);
    exchanges.push({
      path: new URL(input instanceof Request ? input.url : input, 'http://127.0.0.1').pathname,
      status: response.status,
      body: await response.clone().json(),
    });
    return response;
  },
});

afterEach(() => {
  sandbox.reset();
  exchanges.length = 0;
  sessionStorage.clear();
});

/** The proxy's own refusal of the input, as it answered it. */
const refusedByProxy = (field: RegExp) => ({
  status: 400,
  body: { error: expect.objectContaining({ kind: 'invalid_request', status: 400, code: 'invalid_request', message: expect.stringMatching(field) as unknown }) as unknown },
});

describe('given a payment method the API refuses, through the proxy', () => {
  it.each([
    ['an empty one', ''],
    ['one of 256 characters', 'p'.repeat(256)],
  ])('should show %s as invalid input, no retry, and leave the outcome known with nothing sent upstream', async (_label, method) => {
    const onError = vi.fn();
    const onConfirmed = vi.fn();
    const intent = sandboxIds.paymentIntents.succeeded;
    const { container } = renderWithProvider(
      <ConfirmIntentButton paymentIntentId={intent} paymentMethodId={method} onError={onError} onConfirmed={onConfirmed} />,
      { fetcher },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(exchanges).toEqual([{ path: `/api/payments/api/v2/payment-intents/${intent}/confirm`, ...refusedByProxy(/^body\.payment_method_id /) }]);
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(alert).toHaveTextContent(en.errorDescriptions.invalid_request);
    expect(alert).not.toHaveTextContent(en.confirmOutcomeUnknown);
    expect(screen.queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', operation: 'confirmPaymentIntent' }));
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(sandbox.calls).toEqual([]);
    // Known: nothing is kept to be sent again with its key after a reload.
    await waitFor(() => {
      expect(Object.keys(sessionStorage).filter((name) => name.startsWith('payments-kit:confirm:'))).toEqual([]);
    });
    await expectNoAxeViolations(container);
  });
});

describe("given a flow's steps the API refuses, through the proxy", () => {
  it.each([
    ['no step', [], /^body\.steps/],
    ['a step the API does not name', ['teleport'], /^body\.steps/],
    ['a redirect to a javascript: URL', [{ name: 'redirect', redirect_url: 'javascript:alert(1)' }], /^body\.steps/],
  ] as const)('should show %s as invalid input, no retry, nothing sent upstream', async (_label, steps, field) => {
    const onError = vi.fn();
    const { container } = renderWithProvider(<FlowLauncher steps={steps as never} onError={onError} />, { fetcher });
    await userEvent.setup().click(screen.getByRole('button', { name: en.flowStart }));
    const alert = await screen.findByRole('alert');
    expect(exchanges).toEqual([{ path: '/api/payments/api/v2/flows', ...refusedByProxy(field) }]);
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(alert).toHaveTextContent(en.errorDescriptions.invalid_request);
    expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', operation: 'createFlow' }));
    expect(container.querySelector('iframe')).toBeNull();
    expect(sandbox.calls).toEqual([]);
    await expectNoAxeViolations(container);
  });
});

describe("given a volume query the API refuses, through the proxy", () => {
  it.each([
    ['a period with a space', { period: 'last month', type: 'receive', tz: 'UTC' }, /^query\.period /],
    ['a type of 33 characters', { period: 'month', type: 't'.repeat(33), tz: 'UTC' }, /^query\.type /],
  ])('should show %s as invalid input, no retry, nothing sent upstream', async (_label, props, field) => {
    const onError = vi.fn();
    const { container } = renderWithProvider(<VolumeCard {...props} onError={onError} />, { fetcher });
    const root = screen.getByRole('region', { name: (name) => name.startsWith(`${en.volumeTitle} `) });
    const alert = await within(root).findByRole('alert');
    expect(exchanges).toEqual([{ path: '/api/payments/api/api/metrics/transaction/volume', ...refusedByProxy(field) }]);
    expect(root).toHaveAttribute('data-state', 'error');
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(alert).toHaveTextContent(en.errorDescriptions.invalid_request);
    expect(within(root).queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', operation: 'getTransactionVolume' }));
    expect(sandbox.calls).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('should explain a tz that is not three letters in its own words, as the proxy refuses it', async () => {
    const onError = vi.fn();
    renderWithProvider(<VolumeCard period="month" type="receive" tz="Europe/Paris" onError={onError} />, { fetcher });
    const root = screen.getByRole('region', { name: (name) => name.startsWith(`${en.volumeTitle} `) });
    // Known from the props: the first render already says it.
    expect(root).toHaveAttribute('data-state', 'error');
    expect(within(root).getByRole('alert')).toHaveTextContent('“Europe/Paris” isn’t a three-letter time zone code such as UTC.');
    await waitFor(() => {
      expect(onError).toHaveBeenCalledTimes(1);
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', operation: 'getTransactionVolume' }));
    expect(exchanges).toEqual([{ path: '/api/payments/api/api/metrics/transaction/volume', ...refusedByProxy(/^query\.tz /) }]);
    expect(within(root).queryByRole('button')).toBeNull();
    expect(sandbox.calls).toEqual([]);
  });
});

describe("given a transfer list's filters the API refuses, through the proxy", () => {
  it.each([
    ['a status with a space', { status: 'on hold' }, /^query\.status /],
    ['a type of 33 characters', { type: 't'.repeat(33) }, /^query\.type /],
  ])('should show %s as invalid input, no retry, nothing sent upstream', async (_label, defaultFilters, field) => {
    const onError = vi.fn();
    const { container } = renderWithProvider(<TransferList defaultFilters={defaultFilters} onError={onError} />, { fetcher });
    const root = screen.getByRole('region', { name: 'Transfers' });
    const alert = await within(root).findByRole('alert');
    expect(exchanges).toEqual([{ path: '/api/payments/api/v2/transfers', ...refusedByProxy(field) }]);
    expect(root).toHaveAttribute('data-state', 'error');
    expect(alert).toHaveTextContent(en.errorTitles.invalid_request);
    expect(alert).toHaveTextContent(en.errorDescriptions.invalid_request);
    expect(within(root).queryByRole('button', { name: en.retry })).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', operation: 'listTransfers' }));
    expect(sandbox.calls).toEqual([]);
    await expectNoAxeViolations(container);
  });
});
