// Reads a Server-Sent Events body block by block, as the page's reader does (fetch, not
// EventSource): each block is an event (`event:` and `data:`), a comment (`: …`), or the end.

export type StreamBlock = { event: string; data: string; raw: string } | { comment: string; raw: string } | { end: true };

export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  /** Everything read so far, as text. */
  text = '';

  constructor(body: ReadableStream<Uint8Array> | null) {
    if (!body) throw new Error('the answer has no body');
    this.#reader = body.getReader();
  }

  /** The next block, waiting for it. */
  async next(): Promise<StreamBlock> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const raw = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const lines = raw.split('\n');
        const comment = lines.find((line) => line.startsWith(':'));
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        if (event !== undefined) return { event, data: field('data') ?? '', raw };
        return { comment: comment?.slice(1).trim() ?? '', raw };
      }
      const chunk = await this.#reader.read();
      if (chunk.done) return { end: true };
      const text = this.#decoder.decode(chunk.value, { stream: true });
      this.text += text;
      this.#buffer += text;
    }
  }

  /** The next event, skipping comments; `undefined` at the end. */
  async nextEvent(): Promise<{ event: string; data: string } | undefined> {
    for (;;) {
      const block = await this.next();
      if ('end' in block) return undefined;
      if ('event' in block) return { event: block.event, data: block.data };
    }
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}
