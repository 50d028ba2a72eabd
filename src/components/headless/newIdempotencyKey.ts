/**
 * A fresh `Idempotency-Key` for one user action: a UUID v4 (docs/api.md#idempotency). `crypto.randomUUID`
 * exists only in secure contexts, so a dashboard served over plain http (an intranet, a test
 * host) falls back to the same v4 layout built from `crypto.getRandomValues`, which every
 * browser has everywhere. Never `Math.random`: two tabs must not draw the same key.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  // A random (version 4) UUID: the version in the high nibble of byte 6, variant 10 in the top
  // bits of byte 8, as randomUUID() itself writes them.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
