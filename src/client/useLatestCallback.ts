'use client';
import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function whose identity never changes and which always runs the latest `callback`: for the
 * actions a hook returns (stable, so hosts can pass them to memoised children) and for work that
 * finishes later (an answer, a message, a timer) and must see the latest props without
 * re-subscribing. The ref is updated in an insertion effect, before any layout effect or event
 * of the new render can call it, and never during render.
 */
export function useLatestCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
