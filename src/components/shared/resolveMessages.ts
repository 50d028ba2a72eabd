import type { MessageOverrides } from '../messages/types.js';

/**
 * A component's messages: its shipped English words (`base`), with the host's overrides merged
 * on top — typically a whole other catalogue such as `messagesEs`, or a few words. A record or
 * plural override replaces only the entries it names — except a plural message with its `other`
 * form, which is whole in its language and replaces the English one (a Japanese `{ other }` must
 * not keep the English `one`). Keys the component does not use, and values that are not
 * strings, are ignored (a host on plain JS cannot break the text with a typo). Returns `base`
 * itself when there is nothing to override.
 */
export function resolveMessages<M extends object>(base: M, overrides?: MessageOverrides): M {
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides) as [string, unknown][]) {
    if (!Object.hasOwn(base, key)) continue;
    const current = (base as Record<string, unknown>)[key];
    if (typeof current === 'string') {
      if (typeof value === 'string') merged[key] = value;
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      const kept = current as Record<string, string>;
      const whole = 'other' in value && typeof value.other === 'string' && Object.hasOwn(kept, 'other');
      merged[key] = { ...(whole ? {} : kept), ...Object.fromEntries(entries) };
    }
  }
  return merged as M;
}
