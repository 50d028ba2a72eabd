import { useState } from 'react';

/**
 * Whether this instance has shown its loading state. A "loaded" announcement is only worth
 * making after a wait: a component that renders from the cache (or from server-rendered data)
 * says nothing, so a list of 200 cached rows does not queue 200 "loaded" messages in a screen
 * reader, and the page's text holds no stray "loaded" sentence.
 */
export function useHasWaited(loading: boolean): boolean {
  const [waited, setWaited] = useState(loading);
  // State adjusted while rendering, from what this render shows: no effect and no extra commit
  // (the pattern React documents for storing information from previous renders).
  if (loading && !waited) setWaited(true);
  return waited || loading;
}
