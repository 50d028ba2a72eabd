// Session tokens for the browser-side tests of "the session's subject": shaped as the proxy's
// (a JWT whose `sub` is the subject) but unsigned. The page reads the subject without verifying
// it (only the proxy verifies), so a stand-in proxy in a test decides by the same claim.

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token for `subject`; `variant` makes another token of the same subject (a renewal). */
export function sessionToken(subject: string, variant = 'first'): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: subject, jti: variant })}.unsigned`;
}

/** The subject of a request's `Payments-Session` token, or undefined. */
export function subjectOfRequest(request: Request): string | undefined {
  const payload = request.headers.get('payments-session')?.split('.')[1];
  if (payload === undefined) return undefined;
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
  return claims.sub;
}
