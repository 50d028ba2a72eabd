import { raceAbort, type StopSignal } from '../../api/index.js';

/**
 * Reads a byte stream to its end, at most `maxBytes`: the bytes, or `undefined` past the limit
 * (the stream is canceled there). Rejects when the stream fails or `signal` aborts — raced, so a
 * stream that is not tied to the signal (an injected `fetch`'s body) is given up all the same.
 */
export async function readStream(stream: ReadableStream<Uint8Array> | null, maxBytes: number, signal?: StopSignal): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream?.getReader();
  try {
    for (;;) {
      if (!reader) break;
      const chunk = await (signal ? raceAbort(reader.read(), signal) : reader.read());
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    reader?.cancel().catch(() => undefined);
    throw error;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
