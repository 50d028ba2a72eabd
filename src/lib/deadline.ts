/**
 * What can stop work early: an `AbortSignal`, or any object with the same members, such as the
 * kit's own {@link StopSource} (a deadline, a browser's connection), which is much cheaper to make.
 */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * A {@link StopSignal} the kit raises itself with `abort(reason)`, and the kit's deadline (see
 * {@link startDeadline}); an `AbortSignal` that follows it is made only when some code reads
 * `signal` (a `fetch`, a Redis command).
 *
 * Not an `AbortController` per use: on Node 20 an `AbortSignal` is an event target whose making,
 * listeners and collection were a large share of the proxy's CPU per request
 * (docs/performance.md, "Deadlines").
 */
export class StopSource implements StopSignal {
  aborted = false;
  reason: unknown = undefined;
  /** Whether it aborted because its time ran out (not because of the outer signal). */
  expired = false;
  #listeners: (() => void)[] | undefined = undefined;
  #controller: AbortController | undefined = undefined;
  #timer: ReturnType<typeof setTimeout> | undefined = undefined;
  #release: (() => void) | undefined = undefined;

  /**
   * Aborts by itself after `ms` (its reason a `TimeoutError` `DOMException`) and with `outer`
   * (with `outer`'s reason), whichever comes first; neither when both are left out.
   */
  constructor(ms?: number, outer?: StopSignal) {
    if (ms !== undefined) {
      this.#timer = setTimeout(() => {
        if (this.aborted) return; // the outer signal came first
        this.expired = true;
        this.abort(new DOMException(`No answer within ${ms} ms.`, 'TimeoutError'));
      }, ms);
    }
    if (outer?.aborted) this.abort(outer.reason);
    else if (outer) {
      const relay = () => {
        this.abort(outer.reason);
      };
      outer.addEventListener('abort', relay, { once: true });
      this.#release = () => {
        outer.removeEventListener('abort', relay);
      };
    }
  }

  /** Adds a listener called once, when it aborts; none is kept once it has. */
  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.aborted) (this.#listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const listeners = this.#listeners;
    const at = listeners ? listeners.indexOf(listener) : -1;
    if (at !== -1) listeners?.splice(at, 1);
  }

  /** An `AbortSignal` that aborts with this one, with the same reason: made on first read. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Aborts with `reason` and calls the listeners, once; later calls do nothing. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) {
      try {
        listener();
      } catch (error) {
        // As an event target does: one listener's error neither stops the others nor the caller.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** `promise`, or a rejection with the reason as soon as it aborts. */
  race<T>(promise: Promise<T>): Promise<T> {
    return raceAbort(promise, this);
  }

  /** Stops the timer and lets go of the outer signal. Call it once the work is done. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#release?.();
  }
}

/** An `AbortSignal` that aborts with `stop` (with its reason): `stop` itself when it is one. */
export function toAbortSignal(stop: StopSignal): AbortSignal {
  if (stop instanceof AbortSignal) return stop;
  if (stop instanceof StopSource) return stop.signal;
  return new StopSource(undefined, stop).signal;
}

/** A deadline in progress: see {@link startDeadline}. It is itself the {@link StopSignal} to pass on. */
export type Deadline = StopSource;

/**
 * The kit's one deadline: the browser fetcher, the proxy and its upstream clients, the Redis
 * store and the sandbox all use it. It aborts when `ms` have passed (its reason a `TimeoutError`
 * `DOMException`) or when `outer` aborts (with `outer`'s reason), whichever comes first; `ms`
 * undefined means no time limit (only `outer` can abort).
 *
 * One timer that `clear()` stops and one listener on `outer`. Not
 * `AbortSignal.any([AbortSignal.timeout(ms), outer])`: that pair is costly to make on Node 20,
 * and a `timeout` signal's timer cannot be cleared, so a busy proxy would keep one live timer per
 * request of the last deadline's worth (docs/performance.md, "Deadlines").
 */
export function startDeadline(ms: number | undefined, outer?: StopSignal): Deadline {
  return new StopSource(ms, outer);
}

/** Resolves after `ms`, or rejects with `signal`'s reason as soon as it aborts. */
export async function sleep(ms: number, signal?: StopSignal): Promise<void> {
  const deadline = startDeadline(ms, signal);
  try {
    await deadline.race(new Promise<never>(() => undefined));
  } catch (error) {
    if (!deadline.expired) throw error;
  } finally {
    deadline.clear();
  }
}

/** `promise`, or a rejection with `signal`'s reason as soon as it aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: StopSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    // As fetch does: an abort rejects with the signal's reason, whatever it is.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(signal.reason);
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  });
}
