// The page's side of pushed status (payments-kit/live) against the real stream and proxy, in
// process over the sandbox: a webhook verified by `createPaymentsEvents` reaches the page's
// stream, and the components it names read again, once, even after their own polling stopped.
// The clock is fake: 15 minutes pass in a few steps.
import { randomBytes } from 'node:crypto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createProxyFetcher, type PaymentsFetcher, PaymentsProvider, TransactionDetail } from 'payments-kit';
import { PaymentsEvents, type PaymentsStreamChange, type PaymentsStreamState } from 'payments-kit/live';
import { TransferList } from 'payments-kit/transfers';
import { messagesEn as en } from 'payments-kit/messages';
import type { PaymentsGrant } from 'payments-kit/server';
import { transferOperations } from 'payments-kit/server/transfers';
import { createPaymentsEvents } from 'payments-kit/server/webhooks';
import { sandboxIds, transferIds, manyTransferId } from 'payments-kit/testing';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { SESSION_AUDIENCE, SESSION_SECRET, mintSession } from '../support/sessions.js';
import { advance, until, withLiveClock } from './liveClock.js';
import { createTestQueryClient } from '../components/harness.js';
import { paymentIntentUpdated, transferCompleted } from '../server/webhooks/apiExamples.js';
import { secretOf, webhookRequest } from '../server/webhooks/signWebhook.js';

const STREAM = '/api/payments-events';
const sessions = { secret: SESSION_SECRET, audience: SESSION_AUDIENCE };
const pendingTransaction = sandboxIds.transactions.pending;

withLiveClock();

function setup() {
  const { sandbox, fetch: toProxy } = sandboxProxy({ sessions, operations: [transferOperations] });
  const secret = secretOf(randomBytes(24));
  const events = createPaymentsEvents({ webhookSecret: secret, sessions });
  const streams: { session: string | null; signal: AbortSignal | undefined }[] = [];
  /** The page's one `fetch`: the stream, or the proxy. */
  const pageFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (input !== STREAM) return toProxy(input, init);
    streams.push({ session: new Headers(init?.headers).get('payments-session'), signal: init?.signal ?? undefined });
    return events.stream(new Request(`http://127.0.0.1${STREAM}`, init));
  };
  let sent = 0;
  /** The payments API posts a webhook; resolves once it is on its way to the streams. */
  const deliver = async (body: string) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await events.webhook(webhookRequest({ id: `msg_${String(++sent)}`, timestamp, body, secrets: [secret] }));
    expect(answer.status).toBe(204);
    await events.settled();
  };
  const fetcherFor = async (allow: PaymentsGrant, subject = 'user_1') =>
    createProxyFetcher({ session: await mintSession(allow, { subject, expiresIn: 3600 }), fetch: pageFetch });
  const states: PaymentsStreamState[] = [];
  const changes: PaymentsStreamChange[] = [];
  const page = (fetcher: PaymentsFetcher, children: ReactElement, stream = true) => (
    <StrictMode>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient}>
        {stream ? <PaymentsEvents url={STREAM} fetch={pageFetch} onStateChange={(state) => states.push(state)} onChange={(change) => changes.push(change)} /> : null}
        {children}
      </PaymentsProvider>
    </StrictMode>
  );
  const queryClient = createTestQueryClient();
  return { sandbox, events, deliver, fetcherFor, page, states, streams, changes, reads: (operation: 'getTransaction' | 'listTransfers') => sandbox.callsFor(operation).length };
}

