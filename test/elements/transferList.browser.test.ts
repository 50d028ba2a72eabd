// <payments-transfer-list> (payments-kit/elements/transfers) on the sandbox, in Chromium: the
// transfers of the user the page is granted, its attributes taking effect when set and when
// changed, a row opening its detail, and the events it sends.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import 'payments-kit/elements';
import 'payments-kit/elements/transfers';
import { PaymentsTransferListElement } from 'payments-kit/elements/transfers';
import type { PaymentsError, TransferResource } from 'payments-kit';
import type { TransferFilters } from 'payments-kit/transfers';
import { messagesFr } from 'payments-kit/messages';
import { transferListMessagesFr } from 'payments-kit/transfers/messages';
import { transferIds } from 'payments-kit/testing';
import { expectNoConsoleError, mount, rootOf, settled, setUpElements } from './harness.js';

const { sandbox } = setUpElements();
expectNoConsoleError();

const few = transferIds.users.few;

/** The query of each page the list read (`GET …/api/v2/transfers`), as the page sent it. */
const sent: URLSearchParams[] = [];
const pageReads = () => sent;

// The proxy sends the grant's user, whatever the page asks (docs/api.md#list-transfers): here the
// harness's stand-in proxy does it too, for a page granted `transfers: { userId: few }`.
beforeEach(() => {
  sent.length = 0;
  const proxy = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/v2/transfers')) {
      sent.push(new URLSearchParams(url.search));
      url.searchParams.set('user_id', few);
    }
    return proxy(new Request(url, request));
  });
});

/** What the rows show in `column`. */
const column = (element: Element, name: string) => rows(element).map((row) => row.querySelector(`[data-column="${name}"] .pk-transfer-row__value`)?.textContent);

const list = (attributes = '') =>
  mount(`<payments-provider session="tok"><payments-transfer-list live-status="false" ${attributes}></payments-transfer-list></payments-provider>`, 'payments-transfer-list');

/** The rows of the list box inside the element. */
const rows = (element: Element) => [...(rootOf(element)?.querySelectorAll<HTMLElement>('[role="listbox"] > [role="option"]') ?? [])];

/** The events of `type` heard on `target` from now on. */
function heard<T>(target: EventTarget, type: string): CustomEvent<T>[] {
  const events: CustomEvent<T>[] = [];
  target.addEventListener(type, (event) => events.push(event as CustomEvent<T>));
  return events;
}

