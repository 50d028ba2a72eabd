import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProxyFetcher, type PaymentsRequest } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- SESSION_NOT_GIVEN, createSessionWait of client/sessionSource, which no entry exports
import { SESSION_NOT_GIVEN, createSessionWait } from '../../src/client/sessionSource.js';
import { rejection } from './rejection.js';

// A page whose script gives the session after the first requests were made (the custom
// elements connect before it runs): they wait, bounded, and nothing is sent meanwhile.

const request = (): PaymentsRequest => ({ operation: 'getTransaction', method: 'GET', base: 'v2', path: '/api/v2/transactions/42', headers: {} });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetcher whose getSession waits for `given`, then answers with `token.value`, as the elements' provider does. */
function waitingFetcher(waitMs: number) {
  const wait = createSessionWait();
  const token: { value: string | undefined } = { value: undefined };
  const fetch = vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(Response.json({ session: new Headers(init.headers).get('payments-session') })),
  );
  const fetcher = createProxyFetcher({
    fetch,
    getSession: async () => {
      await wait.until(waitMs);
      return token.value ?? '';
    },
  });
  return { fetcher, fetch, give: (value: string) => { token.value = value; wait.given(); } };
}

describe('given requests made before the page gave a session', () => {
  it('should send nothing while waiting, then send every waiting request with the session given', async () => {
    const { fetcher, fetch, give } = waitingFetcher(10_000);
    const answers = Promise.all([fetcher(request()), fetcher(request())]);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetch).not.toHaveBeenCalled();
    give('tok_late');
    await expect(answers).resolves.toEqual([{ session: 'tok_late' }, { session: 'tok_late' }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('should fail with session_not_given, kind invalid_request, when the wait runs out, and send nothing', async () => {
    const { fetcher, fetch } = waitingFetcher(10_000);
    const failed = rejection(fetcher(request()));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await failed).toMatchObject({ kind: 'invalid_request', code: SESSION_NOT_GIVEN, operation: 'getTransaction' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('should leave no timer behind once the session is given', async () => {
    const { fetcher, give } = waitingFetcher(10_000);
    const answer = fetcher(request());
    await vi.advanceTimersByTimeAsync(1);
    give('tok');
    await answer;
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('given createSessionWait alone', () => {
  it('should release every waiting call on given(), and later ones wait afresh with their own bound', async () => {
    const wait = createSessionWait();
    const first = wait.until(1_000);
    const second = wait.until(5_000);
    wait.given();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    const third = rejection(wait.until(1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await third).toMatchObject({ code: SESSION_NOT_GIVEN, message: expect.stringContaining('1000 ms') as unknown });
  });
});
