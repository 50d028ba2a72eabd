import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a request body nobody read is pulled off the wire (and thrown away) after the
 * response, so the connection can serve its next request. Beyond this the socket is closed.
 */
export const MAX_DISCARD_BYTES = 1024 * 1024;

/**
 * Reads a node:http request body into bytes, at most `maxBytes`: resolves `undefined` as soon
 * as it is larger (reading stops there, the request is paused), rejects when the body fails or
 * the connection closes before its end. No body reads as empty.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(new Error('request aborted'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** Whether a node:http request announces a body (any framing), without reading it. */
export function announcesBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Once the answer is sent, pulls what is left of a request body nobody read (or stopped
 * reading, e.g. after a 413) off the wire and throws it away, so a keep-alive connection can
 * serve its next request; past `limit` bytes the connection is closed instead.
 *
 * Registered ahead of node:http's own 'finish' listener, which would otherwise pull an unread
 * body off the wire without any limit.
 */
export function discardUnreadBody(req: IncomingMessage, res: ServerResponse, limit = MAX_DISCARD_BYTES): void {
  res.prependOnceListener('finish', () => {
    if (req.complete) return;
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > limit) req.socket.destroy();
    });
    req.resume();
  });
}
