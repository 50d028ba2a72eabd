// Which of the kit's queries a change names: read again once each, and no other.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentsKeys } from 'payments-kit';
import { invalidatePaymentsChanges } from 'payments-kit/live';
import { transferKeys } from 'payments-kit/transfers/queries';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A query on screen (an observer), answering `data`, counting its reads. */
function shown(queryClient: QueryClient, queryKey: QueryKey, data: unknown) {
  const reads = { count: 0 };
  const observer = new QueryObserver(queryClient, { queryKey, queryFn: () => ((reads.count += 1), data), staleTime: Infinity });
  stops.push(observer.subscribe(() => undefined));
  return reads;
}

const page = (...ids: string[]) => ({ has_more: false, data: ids.map((id) => ({ id })) });

describe('given queries of transactions and transfers on screen', () => {
  async function setup() {
    const queryClient = new QueryClient();
    const reads = {
      transactionOfT1: shown(queryClient, paymentsKeys.transaction('v2', '1'), { id: 1, transfer_id: 't1' }),
      otherTransaction: shown(queryClient, paymentsKeys.transaction('v2', '2'), { id: 2, transfer_id: 't9' }),
      transferT1: shown(queryClient, transferKeys.one('t1'), { id: 't1' }),
      pageHoldingT1: shown(queryClient, transferKeys.page({ limit: 2, starting_after: 't0' }), page('t1', 't2')),
      firstPage: shown(queryClient, transferKeys.page({ limit: 2 }), page('t0', 'tx')),
      otherPage: shown(queryClient, transferKeys.page({ limit: 2, starting_after: 't2' }), page('t3', 't4')),
      pendingFilter: shown(queryClient, transferKeys.page({ limit: 2, status: 'pending', starting_after: 't0' }), page('t5')),
    };
    await expect.poll(() => Object.values(reads).every((r) => r.count === 1)).toBe(true);
    const readAgain = () => Object.entries(reads).filter(([, r]) => r.count > 1).map(([name]) => name);
    return { queryClient, readAgain };
  }

  it("should read a transfer's detail, its transaction, the page holding it and the status-filtered pages", async () => {
    const { queryClient, readAgain } = await setup();
    await invalidatePaymentsChanges(queryClient, [{ kind: 'transfer', id: 't1' }]);
    expect(readAgain()).toEqual(['transactionOfT1', 'transferT1', 'pageHoldingT1', 'pendingFilter']);
  });

  it('should read the first pages too for a transfer no page holds (a new one)', async () => {
    const { queryClient, readAgain } = await setup();
    await invalidatePaymentsChanges(queryClient, [{ kind: 'transfer', id: 'new' }]);
    expect(readAgain()).toEqual(['firstPage', 'pendingFilter']);
  });

  it('should read a transaction by id alone, and nothing for a flow or a payment intent', async () => {
    const { queryClient, readAgain } = await setup();
    await invalidatePaymentsChanges(queryClient, [{ kind: 'transaction', id: '2' }, { kind: 'flow', id: 't1' }, { kind: 'paymentIntent', id: '1' }]);
    expect(readAgain()).toEqual(['otherTransaction']);
  });
});
