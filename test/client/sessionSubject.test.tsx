// The kit's client state belongs to the session's subject: in a QueryClient the host shares,
// a session of another subject takes the kit's entries away, and only the kit's
// (docs/spa.md#when-the-user-changes).
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- PaymentsClientProvider of client/PaymentsClientProvider, which no entry exports
import { PaymentsClientProvider } from '../../src/client/PaymentsClientProvider.js';
import { paymentsKeys, useTransaction } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- client/sessionSubject, the module this file tests
import { sessionSubject } from '../../src/client/sessionSubject.js';
import { sandboxIds } from 'payments-kit/testing';
import { setUpSandbox } from '../sandboxHarness.js';
import { sessionToken } from '../sessionTokens.js';
import { createTestQueryClient } from './wrapper.js';

setUpSandbox();

const id = sandboxIds.transactions.completed;

/** Settles one mutation under `mutationKey` in `client`, and starts one that never settles. */
async function mutations(client: ReturnType<typeof createTestQueryClient>, mutationKey: readonly unknown[]) {
  const cache = client.getMutationCache();
  await cache.build(client, { mutationKey, mutationFn: () => Promise.resolve('answered') }).execute(undefined);
  void cache.build(client, { mutationKey, mutationFn: () => new Promise(() => undefined) }).execute(undefined);
}

describe('given a host QueryClient shared with the kit', () => {
  it("should forget the kit's reads and settled mutations when the session becomes another subject's, and keep the host's entries and a confirm still in flight", async () => {
    const client = createTestQueryClient();
    client.setQueryData(['host', 'profile'], 'the host’s own');
    let session = sessionToken('alice');
    const { result, rerender } = renderHook(() => useTransaction(id, { liveStatus: false }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <PaymentsClientProvider queryClient={client} session={session}>
          {children}
        </PaymentsClientProvider>
      ),
    });
    await waitFor(() => {
      expect(result.current.status).toBe('success');
    });
    await mutations(client, paymentsKeys.confirmPaymentIntent('pi_1'));
    await mutations(client, ['host', 'save']);

    session = sessionToken('bob');
    rerender();

    // At once, in the render that first sends Bob's token: nothing of Alice's to show.
    expect(result.current.data).toBeUndefined();
    expect(client.getQueryData(['host', 'profile'])).toBe('the host’s own');
    const statuses = (key: readonly unknown[]) => client.getMutationCache().findAll({ mutationKey: key }).map((m) => m.state.status);
    expect(statuses(paymentsKeys.all)).toEqual(['pending']);
    expect(statuses(['host'])).toEqual(['success', 'pending']);
    // Read again as Bob.
    await waitFor(() => {
      expect(result.current.status).toBe('success');
    });
  });

  it('should keep everything when the new token is the same subject’s', async () => {
    const client = createTestQueryClient();
    let session = sessionToken('alice');
    const { result, rerender } = renderHook(() => useTransaction(id, { liveStatus: false }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <PaymentsClientProvider queryClient={client} session={session}>
          {children}
        </PaymentsClientProvider>
      ),
    });
    await waitFor(() => {
      expect(result.current.status).toBe('success');
    });
    const shown = result.current.data;
    session = sessionToken('alice', 'renewed');
    rerender();
    expect(result.current.data).toBe(shown);
    expect(client.getQueryData(paymentsKeys.transaction('v2', id))).toBe(shown);
  });
});

describe('given sessionSubject', () => {
  it("should read the token's subject, and say when a token names none", () => {
    expect(sessionSubject(sessionToken('alice'))).toBe('alice');
    expect(sessionSubject(sessionToken('alice', 'renewed'))).toBe('alice');
    expect(sessionSubject('not-a-jwt')).toBeUndefined();
    expect(sessionSubject(`x.${btoa(JSON.stringify({ sub: 42 }))}.y`)).toBeUndefined();
  });
});
