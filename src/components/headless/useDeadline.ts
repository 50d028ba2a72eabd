'use client';
import { useEffect } from 'react';
import { useLatestCallback } from '../../client/useLatestCallback.js';

/** `setTimeout` takes at most 2^31 − 1 ms; a later deadline is re-armed when that wait ends. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Calls `onExpire` once when the wall-clock time `deadline` (ms since the epoch, as `Date.now()`)
 * is reached; nothing while `deadline` is undefined. A deadline already past fires on the next
 * task. The timer is cleared when the deadline changes and on unmount, so nothing fires after.
 */
export function useDeadline(deadline: number | undefined, onExpire: () => void): void {
  const expire = useLatestCallback(onExpire);
  useEffect(() => {
    if (deadline === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const wait = deadline - Date.now();
      timer = setTimeout(wait > MAX_TIMEOUT_MS ? arm : expire, Math.min(MAX_TIMEOUT_MS, Math.max(0, wait)));
    };
    arm();
    return () => {
      clearTimeout(timer);
    };
  }, [deadline, expire]);
}
