import type { PaymentsTheme } from '../PaymentsUIContext.js';
import type { HostedFlowStyles } from '../headless/flowStyles.js';

// The colour variables of styles.css a hosted page can use to look like the dashboard.
const FORWARDED_VARIABLES = [
  '--pk-color-surface',
  '--pk-color-surface-subtle',
  '--pk-color-text',
  '--pk-color-text-muted',
  '--pk-color-border',
  '--pk-color-border-strong',
  '--pk-color-accent',
  '--pk-color-on-accent',
  '--pk-color-focus',
  '--pk-color-danger',
] as const;

// Colours only (hex, rgb()/hsl()/oklch() with numbers, names): never url(), quotes or `;`.
const SAFE_VALUE = /^[#(),.%\w\s/-]{1,64}$/;

/**
 * The theme and colour variables in effect on `root`, to forward to the hosted page when
 * `forwardTheme` is set. The nearest `data-pk-theme` wins as in styles.css; `auto` is resolved with
 * `prefers-color-scheme` now, since the page cannot see the dashboard's element.
 */
export function themeStyles(root: Element | null, theme: PaymentsTheme | undefined): HostedFlowStyles {
  const declared = root?.closest('[data-pk-theme]')?.getAttribute('data-pk-theme') ?? theme ?? 'light';
  const dark =
    declared === 'dark' ||
    (declared === 'auto' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  const variables: Record<string, string> = {};
  if (root !== null && typeof getComputedStyle === 'function') {
    const computed = getComputedStyle(root);
    for (const name of FORWARDED_VARIABLES) {
      const value = computed.getPropertyValue(name).trim();
      if (value !== '' && SAFE_VALUE.test(value)) variables[name] = value;
    }
  }
  return { theme: dark ? 'dark' : 'light', variables };
}
