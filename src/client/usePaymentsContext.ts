'use client';
import { useContext } from 'react';
import { PaymentsContext, type PaymentsContextValue } from './PaymentsContext.js';

/**
 * The fetcher, `QueryClient` and locale of the nearest `<PaymentsProvider>`. Throws when there
 * is none, naming `consumer` (the hook or component that needs it) and the fix, so the host's
 * developer sees what to do rather than a `null` dereference.
 */
export function usePaymentsContext(consumer = 'usePaymentsContext'): PaymentsContextValue {
  const value = useContext(PaymentsContext);
  if (value === null) {
    throw new Error(
      `\`${consumer}\` must be used inside \`<PaymentsProvider>\`; wrap the part of your app that renders payments components in it.`,
    );
  }
  return value;
}
