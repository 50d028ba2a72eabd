// The demo's CSP report route (`report-uri /__csp-report`). Anyone who can reach the demo can
// post to it, so what it reads and what it keeps are bounded: a browser's report is a few hundred
// bytes, and the demo needs the first violations, not every one.

/** Largest report body read, in bytes; a larger one answers 413. */
export const MAX_CSP_REPORT_BYTES = 16 * 1024;
/** How many reports are kept; later ones are counted in `dropped`. */
export const MAX_CSP_REPORTS = 100;

export interface CspReportRoute {
  /** The reports kept, oldest first: at most `maxReports`. */
  readonly reports: unknown[];
  /** Reports received after `maxReports` were kept. */
  readonly dropped: number;
  /** Answers one `POST` to the route: 204 kept (or dropped), 413 too large, 400 not JSON. */
  handle: (request: Request) => Promise<Response>;
}

export function createCspReportRoute({ maxBytes = MAX_CSP_REPORT_BYTES, maxReports = MAX_CSP_REPORTS } = {}): CspReportRoute {
  const reports: unknown[] = [];
  let dropped = 0;
  const answer = (status: number, text?: string) =>
    new Response(text ?? null, { status, headers: { 'cache-control': 'no-store', ...(text === undefined ? {} : { 'content-type': 'text/plain; charset=utf-8' }) } });
  const tooLarge = () => answer(413, `A CSP report is at most ${String(maxBytes)} bytes.`);

  return {
    reports,
    get dropped() {
      return dropped;
    },
    async handle(request) {
      // Refused from its announced length, unread.
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (!Number.isFinite(declared) || declared > maxBytes) {
        await request.body?.cancel();
        return tooLarge();
      }
      if (reports.length >= maxReports) {
        await request.body?.cancel();
        dropped += 1;
        return answer(204);
      }
      const bytes = await readAtMost(request.body, maxBytes);
      if (bytes === undefined) return tooLarge();
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        return answer(400, 'A CSP report is JSON.');
      }
      reports.push(value);
      return answer(204);
    },
  };
}

/** The body's bytes, or undefined as soon as it passes `max` (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