describe('given <payments-transfer-list> in a provider', () => {
  it('should observe its attributes, and reflect page-size as pageSize', () => {
    expect(PaymentsTransferListElement.observedAttributes).toEqual([
      'page-size',
      'status',
      'type',
      'start-date',
      'end-date',
      'live-status',
      'heading-level',
      'locale',
      'time-zone',
    ]);
    const element = document.createElement('payments-transfer-list');
    element.pageSize = 50;
    expect(element.getAttribute('page-size')).toBe('50');
    element.setAttribute('page-size', '10');
    expect(element.pageSize).toBe(10);
  });

  it('should list the granted user\'s transfers, newest first, with the list\'s own stylesheet', async () => {
    const element = list();
    const root = await settled(element, 'success');
    expect(rows(element)).toHaveLength(12);
    // The newest of user `few`: a pending payout of 12 500 cents, from the app to the user.
    expect(rows(element)[0]?.textContent).toBe('Amount-$125.00StatusPendingTypePayoutDateOct 31, 2026, 10:00 AM UTC');
    expect(root.querySelector('h2')?.textContent).toBe('Transfers');
    // payments-kit/transfers.css is adopted beside the kit's: the wide rows are a grid of four.
    expect(getComputedStyle(rows(element)[0]!).display).toBe('grid');
    expect(pageReads()).toHaveLength(1);
    expect(pageReads()[0]?.get('limit')).toBe('20');
    expect(pageReads()[0]?.has('user_id')).toBe(false);
  });

  it('should read pages of page-size rows, and a new first page when page-size changes', async () => {
    const element = list('page-size="5"');
    await settled(element, 'success');
    expect(rows(element)).toHaveLength(5);
    const next = [...(rootOf(element)?.querySelectorAll<HTMLButtonElement>('.pk-transfers__pager button') ?? [])][1]!;
    await userEvent.click(next);
    await expect.poll(() => rows(element)[0]?.textContent).toContain('Under review');
    expect(pageReads().at(-1)?.get('starting_after')).toBe('d3b0c442-0000-4000-8000-000000000005');

    element.pageSize = 3;
    await expect.poll(() => rows(element).length).toBe(3);
    expect(pageReads().at(-1)?.get('limit')).toBe('3');
    expect(pageReads().at(-1)?.has('starting_after')).toBe(false);
  });

  it('should send its filter attributes as the API\'s parameters, and again when they change', async () => {
    const element = list('status="completed" type="payout" time-zone="America/New_York" start-date="2026-10-01" end-date="2026-10-31"');
    await settled(element, 'success');
    expect(Object.fromEntries(pageReads()[0]!)).toMatchObject({
      status: 'completed',
      type: 'payout',
      // Days of the element's time zone, as the instants they cover.
      start_date: '2026-10-01T04:00:00.000Z',
      end_date: '2026-11-01T03:59:59.000Z',
    });
    // The filters show what the list was opened with.
    const status = rootOf(element)?.querySelector<HTMLSelectElement>('select');
    expect(status?.value).toBe('completed');
    expect(column(element, 'status')).toEqual(['Completed', 'Completed']);

    element.setAttribute('status', 'failed');
    element.removeAttribute('type');
    await expect.poll(() => pageReads().at(-1)?.get('status')).toBe('failed');
    expect(pageReads().at(-1)?.has('type')).toBe(false);
    await expect.poll(() => column(element, 'status')).toEqual(['Failed']);
  });

  it('should speak the element\'s locale: Hebrew right to left, French words from its catalogues', async () => {
    const hebrew = list('locale="he"');
    const root = await settled(hebrew, 'success');
    expect([root.getAttribute('lang'), root.getAttribute('dir')]).toEqual(['he', 'rtl']);
    hebrew.remove();

    const french = list('locale="fr"');
    french.messages = { ...messagesFr, ...transferListMessagesFr };
    const frRoot = await settled(french, 'success');
    await expect.poll(() => frRoot.querySelector('h2')?.textContent).toBe('Transferts');
    // Money and dates in French, the status in the kit's French words.
    expect(column(french, 'amount')[0]).toBe('-125,00\u00a0$US');
    expect(column(french, 'status')[0]).toBe('En attente');
  });

  it('should open a row into its detail, send payments-open-transfer, and close it with Escape', async () => {
    // Typed listeners: the entry adds its events to the kit's event map.
    const opened: TransferResource[] = [];
    const targets: (EventTarget | null)[] = [];
    document.addEventListener('payments-open-transfer', (event) => {
      opened.push(event.detail);
      targets.push(event.target);
    });
    const element = list();
    await settled(element, 'success');
    const second = rows(element)[1]!;
    await userEvent.click(second);
    const detail = () => rootOf(element)?.querySelector<HTMLElement>('.pk-transfers__detail') ?? null;
    await expect.poll(detail).not.toBeNull();
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(detail()?.textContent).toContain('Transactions');
    // Its status history, read with the transfer (the list's row already had it).
    await expect.poll(() => detail()?.textContent).toContain('Status history');
    expect(opened.map((transfer) => transfer.id)).toEqual(['d3b0c442-0000-4000-8000-000000000002']);
    expect(targets).toEqual([element]);

    await userEvent.keyboard('{Escape}');
    await expect.poll(detail).toBeNull();
    expect(element.shadowRoot?.activeElement).toBe(second);
  });

  it('should send payments-filters-change with every filter when the user changes one', async () => {
    const changes: TransferFilters[] = [];
    document.addEventListener('payments-filters-change', (event) => changes.push(event.detail));
    const element = list('type="payout"');
    await settled(element, 'success');
    const status = rootOf(element)?.querySelector<HTMLSelectElement>('select');
    await userEvent.selectOptions(status!, 'pending');
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]).toMatchObject({ status: 'pending', type: 'payout' });
    await expect.poll(() => pageReads().at(-1)?.get('status')).toBe('pending');
  });

  it('should show the error state and send payments-error when the list cannot be read', async () => {
    sandbox.inject({ kind: 'status', status: 400 }, { operation: 'listTransfers' });
    const errors = heard<PaymentsError>(document, 'payments-error');
    const element = list();
    const root = await settled(element, 'error');
    expect(root.querySelector('[role="alert"]')).not.toBeNull();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.detail).toMatchObject({ status: 400, operation: 'listTransfers' });
    expect(errors[0]?.target).toBe(element);
  });
});
