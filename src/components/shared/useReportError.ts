'use client';
import { useEffect, useRef } from 'react';
import type { PaymentsError } from '../../api/index.js';
import { callSafely } from './callSafely.js';

/**
 * Calls `onError` once per failed load: the ref survives StrictMode's second effect run, and a
 * retry that fails again brings a new error object, which is reported again.
 */
export function useReportError(error: PaymentsError | null, onError: ((error: PaymentsError) => void) | undefined): void {
  const reported = useRef<PaymentsError | null>(null);
  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      if (onError) callSafely(() => { onError(error); });
    }
  }, [error, onError]);
}
