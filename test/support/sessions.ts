import { createPaymentsSession, type PaymentsGrant } from 'payments-kit/server';

/** The session secret the server tests configure their proxies with. */
export const SESSION_SECRET = 'test-session-secret-with-32-bytes-at-least';
/** The deployment the tokens are minted for, as the proxy's `sessions.audience`. */
export const SESSION_AUDIENCE = 'https://shop.test';

export interface MintOptions {
  secret?: string;
  audience?: string;
  subject?: string;
  expiresIn?: number;
}

/** A payment session token for `allow`, as a merchant's server mints it (`user_1` unless told). */
export async function mintSession(allow: PaymentsGrant, options: MintOptions = {}): Promise<string> {
  const { secret = SESSION_SECRET, audience = SESSION_AUDIENCE, subject = 'user_1', expiresIn } = options;
  return (await createPaymentsSession({ secret, audience, subject, allow, expiresIn })).token;
}
