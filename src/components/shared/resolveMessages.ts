import type { MessageOverrides } from '../messages/types.js';

type Entries = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Entries => typeof value === 'object' && value !== null;

/**
 * A record or plural message (`current`) with the entries `value` gives for it. A plural message
 * given with its `other` form is whole in its language and replaces `current` (a Japanese
 * `{ other }` must not keep the English `one`). Inside a record, a plural message is merged the
 * same way (`volumePeriods['30d']`). A plural message given as one string is taken as its
 * `other` form, so a `'30d'` override written when the period was a string keeps its words.
 * Anything else of the wrong shape is ignored.
 */
function mergeEntries(current: Entries, value: unknown): Entries {
  const plural = Object.hasOwn(current, 'other');
  if (plural && typeof value === 'string') return { other: value };
  if (!isObject(value)) return current;
  const whole = plural && typeof value.other === 'string';
  const entries: [string, unknown][] = [];
  for (const [key, entry] of Object.entries(value)) {
    const kept = Object.hasOwn(current, key) ? current[key] : undefined;
    if (isObject(kept)) entries.push([key, mergeEntries(kept, entry)]);
    else if (typeof entry === 'string') entries.push([key, entry]);
  }
  // Built with fromEntries: a `__proto__` key from JSON becomes an own entry, never a prototype.
  return { ...(whole ? {} : current), ...Object.fromEntries(entries) };
}

/**
 * A component's messages: its shipped English words (`base`), with the host's overrides merged
 * on top — typically a whole other catalogue such as `messagesEs`, or a few words. A record or
 * plural override replaces only the entries it names — except a plural message with its `other`
 * form, which is whole in its language and replaces the English one (a Japanese `{ other }` must
 * not keep the English `one`), in a record too (`volumePeriods['30d']`). Keys the component does
 * not use, and values that are not strings, are ignored (a host on plain JS cannot break the text
 * with a typo). Returns `base` itself when there is nothing to override.
 */
export function resolveMessages<M extends object>(base: M, overrides?: MessageOverrides): M {
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides) as [string, unknown][]) {
    if (!Object.hasOwn(base, key)) continue;
    const current = (base as Record<string, unknown>)[key];
    if (typeof current === 'string') {
      if (typeof value === 'string') merged[key] = value;
    } else if (isObject(current)) {
      merged[key] = mergeEntries(current, value);
    }
  }
  return merged as M;
}
