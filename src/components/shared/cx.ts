/** A class-name part: falsy parts are dropped so conditions can be written inline. */
export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping falsy parts. The kit's own `pk-…` names come first and the
 * host's `className` last, so a host's selector never has to fight ours on order.
 */
export function cx(...parts: readonly ClassValue[]): string {
  let out = '';
  for (const part of parts) {
    if (part) out = out === '' ? part : `${out} ${part}`;
  }
  return out;
}
