/**
 * One request's deadline in the browser: an `AbortController` that aborts when `ms` have passed
 * (its reason a `TimeoutError` `DOMException`) or when the caller's `signal` aborts (with that
 * signal's reason), whichever comes first. The proxy's `StopSource` (lib/deadline.ts) is built for
 * a server's thousands of requests a second; a page sends a few, so the plain controller will do.
 */
export interface RequestDeadline {
  /** Aborts with the deadline: what `fetch` is given. */
  readonly signal: AbortSignal;
  /** Whether it aborted because its time ran out (not because of the caller's signal). */
  readonly expired: boolean;
  /** `promise`, or a rejection with the reason as soon as it aborts. */
  race<T>(promise: Promise<T>): Promise<T>;
  /** Stops the timer and lets go of the caller's signal. Call it once the work is done. */
  clear(): void;
}

export function startRequestDeadline(ms: number, outer: AbortSignal | undefined): RequestDeadline {
  const controller = new AbortController();
  const { signal } = controller;
  let expired = false;
  const relay = () => {
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) relay();
  else outer?.addEventListener('abort', relay, { once: true });
  const timer = setTimeout(() => {
    expired = !signal.aborted;
    controller.abort(new DOMException(`No answer within ${ms} ms.`, 'TimeoutError'));
  }, ms);
  return {
    signal,
    get expired() {
      return expired;
    },
    race: (promise) =>
      new Promise((resolve, reject) => {
        // As fetch does: an abort rejects with the signal's reason, whatever it is.
        const onAbort = () => {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          reject(signal.reason);
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
        promise.then(resolve, reject).finally(() => {
          signal.removeEventListener('abort', onAbort);
        });
      }),
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', relay);
    },
  };
}
