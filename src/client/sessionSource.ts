import { PaymentsError } from '../api/index.js';

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
  /** The token known now (the one given, or the last `getSession` gave), without asking for one. */
  known: () => string | undefined;
  /** Calls `listener` whenever `getSession` gives a token other than the one known; returns the way to stop. */
  onToken: (listener: () => void) => () => void;
}

/**
 * The token cache of one fetcher. Requests that need a token at the same time share one
 * `getSession` call, so a page that mounts five components asks the merchant's server once, and
 * five requests refused together for an expired token renew it once.
 */
export function createSessionSource(session: string | undefined, getSession: (() => Promise<string>) | undefined): SessionSource {
  let known = session;
  let pending: Promise<string> | undefined;
  const listeners = new Set<() => void>();

  const fetchToken = (): Promise<string> => {
    if (getSession === undefined) return Promise.reject(new Error('No getSession to renew the payment session with.'));
    if (pending === undefined) {
      // Started on a later tick (`then`), so a getSession that throws synchronously still clears `pending`.
      const request = Promise.resolve()
        .then(getSession)
        .then((token: unknown) => {
          if (typeof token !== 'string' || token === '') throw new TypeError('getSession() resolved without a session token.');
          const changed = token !== known;
          known = token;
          // Before any request is sent with it: a token of another subject takes the previous
          // subject's state away first (docs/spa.md#when-the-user-changes).
          if (changed) for (const listener of [...listeners]) listener();
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
    known: () => known,
    onToken: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The code of a request that waited for a session the page never gave (`createSessionWait`):
 * kind `invalid_request`, nothing was sent. Not the proxy's `session_expired`: no session ever
 * existed, so "your session expired, reload" would be the wrong words.
 */
export const SESSION_NOT_GIVEN = 'session_not_given';

/** See {@link createSessionWait}. */
export interface SessionWait {
  /**
   * Resolves once `given()` is called; rejects after `waitMs` with a `PaymentsError` of code
   * {@link SESSION_NOT_GIVEN}. Calls waiting together end together on `given()`.
   */
  until: (waitMs: number) => Promise<void>;
  /** The page gave a session (a token or a `getSession`): every call waiting goes on. */
  given: () => void;
}

/**
 * A bounded wait for a session the page gives after its first requests were made: the custom
 * elements connect, and ask, before the page's own script has set `getSession`
 * (docs/elements.md#the-provider-and-the-session). Nothing is sent while it waits.
 */
export function createSessionWait(): SessionWait {
  const waiting = new Set<() => void>();
  return {
    until: (waitMs) =>
      new Promise<void>((resolve, reject) => {
        const go = (): void => {
          clearTimeout(timer);
          waiting.delete(go);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(go);
          reject(new PaymentsError({ kind: 'invalid_request', code: SESSION_NOT_GIVEN, message: `The page gave no payment session within ${waitMs} ms.` }));
        }, waitMs);
        waiting.add(go);
      }),
    given: () => {
      for (const go of [...waiting]) go();
    },
  };
}

/**
 * The token cache of each fetcher `createProxyFetcher` made, so the ui layer can tell whose
 * session a page speaks for without holding the token itself: `useConfirmIntent` keeps a confirm's
 * key only for the subject that sent it (docs/hooks.md#a-confirm-across-reloads-and-tabs). A host's
 * own fetcher has none.
 */
export const fetcherSessions = new WeakMap<object, SessionSource>();
