'use client';
import { useEffect, useLayoutEffect, useRef } from 'react';

// Before the browser paints (no frame shows the previous user's answer); on the server, where
// nothing changes users, an effect that never runs instead of a layout effect React warns about.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Calls `forget` when the provider's session comes to name another user (`identity` from the
 * context, both known): a mutation hook's observer keeps its last answer after the cache lets it
 * go, and that answer was the previous user's (docs/spa.md#when-the-user-changes).
 */
export function useForgetOnUserChange(identity: string | undefined, forget: () => void): void {
  const owner = useRef(identity);
  useBeforePaint(() => {
    const previous = owner.current;
    owner.current = identity;
    if (previous !== undefined && identity !== undefined && previous !== identity) forget();
  }, [identity, forget]);
}
