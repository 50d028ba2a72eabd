import * as z from 'zod/mini';

/**
 * A string whose values the API shows only in part (docs/api.md#forward-compatibility).
 * Any string is accepted at run time; the type offers the known values for autocompletion
 * while still admitting the rest (`(string & {})` keeps the union from collapsing to string).
 */
export type OpenEnum<Known extends string> = Known | (string & {});

export function openEnum<const Known extends string>(
  // Documentation only: every string is accepted (forward compatibility).
  _known: readonly Known[],
): z.ZodMiniType<OpenEnum<Known>, string> {
  return z.string();
}
