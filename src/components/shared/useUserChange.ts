'use client';
import { useState } from 'react';

/**
 * Whether the provider's session now names another user than the one this instance last rendered
 * for (`identity` from the context, both known): true in the render that notices it, so the
 * caller drops, in that same render, what it kept for the previous user (an answer shown, an
 * open flow). Nothing of one user is shown to the next (docs/spa.md#when-the-user-changes).
 */
export function useUserChange(identity: string | undefined): boolean {
  const [shownFor, setShownFor] = useState(identity);
  if (shownFor === identity) return false;
  // State adjusted while rendering: no effect, no commit with the previous user's state.
  setShownFor(identity);
  return shownFor !== undefined && identity !== undefined;
}
