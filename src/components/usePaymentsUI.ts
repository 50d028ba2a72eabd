'use client';
import { useContext, useMemo } from 'react';
import { usePaymentsContext } from '../client/index.js';
import { PaymentsUIContext, type PaymentsTheme } from './PaymentsUIContext.js';
import { localeDirection } from './messages/matchLocale.js';
import type { MessageOverrides } from './messages/types.js';
import { resolveLocale } from './shared/resolveLocale.js';
import { resolveMessages } from './shared/resolveMessages.js';

/** Per-component overrides of what the provider sets. */
export interface PaymentsUIOverrides {
  /** BCP 47 locale for this component only. */
  locale?: string | undefined;
  /** IANA time zone for this component only. */
  timeZone?: string | undefined;
  /** Message overrides for this component only (merged over the provider's). */
  messages?: MessageOverrides | undefined;
}

export interface PaymentsUI<M> {
  /** The resolved, supported locale (`en` when the one asked for is malformed or unknown). */
  locale: string;
  timeZone: string;
  /** The component's words: its English defaults, with the provider's and the component's overrides. */
  messages: M;
  /** For `data-pk-theme` on the component's root; undefined inherits from the host. */
  theme: PaymentsTheme | undefined;
  /**
   * `lang` and `dir` for the component's root, from `locale`: hyphenation (`hyphens: auto`),
   * quotes and a screen reader's voice follow the kit's words, not the host page's language,
   * and Arabic or Hebrew lay out right to left inside a left-to-right page.
   */
  language: { lang: string; dir: 'ltr' | 'rtl' };
}

/**
 * Locale, time zone, messages and theme for one component: the provider's, overridden by the
 * component's own props. `defaults` are the component's own English words (only those, so a
 * bundle with one component carries no other component's text). Throws, naming `consumer`,
 * outside `<PaymentsProvider>`.
 */
export function usePaymentsUI<M extends object>(
  consumer: string,
  defaults: M,
  overrides: PaymentsUIOverrides = {},
): PaymentsUI<M> {
  const client = usePaymentsContext(consumer);
  const ui = useContext(PaymentsUIContext);
  const locale = resolveLocale(overrides.locale ?? client.locale);
  const timeZone = overrides.timeZone ?? ui?.timeZone ?? 'UTC';
  const providerMessages = ui?.messages;
  const ownMessages = overrides.messages;
  const messages = useMemo(
    () => resolveMessages(defaults, ownMessages ? mergeOverrides(providerMessages, ownMessages) : providerMessages),
    [defaults, providerMessages, ownMessages],
  );
  return { locale, timeZone, messages, theme: ui?.theme, language: { lang: locale, dir: localeDirection(locale) } };
}

/** The component's overrides over the provider's; records are merged entry by entry. */
export function mergeOverrides(under: MessageOverrides | undefined, over: MessageOverrides): MessageOverrides {
  if (!under) return over;
  const merged: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over) as [string, unknown][]) {
    const current = merged[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof current === 'object' && current !== null
        ? { ...current, ...value }
        : value;
  }
  return merged;
}
