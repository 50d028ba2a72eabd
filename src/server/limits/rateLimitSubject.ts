import type { ProxyIncoming } from '../request/ProxyIncoming.js';

/**
 * The client's address as the proxy sees it. With `trustProxy` (the number of proxies in front
 * that append to `X-Forwarded-For`; `true` is one), the entry the nearest trusted proxy wrote:
 * entries to its left were written by the client and prove nothing.
 */
export function clientAddress(incoming: ProxyIncoming, trustProxy: number): string | undefined {
  if (trustProxy > 0) {
    const forwarded = incoming.header('x-forwarded-for');
    if (forwarded !== null) {
      const hops = forwarded.split(',').map((entry) => entry.trim());
      const entry = hops[Math.max(0, hops.length - trustProxy)];
      if (entry) return entry;
    }
  }
  return incoming.clientAddress;
}

/** `trustProxy` as a hop count: `true` is one proxy, `false` or none is zero. */
export function checkTrustProxy(value: boolean | number | undefined): number {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  if (!Number.isInteger(value) || value < 0) {
    throw new TypeError(`createPaymentsProxy: trustProxy must be true, false or the number of proxies in front, got ${String(value)}.`);
  }
  return value;
}
