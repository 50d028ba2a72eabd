/** The `{name}` placeholders of a template literal type, e.g. `'amount'` for `'Pay {amount}?'`. */
export type MessagePlaceholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | MessagePlaceholders<Rest>
  : never;

/**
 * Values for a template: exactly its placeholders when the template is a literal known to the
 * compiler, any names when it is a plain `string` (a catalogue entry or a host's override).
 */
export type MessageValues<T extends string> = string extends T
  ? Readonly<Record<string, string | number>>
  : Readonly<Record<MessagePlaceholders<T>, string | number>>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fills `{name}` placeholders: `formatMessage('Step {done} of {total}', { done: 1, total: 3 })`.
 * A placeholder without a value stays visible as `{name}`, so a wrong override shows up in
 * review instead of silently dropping words. Numbers are written with `String()`: format
 * money, dates and large counts for the locale first.
 */
export function formatMessage<const T extends string>(template: T, values: MessageValues<T>): string {
  const lookup = values as Readonly<Record<string, string | number>>;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    // Own properties only: "{constructor}" must not print Object's constructor.
    const value = Object.hasOwn(lookup, name) ? lookup[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}
