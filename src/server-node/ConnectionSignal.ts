import type { ServerResponse } from 'node:http';
import { StopSource } from '../api/index.js';

/**
 * Aborts when the client goes away before its answer is sent: the `StopSignal` of one
 * node:http exchange (a `StopSource`, so no `AbortSignal` is made unless a hook asks for one).
 */
export class ConnectionSignal extends StopSource {
  constructor(res: ServerResponse) {
    super();
    res.on('close', () => {
      if (!res.writableFinished) this.abort(new DOMException('The client closed the connection.', 'AbortError'));
    });
  }
}
