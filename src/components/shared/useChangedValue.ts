'use client';
import { useState } from 'react';

/**
 * `value` once it differs from the value this instance showed before for the same `scope` (both
 * defined), else undefined: what changed while the user watched, to announce once. A new
 * `scope` (another id) starts over without a change; the first value is never a change.
 */
export function useChangedValue<T>(value: T | undefined, scope: string): T | undefined {
  const [seen, setSeen] = useState({ scope, value, changed: false });
  if (seen.scope === scope && Object.is(seen.value, value)) return seen.changed ? value : undefined;
  // State adjusted while rendering, from what this render shows: no effect, no extra commit.
  const changed = seen.scope === scope && seen.value !== undefined && value !== undefined;
  setSeen({ scope, value, changed });
  return changed ? value : undefined;
}
