/** Where a fetcher's payment session tokens come from; see {@link createSessionSource}. */
export interface SessionSource {
  /** The token for the next request: the one known, one being fetched, or undefined when there is no session. */
  current: () => Promise<string> | undefined;
  /** Whether `renew` can give a new token (a `getSession` was given). */
  readonly canRenew: boolean;
  /**
   * A token other than `stale`, the one a request was refused with: the one another request
   * already got, the call under way, or a new `getSession` call.
   */
  renew: (stale: string | undefined) => Promise<string>;
}

/**
 * The token cache of one fetcher. Requests that need a token at the same time share one
 * `getSession` call, so a page that mounts five components asks the merchant's server once, and
 * five requests refused together for an expired token renew it once.
 */
export function createSessionSource(session: string | undefined, getSession: (() => Promise<string>) | undefined): SessionSource {
  let known = session;
  let pending: Promise<string> | undefined;

  const fetchToken = (): Promise<string> => {
    if (getSession === undefined) return Promise.reject(new Error('No getSession to renew the payment session with.'));
    if (pending === undefined) {
      // Started on a later tick (`then`), so a getSession that throws synchronously still clears `pending`.
      const request = Promise.resolve()
        .then(getSession)
        .then((token: unknown) => {
          if (typeof token !== 'string' || token === '') throw new TypeError('getSession() resolved without a session token.');
          known = token;
          return token;
        })
        .finally(() => {
          pending = undefined;
        });
      pending = request;
    }
    return pending;
  };

  return {
    current: () => (known !== undefined ? Promise.resolve(known) : getSession === undefined ? undefined : fetchToken()),
    canRenew: getSession !== undefined,
    renew: (stale) => (known !== undefined && known !== stale ? Promise.resolve(known) : fetchToken()),
  };
}