/** Every text the live region held, in order. */
function announcements(region: HTMLElement): string[] {
  const seen: string[] = [];
  new MutationObserver(() => seen.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
  return seen;
}

const statusChanged = (status: string) => en.transferStatusChanged.replace('{status}', status);

describe('given a TransactionDetail whose transfer is pending, under a stream', () => {
  it('should show the webhook\'s "completed" 15 minutes on, past its polling, with one read and one announcement', async () => {
    const { sandbox, deliver, fetcherFor, page, states, reads } = setup();
    const answer = sandbox.data.transactions.get(pendingTransaction)!;
    const transfer = { id: String(answer.transfer?.id), userId: String(answer.transfer?.user_id) };
    // The page may hear of both the transaction and its transfer: one webhook, two changes, one read.
    const grant = { transactions: [pendingTransaction], transfers: { userId: transfer.userId } };
    const { container } = render(page(await fetcherFor(grant), <TransactionDetail transactionId={pendingTransaction} />));
    await until(() => expect(container.querySelector('.pk-transaction')).toHaveAttribute('data-state', 'success'));
    await until(() => expect(states.at(-1)).toBe('live'));
    expect(container).toHaveTextContent('Pending');
    await advance(15 * 60_000);
    const polled = reads('getTransaction');
    await advance(5 * 60_000);
    // Past liveStatus.maxMs (10 minutes): the component reads no more on its own.
    expect(reads('getTransaction')).toBe(polled);

    const said = announcements(container.querySelector<HTMLElement>('.pk-live')!);
    answer.transfer = { ...answer.transfer, status: 'completed' };
    await deliver(transferCompleted(transfer.id, transfer.userId, Number(pendingTransaction)));
    await until(() => expect(container).toHaveTextContent('Completed'));
    await advance(60_000);
    expect(reads('getTransaction')).toBe(polled + 1);
    expect(said.filter((text) => text === statusChanged('Completed'))).toHaveLength(1);
  });

  // Reads once the transaction shows, for 2 minutes: the backoff reads at 5, 10, 20, 40 and 80 s;
  // under an open stream, a read the backoff scheduled before the stream opened, then one a minute on.
  it.each([
    { stream: false, reads: [5, 5] },
    { stream: true, reads: [1, 2] },
  ])('should read it a minute apart only while a stream is open (stream: $stream)', async ({ stream, reads: [least, most] }) => {
    const { fetcherFor, page, states, reads } = setup();
    const { container } = render(page(await fetcherFor({ transactions: [pendingTransaction] }), <TransactionDetail transactionId={pendingTransaction} />, stream));
    await until(() => expect(container.querySelector('.pk-transaction')).toHaveAttribute('data-state', 'success'));
    if (stream) await until(() => expect(states.at(-1)).toBe('live'));
    const before = reads('getTransaction');
    await advance(120_000);
    expect(reads('getTransaction') - before).toBeGreaterThanOrEqual(least!);
    expect(reads('getTransaction') - before).toBeLessThanOrEqual(most!);
  });

  it('should say polling when the stream drops, and once open again read what the page shows, once, and say live', async () => {
    const { events, fetcherFor, page, states, reads } = setup();
    const { container } = render(page(await fetcherFor({ transactions: [pendingTransaction] }), <TransactionDetail transactionId={pendingTransaction} liveStatus={false} />));
    await until(() => expect(states.at(-1)).toBe('live'));
    await until(() => expect(container.querySelector('.pk-transaction')).toHaveAttribute('data-state', 'success'));
    const before = reads('getTransaction');
    const seen = states.length;
    events.close();
    await until(() => expect(states.at(-1)).toBe('polling'));
    expect(reads('getTransaction')).toBe(before);
    await until(() => expect(states.at(-1)).toBe('live'));
    await advance(60_000);
    expect(states.slice(seen)).toEqual(['polling', 'live']);
    expect(reads('getTransaction')).toBe(before + 1);
  });
});

describe('given a TransferList with a pending payout, under a stream', () => {
  it("should show the row completed after its webhook, with one read of the page and one announcement; another user's transfer reads nothing", async () => {
    const { sandbox, deliver, fetcherFor, page, states, reads } = setup();
    const user = transferIds.users.few;
    render(page(await fetcherFor({ transfers: { userId: user } }), <TransferList pageSize={20} />));
    const list = () => screen.getByRole('region', { name: 'Transfers' });
    await until(() => expect(list()).toHaveAttribute('data-state', 'success'));
    await until(() => expect(states.at(-1)).toBe('live'));
    const row = () => within(within(list()).getByRole('listbox')).getAllByRole('option')[0]!;
    expect(row()).toHaveTextContent('Pending');
    await advance(15 * 60_000);
    const polled = reads('listTransfers');

    // Another user's transfer: the stream says nothing to this page.
    await deliver(transferCompleted(manyTransferId(3), transferIds.users.many, 600_003));
    await advance(60_000);
    expect(reads('listTransfers')).toBe(polled);

    // Its detail is open beside the list: the change is said once, in the detail's live region.
    act(() => {
      fireEvent.click(row());
    });
    await until(() => expect(within(list()).getByRole('region', { name: 'Transfer details' })).toHaveTextContent('Pending'));
    const said = announcements(within(list()).getByRole('region', { name: 'Transfer details' }).querySelector<HTMLElement>('.pk-live')!);
    const transfer = sandbox.data.transfers.find((t) => t.id === transferIds.pending)!;
    transfer.status = 'completed';
    await deliver(transferCompleted(transferIds.pending, user, 700_001));
    await until(() => expect(row()).toHaveTextContent('Completed'));
    await advance(60_000);
    expect(reads('listTransfers')).toBe(polled + 1);
    expect(said.filter((text) => text === statusChanged('Completed'))).toHaveLength(1);
  });
  it.each([
    { stream: false, reads: [5, 5] },
    { stream: true, reads: [1, 2] },
  ])('should read its page a minute apart only while a stream is open (stream: $stream)', async ({ stream, reads: [least, most] }) => {
    const { fetcherFor, page, states, reads } = setup();
    render(page(await fetcherFor({ transfers: { userId: transferIds.users.few } }), <TransferList pageSize={20} />, stream));
    await until(() => expect(screen.getByRole('region', { name: 'Transfers' })).toHaveAttribute('data-state', 'success'));
    if (stream) await until(() => expect(states.at(-1)).toBe('live'));
    const before = reads('listTransfers');
    await advance(120_000);
    expect(reads('listTransfers') - before).toBeGreaterThanOrEqual(least!);
    expect(reads('listTransfers') - before).toBeLessThanOrEqual(most!);
  });
});

describe('given the stream is open', () => {
  it("should hand the host each change once the kit's own read is done: a payment intent's, which the kit cannot read, and a transaction's", async () => {
    const { sandbox, deliver, fetcherFor, page, states, changes, reads } = setup();
    const intent = 'pi_live_1';
    render(page(await fetcherFor({ transactions: [pendingTransaction], paymentIntents: [intent] }), <TransactionDetail transactionId={pendingTransaction} />));
    await until(() => expect(states.at(-1)).toBe('live'));
    await deliver(paymentIntentUpdated(intent));
    await until(() => expect(changes).toEqual([{ kind: 'paymentIntent', id: intent }]));

    const answer = sandbox.data.transactions.get(pendingTransaction)!;
    const before = reads('getTransaction');
    const readsAtChange: number[] = [];
    const push = changes.push.bind(changes);
    changes.push = (...added) => {
      readsAtChange.push(reads('getTransaction'));
      return push(...added);
    };
    await deliver(transferCompleted(String(answer.transfer?.id), String(answer.transfer?.user_id), Number(pendingTransaction)));
    await until(() => expect(changes.at(-1)).toEqual({ kind: 'transaction', id: pendingTransaction }));
    expect(readsAtChange).toEqual([before + 1]);
  });

  it('should stop it when unmounted: the request is aborted and not made again', async () => {
    const { events, fetcherFor, page, states, streams } = setup();
    const { unmount } = render(page(await fetcherFor({ transactions: [pendingTransaction] }), <TransactionDetail transactionId={pendingTransaction} />));
    await until(() => expect(states.at(-1)).toBe('live'));
    const opened = streams.length;
    unmount();
    expect(streams.every((stream) => stream.signal?.aborted)).toBe(true);
    events.close();
    await advance(5 * 60_000);
    expect(streams).toHaveLength(opened);
  });

  it("should stop it when the session names another user, and hear nothing more of the first user's resources", async () => {
    const { sandbox, deliver, fetcherFor, page, states, streams, reads } = setup();
    const first = await fetcherFor({ transactions: [pendingTransaction] }, 'user_1');
    const { rerender, container } = render(page(first, <TransactionDetail transactionId={pendingTransaction} />));
    await until(() => expect(states.at(-1)).toBe('live'));
    const firstStreams = streams.length;
    const other = sandboxIds.transactions.completed;
    rerender(page(await fetcherFor({ transactions: [other] }, 'user_2'), <TransactionDetail transactionId={other} liveStatus={false} />));
    await until(() => expect(container.querySelector('.pk-transaction')).toHaveAttribute('data-state', 'success'));
    await until(() => expect(streams.length).toBeGreaterThan(firstStreams));
    await until(() => expect(states.at(-1)).toBe('live'));
    expect(streams.slice(0, firstStreams).every((stream) => stream.signal?.aborted)).toBe(true);
    expect(streams.slice(firstStreams).every((stream) => !stream.signal?.aborted)).toBe(true);
    await advance(60_000);
    const before = reads('getTransaction');
    const answer = sandbox.data.transactions.get(pendingTransaction)!;
    await deliver(transferCompleted(String(answer.transfer?.id), String(answer.transfer?.user_id), Number(pendingTransaction)));
    await advance(60_000);
    expect(reads('getTransaction')).toBe(before);
  });
});
