import type { ServerResponse } from 'node:http';
import type { StopSignal } from '../api/index.js';

/**
 * Aborts when the client goes away before its answer is sent: the `StopSignal` of one
 * node:http exchange. Lighter than an `AbortController` per request (Node 20's abort signals
 * are event targets costing tens of µs); `abortSignal()` makes a real `AbortSignal` that follows
 * it, only when some code asks for one.
 */
export class ConnectionSignal implements StopSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: (() => void)[] | undefined = undefined;
  #controller: AbortController | undefined = undefined;

  constructor(res: ServerResponse) {
    res.on('close', () => {
      if (!res.writableFinished) this.#abort();
    });
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) (this.#listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const listeners = this.#listeners;
    const at = listeners?.indexOf(listener) ?? -1;
    if (at !== -1) listeners?.splice(at, 1);
  }

  /** An `AbortSignal` that aborts with this one (with the same reason). */
  abortSignal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  #abort(): void {
    this.aborted = true;
    this.reason = new DOMException('The client closed the connection.', 'AbortError');
    this.#controller?.abort(this.reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }
}
