// The demo's CSP report route (`report-uri /__csp-report`) is open to anyone who can reach the
// demo: it reads at most 16 KiB of a report, refusing a larger one (413) without reading it whole,
// and keeps at most 100 reports. In process (a body stream that counts what is pulled from it),
// and through the demo server over loopback HTTP.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCspReportRoute, MAX_CSP_REPORT_BYTES, MAX_CSP_REPORTS } from '../../examples/dashboard/cspReports.js';
import { startDemo, type Demo } from '../../examples/dashboard/server.js';

const report = (n: number) => JSON.stringify({ 'csp-report': { 'document-uri': 'http://127.0.0.1/', 'violated-directive': 'script-src', n } });

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/__csp-report', { method: 'POST', body, headers: { 'content-type': 'application/csp-report', ...headers }, duplex: 'half' } as RequestInit);

/** A body of `total` bytes made on demand, 1 KiB at a time, counting what the reader pulled. */
function countedBody(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(1024, total - counter.pulled)).fill(0x61);
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe('given the CSP report route in process', () => {
  it('should keep a report of a plausible size', async () => {
    const route = createCspReportRoute();
    const response = await route.handle(post(report(1)));
    expect(response.status).toBe(204);
    expect(route.reports).toEqual([JSON.parse(report(1))]);
  });

  it('should refuse a 5 MB report with 413, reading little more than 16 KiB of it', async () => {
    const route = createCspReportRoute();
    const { stream, counter } = countedBody(5 * 1024 * 1024);
    const response = await route.handle(post(stream));
    expect(response.status).toBe(413);
    // What the route pulled, plus what the stream's queue pulled ahead of it (a chunk or two).
    expect(counter.pulled).toBeLessThanOrEqual(MAX_CSP_REPORT_BYTES + 4 * 1024);
    expect(route.reports).toEqual([]);
  });

  it('should refuse a report announcing more than 16 KiB before reading any of it', async () => {
    const route = createCspReportRoute();
    const { stream, counter } = countedBody(5 * 1024 * 1024);
    const response = await route.handle(post(stream, { 'content-length': String(5 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(1024);
  });

  it('should refuse a body that is not JSON with 400, keeping nothing', async () => {
    const route = createCspReportRoute();
    for (const body of ['{"csp-report":', 'not json', '', '\u00ff\u00fe'])
      expect((await route.handle(post(body))).status, JSON.stringify(body)).toBe(400);
    expect(route.reports).toEqual([]);
  });

  it('should keep the first 100 reports and count the rest as dropped', async () => {
    const route = createCspReportRoute();
    for (let n = 0; n < 250; n += 1) expect((await route.handle(post(report(n)))).status).toBe(204);
    expect(route.reports).toHaveLength(MAX_CSP_REPORTS);
    expect(route.reports[0]).toEqual(JSON.parse(report(0)));
    expect(route.reports.at(-1)).toEqual(JSON.parse(report(MAX_CSP_REPORTS - 1)));
    expect(route.dropped).toBe(250 - MAX_CSP_REPORTS);
  });
});

describe('given the demo server', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ port: 0, build: false });
  });
  afterAll(async () => {
    await (demo as Demo | undefined)?.close();
  });

  /** A POST to the route over loopback; resolves with the answer as soon as its head arrives. */
  function send(body: Buffer | undefined, headers: Record<string, string | number>): Promise<{ status: number; req: ReturnType<typeof httpRequest> }> {
    const { hostname, port } = new URL(demo.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, method: 'POST', path: '/__csp-report', headers: { 'content-type': 'application/csp-report', ...headers } }, (res: IncomingMessage) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, req });
      });
      req.on('error', reject);
      if (body === undefined) req.flushHeaders();
      else req.end(body);
    });
  }

  it('should keep a report and refuse 64 KiB ones, announced or chunked, with 413', async () => {
    const before = demo.cspReports.length;
    expect((await send(Buffer.from(report(1)), {})).status).toBe(204);
    expect(demo.cspReports).toHaveLength(before + 1);
    const big = Buffer.from(JSON.stringify({ 'csp-report': { padding: 'a'.repeat(64 * 1024) } }));
    expect((await send(big, { 'content-length': big.length })).status).toBe(413);
    expect((await send(big, { 'transfer-encoding': 'chunked' })).status).toBe(413);
    expect(demo.cspReports).toHaveLength(before + 1);
  });

  it('should answer 413 from the announced length of 5 MB while the body is still unsent', async () => {
    const { status, req } = await send(undefined, { 'content-length': 5 * 1024 * 1024 });
    expect(status).toBe(413);
    req.destroy();
  });
});
