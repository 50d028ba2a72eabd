import { errors, jwtVerify } from 'jose';
import type { PaymentsError, SessionErrorCode } from '../api/index.js';
import { paymentsGrantSchema, type PaymentsSessionClaims } from './paymentsGrant.js';
import { proxyError } from './proxyError.js';
import { importSessionKey, secretBytes, SESSION_AUDIENCE } from './sessionKeys.js';


/** Tokens longer than this are refused unread: a real grant is far shorter. */
const MAX_TOKEN_CHARS = 16 * 1024;
/** How many verified tokens are remembered (a page sends the same token on every call). */
const CACHE_SIZE = 1024;
/** `createPaymentsSession` mints tokens of at most a day: one that claims longer was not minted by it. */
const MAX_LIFETIME_S = 86_400;

/** Checks a `Payments-Session` header and resolves the session it carries, or throws the 401 to answer. */
export type SessionVerifier = (token: string | null, operation: string) => Promise<PaymentsSessionClaims>;

/** The secrets as given to the proxy's `sessions.secret`: one, or several while rotating (newest first). */
export function checkSessionSecrets(secret: unknown): Uint8Array<ArrayBuffer>[] {
  const list: unknown[] = Array.isArray(secret) ? secret : [secret];
  if (list.length === 0) throw new TypeError('createPaymentsProxy: sessions.secret must name at least one secret.');
  return list.map((one) => secretBytes(one, 'createPaymentsProxy: sessions.secret'));
}

/**
 * The proxy's side of payment sessions: the token's signature (HS256 only, with any of the
 * secrets), audience, age and expiry, and its grant's shape. A verified token is remembered
 * until it expires, so a page's calls cost one HMAC between them, not one each.
 */
export function createSessionVerifier(secrets: readonly Uint8Array<ArrayBuffer>[]): SessionVerifier {
  let keys: Promise<CryptoKey[]> | undefined;
  const verified = new Map<string, { claims: PaymentsSessionClaims; expiresAtMs: number }>();

  const refuse = (code: SessionErrorCode, operation: string, cause?: unknown): PaymentsError => {
    const message = {
      session_required: `${operation} needs a payments session: send the Payments-Session header your server minted with createPaymentsSession.`,
      session_invalid: `The payments session sent with ${operation} is not valid.`,
      session_expired: `The payments session sent with ${operation} has expired: get a new one from your server.`,
    }[code];
    return proxyError(401, code, message, operation, cause);
  };

  return async function verifySession(token, operation) {
    if (token === null || token === '') throw refuse('session_required', operation);
    const remembered = verified.get(token);
    if (remembered !== undefined) {
      if (remembered.expiresAtMs > Date.now()) return remembered.claims;
      verified.delete(token);
      throw refuse('session_expired', operation);
    }
    if (token.length > MAX_TOKEN_CHARS) throw refuse('session_invalid', operation);

    keys ??= Promise.all(secrets.map(importSessionKey));
    let lastError: unknown;
    for (const key of await keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: SESSION_AUDIENCE,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        // The lifetime is read from the token's own claims, not from this server's clock: the
        // minting server's clock may run a little ahead, and a fresh token must still pass.
        const allow = paymentsGrantSchema.safeParse(payload.allow);
        const { exp, iat } = payload;
        if (!allow.success || typeof payload.sub !== 'string' || payload.sub === '' || exp === undefined || iat === undefined || exp - iat > MAX_LIFETIME_S) {
          throw refuse('session_invalid', operation, allow.error);
        }
        const claims: PaymentsSessionClaims = { subject: payload.sub, allow: allow.data };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch (error) {
        // Only a signature that fails may pass with another secret; the token's other faults
        // are the same whichever secret signed it.
        if (error instanceof errors.JWSSignatureVerificationFailed) {
          lastError = error;
          continue;
        }
        if (error instanceof errors.JWTExpired) throw refuse('session_expired', operation, error);
        if (error instanceof Error && error.name === 'PaymentsError') throw error;
        throw refuse('session_invalid', operation, error);
      }
    }
    throw refuse('session_invalid', operation, lastError);
  };
}
