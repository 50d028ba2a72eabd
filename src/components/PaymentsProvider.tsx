'use client';
import { useMemo } from 'react';
import { PaymentsClientProvider, type PaymentsClientProviderProps } from '../client/PaymentsClientProvider.js';
import { PaymentsUIContext, type PaymentsTheme, type PaymentsUIContextValue } from './PaymentsUIContext.js';
import type { MessageOverrides } from './messages/types.js';

/** Props of {@link PaymentsProvider}. */
export interface PaymentsProviderProps extends PaymentsClientProviderProps {
  /**
   * Replaces any of the kit's messages, for every component inside. Records (statuses, steps,
   * error titles…) are merged entry by entry. Placeholders in `{braces}` must be kept.
   */
  messages?: MessageOverrides;
  /**
   * Colour theme of the components inside (`data-pk-theme` on each component's root). Leave it
   * out to inherit a `data-pk-theme` the host sets on an ancestor (default light).
   */
  theme?: PaymentsTheme;
  /** IANA time zone for every date shown, e.g. `Europe/Madrid`. Default `UTC`, so server and browser render the same text. */
  timeZone?: string;
}

/**
 * Gives the kit's components their fetcher, cache, locale, messages and theme. Wrap the part of
 * your app that renders payments components in it. With no props it calls your proxy at
 * `/api/payments`, in English, light theme, dates in UTC. Give it the page's payment session
 * (`session`, minted by your server) or a way to fetch one (`getSession`): the proxy refuses
 * requests without one.
 *
 * @example
 * <PaymentsProvider session={token} getSession={fetchPaymentsSession} locale="es" messages={messagesEs} theme="auto" timeZone="Europe/Madrid">
 *   <TransactionDetail transactionId="1001" />
 * </PaymentsProvider>
 *
 * It extends the client layer's `PaymentsClientProvider` (fetcher, QueryClient, locale) with what only the
 * components need — messages, theme and time zone — so that the hooks stay usable without the
 * components, and the client layer never imports the ui layer (README, Layers).
 */
export function PaymentsProvider({ messages, theme, timeZone = 'UTC', children, ...clientProps }: PaymentsProviderProps) {
  const ui = useMemo<PaymentsUIContextValue>(() => ({ messages, theme, timeZone }), [messages, theme, timeZone]);
  return (
    <PaymentsClientProvider {...clientProps}>
      <PaymentsUIContext.Provider value={ui}>{children}</PaymentsUIContext.Provider>
    </PaymentsClientProvider>
  );
}
