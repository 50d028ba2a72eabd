// A single-page app that switches user: the page's payment session becomes another subject's,
// through the provider's `session` prop or through a `getSession` renewal, and nothing the
// previous subject was shown may stay on screen (docs/spa.md#when-the-user-changes).
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { useConfirmPaymentIntent, useCreateFlow, ConfirmIntentButton, FlowLauncher, PaymentsProvider, TransactionDetail, VolumeCard } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- formatMessage of components/shared/formatMessage, which no entry exports
import { formatMessage } from '../../src/components/shared/formatMessage.js';
import { messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- formatMoney of components/shared/money/formatMoney, which no entry exports
import { formatMoney } from '../../src/components/shared/money/formatMoney.js';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { setUpSandbox } from './harness.js';
import { sessionToken, subjectOfRequest } from '../sessionTokens.js';

const { server, browserRequests } = setUpSandbox();

const alice = sessionToken('alice');
const bob = sessionToken('bob');
const aliceAmount = '$1,250.00';
const aliceVolume = formatMoney(volumeFor('month', 'receive', 'UTC'), { locale: 'en' });

/**
 * The proxy's grants: Alice may read everything, Bob nothing (403 `not_granted`); tokens in
 * `expired` are refused 401 `session_expired`. Anything allowed goes on to the sandbox; the
 * requests refused are returned.
 */
function grants(expired: Set<string> = new Set()) {
  const refused: Request[] = [];
  server.use(
    http.all('*/api/payments/api/*', ({ request }) => {
      const token = request.headers.get('payments-session');
      const refuse = (status: number, code: string) => {
        refused.push(request);
        return HttpResponse.json({ error: { kind: 'http', status, code, message: 'Refused.' } }, { status });
      };
      if (token !== null && expired.has(token)) return refuse(401, 'session_expired');
      if (subjectOfRequest(request) === 'bob') return refuse(403, 'not_granted');
      return undefined;
    }),
  );
  return refused;
}

const detail = () => screen.getByRole('region', { name: `Transaction ${sandboxIds.transactions.created}` });
const volume = () => screen.getByRole('region', { name: (name) => name.startsWith('Transaction volume ') });

function Page({ session, getSession, queryClient, live }: { session?: string; getSession?: () => Promise<string>; queryClient?: QueryClient; live?: boolean }) {
  return (
    <StrictMode>
      <PaymentsProvider session={session} getSession={getSession} queryClient={queryClient}>
        <TransactionDetail transactionId={sandboxIds.transactions.created} liveStatus={live ? { initialIntervalMs: 30, maxIntervalMs: 60 } : false} />
        <VolumeCard period="month" type="receive" tz="UTC" />
      </PaymentsProvider>
    </StrictMode>
  );
}

async function aliceSeesHerData() {
  await waitFor(() => {
    expect(detail()).toHaveAttribute('data-state', 'success');
    expect(volume()).toHaveAttribute('data-state', 'success');
  });
  expect(detail()).toHaveTextContent(aliceAmount);
  expect(volume()).toHaveTextContent(aliceVolume);
}

async function bobSeesNothingOfAlice() {
  await waitFor(() => {
    expect(detail()).toHaveAttribute('data-state', 'error');
    expect(volume()).toHaveAttribute('data-state', 'error');
  });
  expect(detail()).toHaveTextContent(en.notGrantedTitle);
  expect(volume()).toHaveTextContent(en.notGrantedTitle);
  expect(document.body).not.toHaveTextContent(aliceAmount);
  expect(document.body).not.toHaveTextContent(aliceVolume);
}

describe('given a single-page app whose provider is given another subject’s session', () => {
  it.each([
    ["the kit's own QueryClient", () => undefined],
    ["a host QueryClient that keeps answers fresh for 60 s", () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })],
  ])('should read again as the new subject and show nothing of the previous one, with %s', async (_name, makeClient) => {
    const refused = grants();
    const queryClient = makeClient();
    const { rerender } = render(<Page session={alice} queryClient={queryClient} />);
    await aliceSeesHerData();
    rerender(<Page session={bob} queryClient={queryClient} />);
    await bobSeesNothingOfAlice();
    // Read again as Bob, whatever the client's staleTime said of Alice's answers.
    expect([...new Set(refused.map((request) => new URL(request.url).pathname))].sort()).toEqual([
      '/api/payments/api/api/metrics/transaction/volume',
      `/api/payments/api/v2/transactions/${sandboxIds.transactions.created}`,
    ]);
  });
});

