import { decodeBase64 } from './webhookSecrets.js';

/** How far a webhook's timestamp may be from this server's clock, either way, in seconds. */
export const WEBHOOK_TOLERANCE_S = 5 * 60;
/** Longest `svix-id` accepted: it keys the record of deliveries already fanned out. */
const MAX_ID_CHARS = 256;
/** Most signatures looked at in one `svix-signature` header (a rotation sends two or three). */
const MAX_SIGNATURES = 8;
/** An HMAC-SHA256 is this many bytes: any other length cannot match. */
const SIGNATURE_BYTES = 32;

/** The three headers the payments API's webhook sender signs with (docs/api.md#webhook-signatures). */
export interface WebhookSignatureHeaders {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
}

/** Why a delivery was refused: the headers are missing, its time is off, or no signature matches. */
export type WebhookRefusal = 'headers_missing' | 'timestamp_out_of_range' | 'signature_mismatch';

/** Checks one delivery's raw body against its headers: `undefined` when it is genuine, else why not. */
export type WebhookVerifier = (headers: WebhookSignatureHeaders, body: Uint8Array<ArrayBuffer>) => Promise<WebhookRefusal | undefined>;

/**
 * Verifies the payments API's webhooks as its sender signs them (docs/api.md#webhook-signatures):
 * HMAC-SHA256, keyed by the secret's bytes, over `{svix-id}.{svix-timestamp}.{raw body}`, sent as
 * one or more space-separated `v1,{base64}` in `svix-signature`. Any signature that matches any
 * key passes, so the sender's rotation (two signatures) and the merchant's (two secrets) both
 * hold. A timestamp more than {@link WEBHOOK_TOLERANCE_S} from `now()` is refused, so a captured
 * delivery cannot be replayed later.
 *
 * Web Crypto only, for edge runtimes and Node alike; `crypto.subtle.verify` compares the MACs in
 * constant time. The body is checked as bytes, before any parsing.
 */
export function createWebhookVerifier(keyBytes: readonly Uint8Array<ArrayBuffer>[], now: () => number): WebhookVerifier {
  let keys: Promise<CryptoKey[]> | undefined;
  const encoder = new TextEncoder();

  return async function verifyWebhook({ id, timestamp, signature }, body) {
    if (!id || !timestamp || !signature || id.length > MAX_ID_CHARS || !/^[1-9]\d{0,11}$/.test(timestamp)) return 'headers_missing';
    if (Math.abs(now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_S) return 'timestamp_out_of_range';
    const macs = signature
      .split(' ')
      .slice(0, MAX_SIGNATURES)
      .flatMap((part) => {
        const comma = part.indexOf(',');
        if (part.slice(0, comma) !== 'v1') return [];
        const mac = decodeBase64(part.slice(comma + 1));
        return mac?.byteLength === SIGNATURE_BYTES ? [mac] : [];
      });
    if (macs.length === 0) return 'signature_mismatch';

    const prefix = encoder.encode(`${id}.${timestamp}.`);
    const signed = new Uint8Array(prefix.byteLength + body.byteLength);
    signed.set(prefix);
    signed.set(body, prefix.byteLength);
    keys ??= Promise.all(
      keyBytes.map((bytes) => crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])),
    );
    for (const key of await keys) {
      for (const mac of macs) {
        if (await crypto.subtle.verify('HMAC', key, mac, signed)) return undefined;
      }
    }
    return 'signature_mismatch';
  };
}
