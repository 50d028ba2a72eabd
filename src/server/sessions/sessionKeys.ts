/** A session secret: at least 32 bytes, as a string (its UTF-8 bytes) or the bytes themselves. */
export type PaymentsSessionSecret = string | Uint8Array;

/** The smallest secret accepted: HS256's own key size, so the signature is as strong as its hash. */
export const MIN_SECRET_BYTES = 32;

/**
 * How far ahead of the proxy's clock a token's `iat` may be: the minting server's clock may run a
 * little ahead, but a token issued later than that was not minted now (docs/security.md#token-rules).
 */
export const MAX_CLOCK_SKEW_S = 60;

/** The audience tokens carried before it had to name a deployment: shared by every deployment, so refused. */
const SHARED_AUDIENCE = 'payments-kit';

/** Which deployment a token is for, and who minted it: the same on both sides. */
export interface SessionBinding {
  audience: string;
  issuer: string | undefined;
}

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

/**
 * The `audience` and `issuer` as given, or a `TypeError` saying what to give. The audience is
 * required: with a default, two deployments sharing a secret (staging and production, two
 * tenants) would accept each other's tokens (docs/security.md#one-deployment-per-token).
 */
export function sessionBinding(options: { audience?: unknown; issuer?: unknown }, option: string): SessionBinding {
  const { audience, issuer } = options;
  if (!isClaimText(audience) || audience === SHARED_AUDIENCE) {
    throw new TypeError(
      `${option}.audience must name this deployment, the same on the proxy and in createPaymentsSession, such as its origin ("https://shop.example"): tokens minted for another are refused.`,
    );
  }
  if (issuer !== undefined && !isClaimText(issuer)) {
    throw new TypeError(`${option}.issuer must be a non-empty string of at most 255 characters without control characters, or left out.`);
  }
  return { audience, issuer };
}

function isClaimText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= 255 && !Array.from(value).some((char) => char < ' ' || char === '\x7f');
}

/** An HMAC-SHA-256 key for signing and verifying, imported once (Web Crypto: Node and edge alike). */
export function importSessionKey(bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
