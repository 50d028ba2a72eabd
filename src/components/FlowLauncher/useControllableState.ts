'use client';
import { useState } from 'react';
import { callSafely } from '../shared/callSafely.js';
import { useLatestCallback } from '../../client/useLatestCallback.js';

/**
 * A value the host may control (`value` + `onChange`) or leave to the component (`defaultValue`),
 * as Radix does for `open` / `defaultOpen` / `onOpenChange`. `set` calls `onChange` when the
 * value changes, in both modes; only an uncontrolled value is stored here.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((value: T) => void) | undefined,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const set = useLatestCallback((next: T) => {
    if (Object.is(next, current)) return;
    if (!controlled) setOwn(next);
    if (onChange) callSafely(() => { onChange(next); });
  });
  return [current, set];
}
