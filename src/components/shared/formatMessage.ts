import { numberFormat } from './intl.js';
import { resolveLocale } from './resolveLocale.js';

/** The `{name}` placeholders of a template literal type, e.g. `'amount'` for `'Pay {amount}?'`. */
export type MessagePlaceholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | MessagePlaceholders<Rest>
  : never;

/**
 * Values for a template, as text: a number is formatted for the locale first (`formatNumber`),
 * so that no number reaches the page in another script than its neighbours (`ar-EG` writes
 * "الخطوة ١ من ٣" beside "٣ معاملات"). Values for a template: exactly its placeholders when the template is a literal known to the
 * compiler, any names when it is a plain `string` (a catalogue entry or a host's override).
 */
export type MessageValues<T extends string> = string extends T
  ? Readonly<Record<string, string>>
  : Readonly<Record<MessagePlaceholders<T>, string>>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fills `{name}` placeholders: `formatMessage('Step {done} of {total}', { done: formatNumber(1, locale),
 * total: formatNumber(3, locale) })`. A placeholder without a value stays visible as `{name}`, so a
 * wrong override shows up in review instead of silently dropping words. Values are text: numbers,
 * money and dates are formatted for the locale first.
 */
export function formatMessage<const T extends string>(template: T, values: MessageValues<T>): string {
  const lookup = values as Readonly<Record<string, string>>;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    // Own properties only: "{constructor}" must not print Object's constructor.
    const value = Object.hasOwn(lookup, name) ? lookup[name] : undefined;
    return value ?? whole;
  });
}

/** A number written for `locale` (its digits, grouping and decimal sign), as in every string of the kit. */
export function formatNumber(value: number, locale: string | undefined): string {
  return numberFormat(resolveLocale(locale)).format(value);
}