describe('given a single-page app whose getSession renews an expired session with another subject’s token', () => {
  it('should show nothing of the previous subject, in the card that renewed it and in the others', async () => {
    const expired = new Set<string>();
    grants(expired);
    let next = alice;
    const { unmount } = render(<Page getSession={() => Promise.resolve(next)} live />);
    await aliceSeesHerData();
    // Alice's session ends; the page's session route now mints Bob's. The live read of the
    // transaction meets the 401, renews, and is answered as Bob.
    expired.add(alice);
    next = bob;
    await bobSeesNothingOfAlice();
    unmount();
  });

  it('should keep what it shows when the renewed token is the same subject’s', async () => {
    const expired = new Set<string>();
    grants(expired);
    let next = alice;
    const { unmount } = render(<Page getSession={() => Promise.resolve(next)} live />);
    await aliceSeesHerData();
    const renewed = sessionToken('alice', 'renewed');
    expired.add(alice);
    next = renewed;
    await waitFor(() => {
      expect(browserRequests.some((request) => request.headers.get('payments-session') === renewed)).toBe(true);
    });
    expect(volume()).toHaveAttribute('data-state', 'success');
    expect(volume()).toHaveTextContent(aliceVolume);
    expect(detail()).toHaveTextContent(aliceAmount);
    // The volume was not read again: the renewal did not change whose data it is.
    expect(browserRequests.filter((request) => request.url.includes('/volume') && !request.signal.aborted)).toHaveLength(1);
    unmount();
  });
});

describe('given a confirm answered and a flow opened for one user, then the session of another', () => {
  function Actions({ session }: { session: string }) {
    return (
      <PaymentsProvider session={session}>
        <ConfirmIntentButton paymentIntentId="pi_succeeded" paymentMethodId="pm_card_visa" />
        <FlowLauncher steps={['compliance']} />
      </PaymentsProvider>
    );
  }

  it("should show neither the previous user's confirmed payment nor their flow", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Actions session={alice} />);
    await user.click(screen.getByRole('button', { name: en.confirmButton }));
    await screen.findByText(formatMessage(en.confirmResult, { status: en.paymentIntentStatuses.succeeded }));
    await user.click(screen.getByRole('button', { name: en.flowStart }));
    await waitFor(() => {
      expect(document.querySelector('iframe.pk-flow-frame')).not.toBeNull();
    });

    rerender(<Actions session={bob} />);
    expect(document.querySelector('iframe.pk-flow-frame')).toBeNull();
    expect(document.body).not.toHaveTextContent(en.paymentIntentStatuses.succeeded);
    expect(screen.getByRole('button', { name: en.confirmButton })).toBeEnabled();
    expect(screen.getByRole('button', { name: en.flowStart })).toBeEnabled();
  });
});

describe('given a host UI over the mutation hooks, and the session of another user', () => {
  function HostUi() {
    const confirm = useConfirmPaymentIntent();
    const flow = useCreateFlow();
    return (
      <>
        <button onClick={() => { confirm.mutate({ paymentIntentId: 'pi_succeeded', paymentMethodId: 'pm_card_visa', idempotencyKey: 'host-key-12345678' }); }}>Pay</button>
        <button onClick={() => { flow.mutate({ steps: ['compliance'] }); }}>Onboard</button>
        <output aria-label="confirmed">{confirm.data?.status ?? 'none'}</output>
        <output aria-label="flow">{flow.data?.link ?? 'none'}</output>
      </>
    );
  }
  const Host = ({ session }: { session: string }) => (
    <PaymentsProvider session={session}>
      <HostUi />
    </PaymentsProvider>
  );

  it("should forget the previous user's confirmed intent and flow link", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Host session={alice} />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Onboard' }));
    await waitFor(() => {
      expect(screen.getByRole('status', { name: 'confirmed' })).toHaveTextContent('succeeded');
      expect(screen.getByRole('status', { name: 'flow' })).not.toHaveTextContent('none');
    });
    rerender(<Host session={bob} />);
    expect(screen.getByRole('status', { name: 'confirmed' })).toHaveTextContent('none');
    expect(screen.getByRole('status', { name: 'flow' })).toHaveTextContent('none');
  });
});
