/**
 * The subject a payment session token speaks for, its `sub` claim, read without verifying it:
 * the proxy verifies every request; the page only tells one subject's state from another's
 * (docs/spa.md#when-the-user-changes). Undefined when the token is not a JWT naming a subject.
 */
export function sessionSubject(token: string): string | undefined {
  try {
    const claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown } | null;
    return typeof claims?.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
