/** A session secret: at least 32 bytes, as a string (its UTF-8 bytes) or the bytes themselves. */
export type PaymentsSessionSecret = string | Uint8Array;

/** The smallest secret accepted: HS256's own key size, so the signature is as strong as its hash. */
export const MIN_SECRET_BYTES = 32;

/** The audience every session token carries, so a token the merchant signs for anything else never passes. */
export const SESSION_AUDIENCE = 'payments-kit';

/** The secret's bytes, or a `TypeError` saying what a good one looks like. */
export function secretBytes(secret: unknown, option: string): Uint8Array<ArrayBuffer> {
  // A copy: the caller's array may be reused or zeroed after the proxy was made.
  const bytes =
    typeof secret === 'string' ? new TextEncoder().encode(secret) : secret instanceof Uint8Array ? new Uint8Array(secret) : undefined;
  if (bytes === undefined || bytes.byteLength < MIN_SECRET_BYTES) {
    throw new TypeError(
      `${option} must be at least ${MIN_SECRET_BYTES} bytes (a string or a Uint8Array) from your server environment, such as 32 random bytes in base64.`,
    );
  }
  return bytes;
}

/** An HMAC-SHA-256 key for signing and verifying, imported once (Web Crypto: Node and edge alike). */
export function importSessionKey(bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
