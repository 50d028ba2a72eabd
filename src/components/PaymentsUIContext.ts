'use client';
import { createContext } from 'react';
import type { MessageOverrides } from './messages/types.js';

/** A colour theme: `auto` follows `prefers-color-scheme`. */
export type PaymentsTheme = 'light' | 'dark' | 'auto';

/** What the ui layer adds to the client layer's context. */
export interface PaymentsUIContextValue {
  messages: MessageOverrides | undefined;
  theme: PaymentsTheme | undefined;
  timeZone: string;
}

/** Internal: read it with `usePaymentsUI`. */
export const PaymentsUIContext = createContext<PaymentsUIContextValue | null>(null);
PaymentsUIContext.displayName = 'PaymentsUIContext';
