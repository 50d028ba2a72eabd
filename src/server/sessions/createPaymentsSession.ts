import { checkNumberOption } from '../../lib/checkNumberOption.js';
import { CompactSign } from 'jose';
import { paymentsGrantSchema, type PaymentsGrant } from './paymentsGrant.js';
import { importSessionKey, secretBytes, sessionBinding, type PaymentsSessionSecret } from './sessionKeys.js';

const DEFAULT_EXPIRES_IN = 900;
const MAX_EXPIRES_IN = 86_400;

/** Options of {@link createPaymentsSession}. */
export interface PaymentsSessionOptions {
  /**
   * The secret the proxy verifies with (`createPaymentsProxy({ sessions: { secret } })`): at least
   * 32 bytes, from your server environment. Never sent to the browser.
   */
  secret: PaymentsSessionSecret;
  /**
   * The deployment the token is for, exactly as the proxy's `sessions.audience`: a name of your
   * own, such as the deployment's origin. A proxy with another audience refuses the token, even
   * one sharing the secret (staging and production, two tenants). Required.
   *
   * @example
   * audience: 'https://shop.example'
   */
  audience: string;
  /**
   * Who minted the token, e.g. your auth service's name. Optional; a proxy whose
   * `sessions.issuer` is set refuses tokens without it or with another.
   */
  issuer?: string;
  /** Your user's id: who the session speaks for. Confirms' idempotency keys are scoped to it. */
  subject: string;
  /** What the page may do with it; anything not named is refused. */
  allow: PaymentsGrant;
  /** Seconds until the token expires. Default 900 (15 minutes), at most 86 400. */
  expiresIn?: number;
}

/** A minted session: the token for `PaymentsProvider`'s `session`, and when it stops working. */
export interface PaymentsSession {
  token: string;
  /** ISO 8601 time after which the proxy answers 401 `session_expired`. */
  expiresAt: string;
}

/**
 * Mints a payments session on your server: a short-lived token, signed with your secret, that
 * says who the page speaks for and which transactions, intents, flows and metrics it may use.
 * Hand the token to the page (`<PaymentsProvider session={token}>`); the proxy checks it on
 * every call. Runs on Node and edge runtimes alike (Web Crypto).
 *
 * Throws a `TypeError` for a short secret, a missing audience, an empty subject, a grant of the wrong shape or an
 * `expiresIn` outside 1–86 400 seconds.
 *
 * @example
 * const { token } = await createPaymentsSession({
 *   secret: process.env.PAYMENTS_SESSION_SECRET!,
 *   audience: 'https://shop.example', // as the proxy's sessions.audience
 *   subject: user.id,
 *   allow: { transactions: [order.transactionId], paymentIntents: [order.intentId] },
 * });
 */
export async function createPaymentsSession(options: PaymentsSessionOptions): Promise<PaymentsSession> {
  const bytes = secretBytes(options.secret, 'createPaymentsSession: secret');
  const { audience, issuer } = sessionBinding(options, 'createPaymentsSession');
  const { subject } = options;
  if (typeof subject !== 'string' || subject === '' || subject.length > 255) {
    throw new TypeError('createPaymentsSession: subject must be your user\'s id, a non-empty string of at most 255 characters.');
  }
  // In seconds, as the token's exp is.
  const expiresIn = checkNumberOption('createPaymentsSession: expiresIn', options.expiresIn ?? DEFAULT_EXPIRES_IN, 1, MAX_EXPIRES_IN);
  const grant = paymentsGrantSchema.safeParse(options.allow);
  if (!grant.success) {
    throw new TypeError(`createPaymentsSession: allow is not a grant: ${grant.error.issues.map((issue) => `${issue.path.join('.') || 'allow'} ${issue.message}`).join('; ')}.`);
  }
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + expiresIn;
  // The claims written out (jose's JWT builder would only set these same ones), signed by jose.
  const claims = { allow: grant.data, ...(issuer === undefined ? {} : { iss: issuer }), sub: subject, aud: audience, iat: issuedAt, exp: expiresAt };
  // Copied into this realm's Uint8Array, which jose requires: a host's TextEncoder may be another
  // realm's (jsdom's, in a test runner).
  const token = await new CompactSign(Uint8Array.from(new TextEncoder().encode(JSON.stringify(claims))))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(await importSessionKey(bytes));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}
