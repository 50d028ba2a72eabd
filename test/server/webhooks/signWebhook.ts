// Signs a webhook as the payments API's sender (Svix) does, with node:crypto: an implementation
// apart from the kit's Web Crypto verifier, so the tests check one against the other.
import { createHmac } from 'node:crypto';

/** A `whsec_` secret from 24 bytes, as the webhook dashboard shows one. */
export const secretOf = (bytes: Buffer): string => `whsec_${bytes.toString('base64')}`;

/** `v1,{base64}` of HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed by the secret's bytes. */
export function signature(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${String(timestamp)}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

export interface Delivery {
  id: string;
  timestamp: number;
  body: string;
  /** Signed with these secrets, one signature each (a rotation sends two). */
  secrets: string[];
  /** Headers to change or leave out (`null`). */
  headers?: Record<string, string | null>;
}

/** The webhook's request, as the sender posts it. */
export function webhookRequest({ id, timestamp, body, secrets, headers = {} }: Delivery, url = 'http://127.0.0.1/api/payments-webhooks'): Request {
  const all: Record<string, string | null> = {
    'content-type': 'application/json',
    'svix-id': id,
    'svix-timestamp': String(timestamp),
    'svix-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
    ...headers,
  };
  const present = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
  return new Request(url, { method: 'POST', headers: present, body });
}
