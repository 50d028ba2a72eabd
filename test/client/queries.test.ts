import { QueryClient } from '@tanstack/react-query';
import { paymentsKeys, confirmPaymentIntentMutationOptions, createFlowMutationOptions, transactionQueryOptions, transactionVolumeQueryOptions, type PaymentsFetcher } from 'payments-kit';

const fetcher: PaymentsFetcher = () => Promise.resolve({});

describe('paymentsKeys', () => {
  describe('given each key factory', () => {
    it("should start every key with 'payments-kit'", () => {
      const keys = [
        paymentsKeys.all,
        paymentsKeys.transactions(),
        paymentsKeys.transaction('v2', '42'),
        paymentsKeys.transaction('legacy', '7'),
        paymentsKeys.volumes(),
        paymentsKeys.volume({ period: 'month', type: 'receive', tz: 'UTC' }),
        paymentsKeys.confirmPaymentIntent(),
        paymentsKeys.createFlow(),
      ];
      for (const key of keys) expect(key[0]).toBe('payments-kit');
    });

    it('should build the documented shapes', () => {
      expect(paymentsKeys.transaction('v2', '42')).toEqual(['payments-kit', 'transaction', 'v2', '42']);
      expect(paymentsKeys.volume({ period: 'month', type: 'receive', tz: 'UTC' })).toEqual([
        'payments-kit',
        'volume',
        { period: 'month', type: 'receive', tz: 'UTC' },
      ]);
    });
  });

  describe('given the prefixes used for invalidation', () => {
    it('should match transactions of both generations and every volume, and nothing else', async () => {
      const client = new QueryClient();
      client.setQueryData(paymentsKeys.transaction('v2', '42'), 'v2');
      client.setQueryData(paymentsKeys.transaction('legacy', '7'), 'legacy');
      client.setQueryData(paymentsKeys.volume({ period: 'day' }), 'volume');
      client.setQueryData(['host', 'transaction'], 'host');
      await client.invalidateQueries({ queryKey: paymentsKeys.transactions() });
      await client.invalidateQueries({ queryKey: paymentsKeys.volumes() });
      const invalidated = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.state.data);
      expect(invalidated.sort()).toEqual(['legacy', 'v2', 'volume']);
    });
  });
});

describe('options factories', () => {
  describe('given the query factories', () => {
    it('should use the matching keys', () => {
      expect(transactionQueryOptions(fetcher, '42', 'legacy').queryKey).toEqual(paymentsKeys.transaction('legacy', '42'));
      expect(transactionVolumeQueryOptions(fetcher, { tz: 'UTC' }).queryKey).toEqual(paymentsKeys.volume({ tz: 'UTC' }));
    });
  });

  describe('given the money-moving mutations', () => {
    it('should set retry: false explicitly, whatever the client defaults', () => {
      expect(confirmPaymentIntentMutationOptions(fetcher).retry).toBe(false);
      expect(createFlowMutationOptions(fetcher).retry).toBe(false);
    });

    it('should hand on a flow whose answer left completed_steps out with none done', async () => {
      const answer = { id: 'flow_1', link: 'https://flows.example/flow_1', steps: ['payout'] };
      const { mutationFn } = createFlowMutationOptions(() => Promise.resolve(answer));
      const flow = await mutationFn?.({ steps: ['payout'] }, {} as never);
      expect(flow).toEqual({ ...answer, completed_steps: [] });
    });
  });
});
