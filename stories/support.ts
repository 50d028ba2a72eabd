// Helpers shared by the stories (not a story file: the glob only picks up *.stories.tsx).
// Stories read like an integrator's code: they import the kit by its public names only.
import { messagesEn, messagesEs, type PaymentsMessages } from 'payments-kit';
import type { FaultOptions, Sandbox, SandboxFault } from 'payments-kit/testing';
import { expect, waitFor, within } from 'storybook/test';

/**
 * Story parameters that prepare the sandbox before the story renders (`.storybook/preview.tsx`
 * resets it, then calls `prepare`). On a docs page every story shares one page, and so one
 * sandbox: a story that injects faults is shown there in its own iframe (`inline: false`), with
 * its own sandbox, so its fault cannot leak into the stories next to it.
 */
export function sandboxParameters(prepare: (sandbox: Sandbox) => void, height = '320px') {
  return { sandbox: prepare, docs: { story: { inline: false, height } } };
}

/** `sandboxParameters` for one fault on one operation (every matching request, or `times`). */
export function withFault(fault: SandboxFault, options: FaultOptions, height?: string) {
  return sandboxParameters((sandbox) => {
    sandbox.inject(fault, options);
  }, height);
}

/** The sandbox of this story, as the preview's loader hands it over (`loaded.sandbox`). */
export function sandboxOf(context: { loaded: Record<string, unknown> }): Sandbox {
  return context.loaded.sandbox as Sandbox;
}

/**
 * The kit's words in the locale picked in the toolbar, so that play functions assert what the
 * user reads in either language.
 */
export function messagesFor(context: { globals: Record<string, unknown> }): PaymentsMessages {
  const locale = context.globals.locale;
  return typeof locale === 'string' && locale.toLowerCase().startsWith('es') ? messagesEs : messagesEn;
}

/** The toolbar's locale. */
export function localeOf(context: { globals: Record<string, unknown> }): string {
  const locale = context.globals.locale;
  return typeof locale === 'string' ? locale : 'en';
}

/** `{placeholder}` interpolation, as the kit does it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * USD money as the kit shows it: from integer cents, formatted as an exact decimal string (Intl
 * formats strings exactly, so Number.MAX_SAFE_INTEGER cents keeps its last digit).
 */
export function usd(cents: number | bigint, locale: string): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  const decimal = `${value < 0n ? '-' : ''}${String(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
  // The string overload of format() (Intl.NumberFormat v3) is not in TypeScript's lib yet.
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }) as unknown as {
    format: (value: string) => string;
  };
  // Intl puts no-break spaces around the currency in some locales (`1250,00 US$`); matchers
  // compare text with its whitespace collapsed to plain spaces, so this does too.
  return formatter.format(decimal).replace(/\s+/g, ' ');
}

/** The `<dd>` of the field labelled `label` (a `<dt>`) inside `root`. */
export function field(root: HTMLElement, label: string): HTMLElement {
  const term = within(root)
    .getAllByText(label, { selector: 'dt, dt > bdi' })
    .map((element) => element.closest('dt'))
    .find((element) => element !== null);
  const value = term?.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No field labelled “${label}”.`);
  return value;
}

/** Waits until the component root has `data-state` = `state`, and returns it. */
export async function settled(root: HTMLElement, state: string): Promise<HTMLElement> {
  await waitFor(() => expect(root).toHaveAttribute('data-state', state));
  return root;
}
