import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferResource } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- useTransfer, the detail's read beside the list's, which no entry exports
import { useTransfer } from '../../src/client/useTransfer.js';
// eslint-disable-next-line no-restricted-imports -- client/useTransfers, the module this file tests
import { useTransfers } from '../../src/client/useTransfers.js';
import { fakeTransfersFetcher, payoutsGuideTransfer, seededTransfers } from '../components/TransferList.fixtures.js';
import { createTestQueryClient, createWrapper } from './wrapper.js';

const lists = (requests: { operation: string; query: Record<string, string> }[]) =>
  requests.filter((request) => request.operation === 'listTransfers').map((request) => request.query);

afterEach(() => {
  vi.useRealTimers();
});

describe('useTransfers', () => {
  it('should send the filters and the page size as the API own parameters', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(30));
    const { result } = renderHook(
      () => useTransfers({ filters: { status: 'completed', type: 'payout', start_date: '2026-10-01', end_date: '', }, pageSize: 5 }),
      { wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // An empty filter is no filter: left out, never sent as `end_date=`.
    expect(lists(fake.requests).at(-1)).toEqual({ status: 'completed', type: 'payout', start_date: '2026-10-01', limit: '5' });
    expect(result.current.data?.data.every((row) => row.status === 'completed' && row.type === 'payout')).toBe(true);
  });

  it('should page forward after the last row and back through the kept cursors, showing cached pages at once', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(12));
    const { result } = renderHook(() => useTransfers({ pageSize: 5 }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
    });
    await waitFor(() => expect(result.current.data?.data).toHaveLength(5));
    expect(result.current).toMatchObject({ page: 1, hasPreviousPage: false, hasNextPage: true });

    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.data?.data[0]?.id).toBe('tr_006'));
    expect(lists(fake.requests).at(-1)).toEqual({ limit: '5', starting_after: 'tr_005' });
    expect(result.current).toMatchObject({ page: 2, hasPreviousPage: true, hasNextPage: true });

    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.data?.data.map((row) => row.id)).toEqual(['tr_011', 'tr_012']));
    // The last page: the API says no more follow, and no total is made up.
    expect(result.current).toMatchObject({ page: 3, hasNextPage: false });
    act(() => result.current.nextPage());
    expect(result.current.page).toBe(3);

    act(() => result.current.previousPage());
    // Page 2 is in the cache: shown at once, not a placeholder.
    expect(result.current.data?.data[0]?.id).toBe('tr_006');
    expect(result.current.isPlaceholderData).toBe(false);
    act(() => result.current.previousPage());
    expect(result.current.data?.data[0]?.id).toBe('tr_001');
    expect(result.current.page).toBe(1);
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('should keep the page shown while the next one loads, and say nothing of what follows it meanwhile', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(12));
    const { result } = renderHook(() => useTransfers({ pageSize: 5 }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
    });
    await waitFor(() => expect(result.current.data?.data).toHaveLength(5));
    let release!: () => void;
    fake.state.hold = new Promise((resolve) => (release = resolve));
    act(() => result.current.nextPage());
    expect(result.current.page).toBe(2);
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.data[0]?.id).toBe('tr_001');
    expect(result.current.hasNextPage).toBe(false);
    fake.state.hold = undefined;
    act(() => release());
    await waitFor(() => expect(result.current.data?.data[0]?.id).toBe('tr_006'));
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('should start again at page 1 when a filter changes', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(12));
    const { result, rerender } = renderHook(({ status }: { status?: string }) => useTransfers({ pageSize: 2, filters: { status } }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
      initialProps: {},
    });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.data?.data[0]?.id).toBe('tr_003'));
    rerender({ status: 'pending' });
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.data?.data.map((row) => row.status)).toEqual(['pending', 'pending']));
    expect(lists(fake.requests).at(-1)).toEqual({ limit: '2', status: 'pending' });
  });

  it('should ask for at most 100 rows, the API limit', async () => {
    const fake = fakeTransfersFetcher(seededTransfers(3));
    const { result } = renderHook(() => useTransfers({ pageSize: 5000 }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(lists(fake.requests).at(-1)).toEqual({ limit: '100' });
  });

  it('should read a page with a row under way again on the live backoff, and stop once every row is final', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const rows = seededTransfers(2).map((row) => ({ ...row, status: 'completed' }));
    rows[1]!.status = 'pending';
    const fake = fakeTransfersFetcher(rows);
    const { result } = renderHook(() => useTransfers({ pageSize: 5 }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(result.current.isSuccess).toBe(true);
    const first = lists(fake.requests).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    expect(lists(fake.requests).length).toBe(first + 1);
    rows[1]!.status = 'completed';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_100);
    });
    const settled = lists(fake.requests).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(lists(fake.requests).length).toBe(settled);
  });
});

describe('useTransfer', () => {
  it('should show the row it is given at once, then the transfer as read, with its status history', async () => {
    const fake = fakeTransfersFetcher([payoutsGuideTransfer]);
    // The row as a list page gave it: read already (amounts in cents as numbers), no history.
    const row = { ...payoutsGuideTransfer, amount: -1000, transactions: [], status_history: undefined } as TransferResource;
    const { result } = renderHook(() => useTransfer(payoutsGuideTransfer.id, { placeholder: row }), {
      wrapper: createWrapper({ fetcher: fake.fetcher, queryClient: createTestQueryClient() }),
    });
    expect(result.current.data?.id).toBe(payoutsGuideTransfer.id);
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data?.status_history).toEqual(payoutsGuideTransfer.status_history);
    expect(fake.requests.at(-1)?.path).toMatch(/\/transfers\/847e70b4-e057-457e-aa89-ba0312f159c1$/);
  });
});
