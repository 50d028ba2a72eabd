import { jwtVerify } from 'jose';
import type { PaymentsError, SessionErrorCode } from '../../api/index.js';
import { paymentsGrantSchema, type PaymentsSessionClaims } from './paymentsGrant.js';
import { proxyError } from '../proxyError.js';
import { importSessionKey, MAX_CLOCK_SKEW_S, secretBytes, sessionBinding, type SessionBinding } from './sessionKeys.js';
import type { SessionOptions } from './SessionOptions.js';

/** Tokens longer than this are refused unread: a real grant is far shorter. */
const MAX_TOKEN_CHARS = 16 * 1024;
/** How many verified tokens are remembered (a page sends the same token on every call). */
const CACHE_SIZE = 1024;
/** `createPaymentsSession` mints tokens of at most a day: one that claims longer was not minted by it. */
const MAX_LIFETIME_S = 86_400;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Checks a `Payments-Session` header and resolves the session it carries, or throws the 401 to answer. */
export type SessionVerifier = (token: string | null, operation: string) => Promise<PaymentsSessionClaims>;

/** The proxy's `sessions` option, checked: the secrets' bytes (newest first) and the deployment tokens must name. */
export interface SessionConfig extends SessionBinding {
  secrets: Uint8Array<ArrayBuffer>[];
}

/** The proxy's `sessions` option as `resolveProxyConfig` reads it, or a `TypeError` naming what is wrong. */
export function checkSessions(sessions: NonNullable<SessionOptions['sessions']>): SessionConfig {
  const list: unknown[] = Array.isArray(sessions.secret) ? sessions.secret : [sessions.secret];
  if (list.length === 0) throw new TypeError('createPaymentsProxy: sessions.secret must name at least one secret.');
  const secrets = list.map((one) => secretBytes(one, 'createPaymentsProxy: sessions.secret'));
  return { secrets, ...sessionBinding(sessions, 'createPaymentsProxy: sessions') };
}

/**
 * The proxy's side of payment sessions: the token's spelling (canonical base64url only), its
 * signature (HS256 only, with any of the secrets), audience (`aud` the one string of this
 * deployment, never a list) and issuer, age and expiry, and its grant's shape. A verified token is remembered until it expires, so a page's calls cost one HMAC
 * between them, not one each. A refusal's `cause` says why in words, never with the token's
 * claims: `onError` gets it.
 */
export function createSessionVerifier({ secrets, audience, issuer }: SessionConfig): SessionVerifier {
  let keys: Promise<CryptoKey[]> | undefined;
  const verified = new Map<string, { claims: PaymentsSessionClaims; expiresAtMs: number }>();

  const refuse = (code: SessionErrorCode, operation: string, why?: string): PaymentsError => {
    const message = {
      session_required: `${operation} needs a payments session: send the Payments-Session header your server minted with createPaymentsSession.`,
      session_invalid: `The payments session sent with ${operation} is not valid.`,
      session_expired: `The payments session sent with ${operation} has expired: get a new one from your server.`,
    }[code];
    return proxyError(401, code, message, operation, why === undefined ? undefined : new Error(`Payments-Session refused: ${why}.`));
  };

  return async function verifySession(token, operation) {
    if (token === null || token === '') throw refuse('session_required', operation);
    const remembered = verified.get(token);
    if (remembered !== undefined) {
      if (remembered.expiresAtMs > Date.now()) return remembered.claims;
      verified.delete(token);
      throw refuse('session_expired', operation, 'expired');
    }
    if (token.length > MAX_TOKEN_CHARS) throw refuse('session_invalid', operation, 'too long');
    // Before any verification: a decoder that ignores a segment's unused trailing bits would take
    // another spelling of a signed token for that token (test/server/sessions.node.test.ts, "every
    // character position of the signature").
    if (!isCanonicalCompactJws(token)) throw refuse('session_invalid', operation, 'not a compact JWS in canonical base64url');

    keys ??= Promise.all(secrets.map(importSessionKey));
    let signatureFailed = false;
    for (const key of await keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          ...(issuer === undefined ? {} : { issuer }),
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        // Checked here rather than by jose's `audience` option, which also passes a token whose
        // `aud` is a list that merely includes ours (RFC 7519 allows a list): such a token would
        // open every deployment it lists. createPaymentsSession mints one audience, a string;
        // nothing else is this deployment's. The refusal names the proxy's audience for the log.
        if (payload.aud !== audience) throw refuse('session_invalid', operation, `aud is not this proxy's sessions.audience ("${audience}"): mint with that audience`);
        const allow = paymentsGrantSchema.safeParse(payload.allow);
        const { exp, iat } = payload;
        if (!allow.success || typeof payload.sub !== 'string' || payload.sub === '' || exp === undefined || iat === undefined) {
          throw refuse('session_invalid', operation, 'the subject or the grant is not of the shape createPaymentsSession mints');
        }
        // The minting server's clock may run a little ahead, so a fresh token's iat may be a
        // little in the future; the lifetime is read from the token's own claims for the same reason.
        if (iat > Date.now() / 1000 + MAX_CLOCK_SKEW_S) throw refuse('session_invalid', operation, 'issued in the future');
        if (exp - iat > MAX_LIFETIME_S) throw refuse('session_invalid', operation, 'lifetime longer than a day');
        const claims: PaymentsSessionClaims = { subject: payload.sub, allow: allow.data };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch (error) {
        // Only a signature that fails may pass with another secret; the token's other faults
        // are the same whichever secret signed it.
        // jose's errors are told apart by their documented `code`: importing its `errors`
        // namespace would keep every one of its error classes in the server bundle.
        const code = joseErrorCode(error);
        if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
          signatureFailed = true;
          continue;
        }
        if (error instanceof Error && error.name === 'PaymentsError') throw error;
        // jose's errors carry the token's claims (`payload`): only their code goes on.
        if (code === 'ERR_JWT_EXPIRED') throw refuse('session_expired', operation, 'expired');
        throw refuse('session_invalid', operation, code ?? 'unreadable');
      }
    }
    throw refuse('session_invalid', operation, signatureFailed ? 'signed with none of the secrets' : 'unreadable');
  };
}

/**
 * Three non-empty base64url segments, each spelled the one way its bytes encode: no padding, no
 * other characters, and the unused low bits of a segment's last character zero.
 */
function isCanonicalCompactJws(token: string): boolean {
  const segments = token.split('.');
  return segments.length === 3 && segments.every(isCanonicalBase64url);
}

function isCanonicalBase64url(segment: string): boolean {
  const rest = segment.length % 4;
  if (segment === '' || rest === 1 || !/^[\w-]+$/.test(segment)) return false;
  const unusedBits = rest === 2 ? 4 : rest === 3 ? 2 : 0;
  return (BASE64URL.indexOf(segment.charAt(segment.length - 1)) & ((1 << unusedBits) - 1)) === 0;
}

/**
 * The request as `onError` gets it: the `Payments-Session` header's token replaced by
 * `[redacted]`, so logs never hold a bearer token (docs/security.md#what-onerror-receives). The body is left out
 * (the proxy has read it).
 */
export function withoutSessionToken(request: Request, header: string): Request {
  if (!request.headers.has(header)) return request;
  const headers = new Headers(request.headers);
  headers.set(header, '[redacted]');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** The `code` of one of jose's errors (`ERR_JWT_EXPIRED`, …); undefined for any other error. */
function joseErrorCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_J') ? code : undefined;
}
