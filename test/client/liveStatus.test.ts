import { describe, expect, it } from 'vitest';
import type { Transaction } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- client/liveStatus, the module this file tests
import { isFinalTransferStatus, nextLiveStatusRead, resolveLiveStatus, type LiveStatusWatch } from '../../src/client/liveStatus.js';
import { sandboxIds } from 'payments-kit/testing';
import { seedTransactions } from '../support/seedTransactions.js';

const base = seedTransactions().get(sandboxIds.transactions.created)!;
const withStatus = (status: string | null): Transaction => ({ ...base, transfer: { ...base.transfer, status } });

describe('isFinalTransferStatus', () => {
  it('should read created, pending and flagged (under review) as under way, and every other documented status as final', () => {
    expect(['created', 'pending', 'flagged'].map(isFinalTransferStatus)).toEqual([false, false, false]);
    expect(['completed', 'failed', 'reversed', 'canceled'].map(isFinalTransferStatus)).toEqual([true, true, true, true]);
  });

  it('should read a status the API does not document as final, processing included', () => {
    expect(['processing', 'succeeded', 'awaiting_kyc_review', ''].map(isFinalTransferStatus)).toEqual([true, true, true, true]);
  });
});

describe('nextLiveStatusRead', () => {
  const live = resolveLiveStatus(undefined)!;

  describe('given the defaults and a status that stays under way', () => {
    it('should wait 5, 10, 20, 40 then 60 s, and stop 10 minutes after watching started', () => {
      const watch: { current: LiveStatusWatch | null } = { current: null };
      const created = withStatus('created');
      const waits: (number | false)[] = [];
      let now = 1_000_000;
      for (;;) {
        const wait = nextLiveStatusRead(live, watch, '1001', created, now);
        waits.push(wait);
        if (wait === false) break;
        now += wait;
      }
      expect(waits.slice(0, 6)).toEqual([5_000, 5_000, 10_000, 20_000, 40_000, 60_000]);
      expect(waits.at(-1)).toBe(false);
      // The last read falls exactly at the 10-minute bound, none after it.
      expect(now).toBe(1_000_000 + 600_000);
    });

    it('should give the same wait between two steps, so a re-render does not restart the timer', () => {
      const watch: { current: LiveStatusWatch | null } = { current: null };
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('created'), 0)).toBe(5_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('created'), 12_000)).toBe(10_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('created'), 19_999)).toBe(10_000);
    });
  });

  describe('given a change of status or of id', () => {
    it('should start the waits again from the first, and count the bound from when watching started', () => {
      const watch: { current: LiveStatusWatch | null } = { current: null };
      nextLiveStatusRead(live, watch, '1001', withStatus('created'), 0);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('created'), 100_000)).toBe(60_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('flagged'), 100_000)).toBe(5_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('pending'), 101_000)).toBe(5_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('pending'), 598_000)).toBe(2_000);
      expect(nextLiveStatusRead(live, watch, '1002', withStatus('pending'), 598_000)).toBe(5_000);
    });
  });

  describe('given an open event stream', () => {
    it('should read maxIntervalMs apart from the first wait, a status change included, and still stop at maxMs', () => {
      const watch: { current: LiveStatusWatch | null } = { current: null };
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('created'), 0, true)).toBe(60_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('pending'), 60_000, true)).toBe(60_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('pending'), 570_000, true)).toBe(30_000);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('pending'), 600_000, true)).toBe(false);
      // Closed again: the backoff takes over where the status stands.
      const closed: { current: LiveStatusWatch | null } = { current: null };
      expect(nextLiveStatusRead(live, closed, '1001', withStatus('pending'), 0, false)).toBe(5_000);
    });
  });

  describe('given a final status, no data, or liveStatus off', () => {
    it('should not read again', () => {
      const watch: { current: LiveStatusWatch | null } = { current: null };
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('completed'), 0)).toBe(false);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus('succeeded'), 0)).toBe(false);
      expect(nextLiveStatusRead(live, watch, '1001', undefined, 0)).toBe(false);
      expect(nextLiveStatusRead(live, watch, '1001', { ...base, transfer: undefined }, 0)).toBe(false);
      expect(nextLiveStatusRead(live, watch, '1001', withStatus(null), 0)).toBe(false);
      expect(resolveLiveStatus(false)).toBeUndefined();
    });
  });

  describe('given options that make no sense', () => {
    it('should keep the defaults for them', () => {
      expect(resolveLiveStatus({ initialIntervalMs: -1, maxIntervalMs: Number.NaN, maxMs: 0 })).toMatchObject({
        initialIntervalMs: 5_000,
        maxIntervalMs: 60_000,
        maxMs: 600_000,
      });
    });
  });
});
