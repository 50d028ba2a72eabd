/**
 * A webhook signing secret as the payments API's webhook dashboard shows it (`whsec_` then
 * base64), or its base64 part alone (docs/api.md#webhook-signatures).
 */
export type PaymentsWebhookSecret = string;

/** Fewer key bytes than this is a secret cut short while copying, not one the dashboard gave. */
const MIN_SECRET_BYTES = 16;

/**
 * The HMAC keys of the merchant's webhook secrets, in order, or a `TypeError` naming what is
 * wrong: each secret is `whsec_` and standard base64 (the prefix may be left out).
 */
export function webhookKeyBytes(secret: PaymentsWebhookSecret | readonly PaymentsWebhookSecret[], where: string): Uint8Array<ArrayBuffer>[] {
  const list: unknown[] = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? [...(secret as readonly unknown[])] : [];
  if (list.length === 0) throw new TypeError(`${where} must name at least one webhook secret (whsec_…).`);
  return list.map((one, index) => {
    const name = list.length === 1 ? where : `${where}[${String(index)}]`;
    if (typeof one !== 'string') throw new TypeError(`${name} must be a string such as "whsec_…".`);
    const base64 = one.startsWith('whsec_') ? one.slice('whsec_'.length) : one;
    const bytes = decodeBase64(base64);
    if (bytes === undefined || bytes.byteLength < MIN_SECRET_BYTES) {
      throw new TypeError(`${name} is not a webhook secret: copy the whole "whsec_…" value from the webhook dashboard.`);
    }
    return bytes;
  });
}

/** Standard base64 (padding optional) to bytes; `undefined` when it is not base64. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) return undefined;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}
